import Foundation
import KairosCapture

// The capture engine's speed, without JSON or process overhead: throughput and per-utterance latency over a
// corpus of everyday utterances, and the latency of a long rambling brain-dump. Prints `name: value` lines.
// Run it through scripts/bench-capture (release build, pinned to one core); `--corpus` prints the text measured.

let lists = ["Inbox", "Home", "Work", "Errands", "Grocery"]
let contexts = [
    ("2026-03-04T14:30:00Z", "America/New_York"), ("2026-06-01T07:15:00Z", "Europe/London"),
    ("2026-10-25T00:45:00Z", "Europe/Berlin"), ("2026-12-31T22:00:00Z", "Asia/Tokyo"),
].map { instant, zone in
    CaptureContext(
        instant: ISO8601DateFormatter().date(from: instant)!, timeZone: TimeZone(identifier: zone)!, lists: lists)
}

let brainDump = """
    um this week is crazy, I need to call the dentist tomorrow morning to move my cleaning, and \
    I have to pick up the dry cleaning before six, oh and remind me to email the teacher about the field \
    trip on friday, uh also we're out of milk and eggs so add milk and eggs to my grocery list, and I \
    should book flights for the conference next week, that's urgent, then the water bill is due on the \
    15th so pay that, and Sam's birthday is saturday so order a cake for Sam by thursday, I gotta \
    water the plants every monday, renew my passport sometime this month, and don't forget to text Jen \
    about dinner tonight at 7, plus the car needs an oil change, schedule that for next saturday at \
    10am, also put batteries on my errands list, and review the quarterly report for work by end \
    of day friday
    """

let engine = CaptureEngine()
let assistant = AssistantEngine()
var corpus = UtteranceCorpus(seed: 2026)
let utterances = corpus.make(2_000)
var assistantCorpus = AssistantCorpus(seed: 2027)
let messages = assistantCorpus.make(2_000)
var taskCount = 0  // printed, so the optimizer keeps every parse

if CommandLine.arguments.contains("--corpus") {
    // What is measured, to read: the corpus, the brain-dump, then the assistant's messages.
    for utterance in utterances + [brainDump] + messages { print(utterance) }
    exit(0)
}

@inline(never)
func parse(_ text: String, _ index: Int) -> Int {
    engine.capture(text, context: contexts[index % contexts.count]).tasks.count
}

@inline(never)
func answer(_ text: String, _ index: Int) -> Int {
    assistant.answer(text, context: contexts[index % contexts.count]).type.utf8.count
}

func nanoseconds() -> UInt64 { DispatchTime.now().uptimeNanoseconds }

func percentile(_ sorted: [UInt64], _ fraction: Double) -> Double {
    Double(sorted[min(sorted.count - 1, Int(Double(sorted.count) * fraction))]) / 1_000_000
}

func milliseconds(_ value: Double) -> String { String(format: "%.4f", value) }

/// Texts per second over whole passes of at least two seconds, each text's time over five passes (sorted), and
/// the sum of what `run` returned, to print.
func measure(_ texts: [String], _ run: (String, Int) -> Int) -> (perSecond: Double, latencies: [UInt64], sum: Int) {
    var sum = 0
    // Warm up: every text once.
    for (index, text) in texts.enumerated() { sum += run(text, index) }
    var done = 0
    let throughputStart = nanoseconds()
    var elapsed: UInt64 = 0
    repeat {
        for (index, text) in texts.enumerated() { sum += run(text, index) }
        done += texts.count
        elapsed = nanoseconds() - throughputStart
    } while elapsed < 2_000_000_000
    var latencies: [UInt64] = []
    latencies.reserveCapacity(texts.count * 5)
    for _ in 0..<5 {
        for (index, text) in texts.enumerated() {
            let start = nanoseconds()
            sum += run(text, index)
            latencies.append(nanoseconds() - start)
        }
    }
    return (Double(done) / (Double(elapsed) / 1_000_000_000), latencies.sorted(), sum)
}

let (perSecond, latencies, parsedTasks) = measure(utterances, parse)
let (messagesPerSecond, messageLatencies, answered) = measure(messages, answer)
taskCount += parsedTasks + answered

var dumpTimes: [UInt64] = []
for run in 0..<2_000 {
    let start = nanoseconds()
    taskCount += parse(brainDump, run)
    dumpTimes.append(nanoseconds() - start)
}
dumpTimes.sort()

// Action items of a 25-message team thread, read whole each time.
let actionEngine = ActionEngine()
let benchThread = BenchThread.thread()
var threadTimes: [UInt64] = []
for _ in 0..<50 { taskCount += actionEngine.actions(in: benchThread).count }
for _ in 0..<1_000 {
    let start = nanoseconds()
    taskCount += actionEngine.actions(in: benchThread).count
    threadTimes.append(nanoseconds() - start)
}
threadTimes.sort()

// The offline summary of a 50-message thread (bullets, decisions, blockers, open questions, next steps).
let summarizer = ThreadSummarizer()
let summaryThread = BenchThread.thread(count: 50)
var summaryTimes: [UInt64] = []
for _ in 0..<50 { taskCount += summarizer.summary(of: summaryThread).summary.count }
for _ in 0..<1_000 {
    let start = nanoseconds()
    taskCount += summarizer.summary(of: summaryThread).summary.count
    summaryTimes.append(nanoseconds() - start)
}
summaryTimes.sort()

// The action items of the same 50-message thread, as `POST /conversations/{id}/actions` reads them offline.
var longThreadTimes: [UInt64] = []
for _ in 0..<1_000 {
    let start = nanoseconds()
    taskCount += actionEngine.actions(in: summaryThread).count
    longThreadTimes.append(nanoseconds() - start)
}
longThreadTimes.sort()

let words = utterances.map { $0.split(separator: " ").count }
let p99 = percentile(latencies, 0.99)
let messageP99 = percentile(messageLatencies, 0.99)
let dumpP99 = percentile(dumpTimes, 0.99)
print("corpus_utterances: \(utterances.count)")
print("corpus_mean_words: \(String(format: "%.1f", Double(words.reduce(0, +)) / Double(words.count)))")
print("corpus_max_words: \(words.max()!)")
print("utterances_per_second: \(Int(perSecond))")
print("latency_p50_ms: \(milliseconds(percentile(latencies, 0.50)))")
print("latency_p99_ms: \(milliseconds(p99))")
print("latency_max_ms: \(milliseconds(Double(latencies.last!) / 1_000_000))")
print("brain_dump_words: \(brainDump.split(separator: " ").count)")
print("brain_dump_tasks: \(engine.capture(brainDump, context: contexts[0]).tasks.count)")
print("brain_dump_p50_ms: \(milliseconds(percentile(dumpTimes, 0.50)))")
print("brain_dump_p99_ms: \(milliseconds(dumpP99))")
let threadP99 = percentile(threadTimes, 0.99)
print("action_thread_messages: \(benchThread.messages.count)")
print("action_thread_actions: \(actionEngine.actions(in: benchThread).count)")
print("action_thread_p50_ms: \(milliseconds(percentile(threadTimes, 0.50)))")
print("action_thread_p99_ms: \(milliseconds(threadP99))")
let summaryP99 = percentile(summaryTimes, 0.99)
print("summary_thread_messages: \(summaryThread.messages.count)")
print("summary_thread_bullets: \(summarizer.summary(of: summaryThread).summary.count)")
print("summary_thread_p50_ms: \(milliseconds(percentile(summaryTimes, 0.50)))")
print("summary_thread_p99_ms: \(milliseconds(summaryP99))")
let longThreadP99 = percentile(longThreadTimes, 0.99)
print("actions_50_messages_actions: \(actionEngine.actions(in: summaryThread).count)")
print("actions_50_messages_p50_ms: \(milliseconds(percentile(longThreadTimes, 0.50)))")
print("actions_50_messages_p99_ms: \(milliseconds(longThreadP99))")
print("assistant_messages: \(messages.count)")
print("assistant_messages_per_second: \(Int(messagesPerSecond))")
print("assistant_latency_p50_ms: \(milliseconds(percentile(messageLatencies, 0.50)))")
print("assistant_latency_p99_ms: \(milliseconds(messageP99))")
print("tasks_parsed: \(taskCount)")
let meetsTargets =
    perSecond >= 20_000 && p99 < 1 && dumpP99 < 2 && threadP99 < 2 && summaryP99 < 5 && longThreadP99 < 5
print(
    "meets_targets: \(meetsTargets ? "yes" : "no")"
        + " (>= 20000/s, p99 < 1 ms, dump < 2 ms, 25-message thread < 2 ms, 50-message summary and actions < 5 ms)"
)
print(
    "assistant_meets_targets: \(messagesPerSecond >= 20_000 && messageP99 < 1 ? "yes" : "no") (>= 20000/s, p99 < 1 ms)"
)

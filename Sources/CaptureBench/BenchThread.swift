import Foundation
import KairosCapture
import KairosCore

/// A 25-message team thread for the action-items benchmark: requests, commitments, needs, answers, claims,
/// hand-offs, completions, questions and chatter, as a busy launch channel has them.
enum BenchThread {
    static let members = ["Alice", "Bob", "Chen", "Dana", "Eli"].map { ActionMember(id: $0.lowercased(), name: $0) }

    static let messages: [(String, String)] = [
        ("Alice", "morning all, launch checklist time 🚀"),
        ("Bob", "I'll fix the login bug tomorrow morning"),
        ("Chen", "someone needs to update the wiki before friday"),
        ("Dana", "@eli can you send the press kit to the journalists by thursday"),
        ("Eli", "sure"),
        ("Alice", "we should renew the domain before the 30th"),
        ("Chen", "good catch, Bob can you do that?"),
        ("Bob", "yes, I'll do it this afternoon"),
        ("Dana", "what time is the demo on friday?"),
        ("Alice", "3pm, in the big room"),
        ("Eli", "I'm going to draft the launch email tonight and schedule the tweets for monday"),
        ("Chen", "Dana, please book the big room for the demo"),
        ("Dana", "👍"),
        ("Bob", "do we have the Q4 numbers yet?"),
        ("Alice", "finance sends them thursday"),
        ("Dana", "room is booked"),
        ("Chen", "can someone order pizza for the demo?"),
        ("Eli", "I can do it at noon"),
        ("Alice", "haha someone needs to tell the cat to stop walking on my keyboard"),
        ("Bob", "login bug fixed, deploying now"),
        ("Chen", "I still need to write the release notes"),
        ("Alice", "@chen could you also check the redirects from the old blog this week"),
        ("Chen", "ok, I'll do it wednesday"),
        ("Eli", "press kit sent"),
        ("Alice", "thanks everyone, have a good evening"),
    ]

    /// The thread's first `count` messages, the 25 said again from the start (two minutes apart throughout)
    /// when more are asked for: 50 is the summary benchmark's two busy days.
    static func thread(count: Int = messages.count) -> ActionThread {
        let zone = TimeZone(identifier: "America/New_York")!
        let start = LocalDateTime(iso: "2026-05-26T09:00")!
        return ActionThread(
            members: members,
            messages: (0..<count).map { messages[$0 % messages.count] }.enumerated().map { index, message in
                ActionMessage(
                    senderID: message.0.lowercased(), sentAt: start.adding(seconds: 120 * index, in: zone),
                    text: message.1)
            },
            timeZone: zone)
    }
}

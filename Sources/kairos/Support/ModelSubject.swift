import KairosCapture
import KairosServer

/// A configured language model as the server uses it: capture split and worded by the model and merged with the
/// engine, and the assistant's reminders likewise; every other answer, and every failure, is the engine's.
struct ModelSubject: EvalSubject {
    let capture: ModelCapture
    let engine = AssistantEngine()

    var name: String { "model" }
    var answersConcurrently: Bool { true }

    func answer(_ evalCase: EvalCase) async -> EvalReply {
        switch evalCase.expected.kind {
        case .capture:
            let result = await capture.capture(evalCase.input, context: evalCase.context, keepUnparsedText: false)
            return EvalReply(
                answer: .tasks(result.tasks), fallbackReason: result.model?.used == false ? result.model?.reason : nil)
        case .assistant:
            let reading = engine.answer(evalCase.input, context: evalCase.context)
            let refined = await capture.refine(reading, of: evalCase.input, context: evalCase.context)
            return EvalReply(
                answer: .assistant(refined.answer),
                fallbackReason: refined.model?.used == false ? refined.model?.reason : nil)
        }
    }
}

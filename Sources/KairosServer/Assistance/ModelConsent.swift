import KairosCapture
import KairosCore

/// Whether anything of a user's may be sent to the server's language model: only when the server has one and
/// the user has not turned it off (`ai_enabled`). Every path to a model asks here first.
enum ModelConsent<Model> {
    case allowed(Model)
    /// Why not, as the answer's `model.reason` says it.
    case refused(ModelUse)

    init(model: Model?, user: User) {
        if let model {
            self = user.aiEnabled ? .allowed(model) : .refused(.optedOut)
        } else {
            self = .refused(.off)
        }
    }
}

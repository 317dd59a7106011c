import Hummingbird
import KairosAI
import KairosCore

/// `/ai`: whether a language model is configured, so clients know what the assistant can do.
struct AIController {
    let model: (any LanguageModel)?

    func addRoutes(to group: RouterGroup<AuthenticatedContext>) {
        group.get("ai") { _, _ -> AIStatus in
            guard let identity = model?.identity else { return AIStatus(enabled: false) }
            return AIStatus(enabled: true, provider: identity.provider.rawValue, model: identity.model)
        }
    }
}

extension AIStatus: JSONResponseGenerator {}

/// `POST /api/v1/auth/oidc/confirm`: the one-time code the provider's redirect left in the web app's address.
public struct ProviderSignInConfirmRequest: Codable, Sendable {
    public var code: String

    public init(code: String) {
        self.code = code
    }

    public enum CodingKeys: String, CodingKey, CaseIterable {
        case code
    }
}

/// `GET /api/v1/auth/providers`: the identity providers people may sign in with here, for the sign-in screen.
public struct SignInProviders: Decodable, Sendable, JSONWritable {
    /// One provider: what its button says and where it starts.
    public struct Provider: Decodable, Sendable, Equatable {
        public var id: String
        public var name: String
        public var startURL: String

        public init(id: String, name: String, startURL: String) {
            self.id = id
            self.name = name
            self.startURL = startURL
        }

        public enum CodingKeys: String, CodingKey {
            case id, name
            case startURL = "start_url"
        }
    }

    public var providers: [Provider]

    public init(providers: [Provider]) {
        self.providers = providers
    }

    public func write(to json: inout JSONWriter) {
        json.object { json in
            json.key("providers")
            json.array(providers) { json, provider in
                json.object { json in
                    json.key("id"); json.string(provider.id)
                    json.key("name"); json.string(provider.name)
                    json.key("start_url"); json.string(provider.startURL)
                }
            }
        }
    }
}

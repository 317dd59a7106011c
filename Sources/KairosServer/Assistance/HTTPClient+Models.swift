import AsyncHTTPClient

extension HTTPClient {
    /// A client for a model vendor: it never follows a redirect (which would carry the key's header to wherever
    /// it points) and gives up connecting after five seconds. Shut it down when done.
    public static func forModels() -> HTTPClient {
        var configuration = HTTPClient.Configuration()
        configuration.redirectConfiguration = .disallow
        configuration.timeout.connect = .seconds(5)
        return HTTPClient(eventLoopGroupProvider: .singleton, configuration: configuration)
    }
}

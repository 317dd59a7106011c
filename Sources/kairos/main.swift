import KairosServer

let app = try await buildApplication(ServerConfiguration())
try await app.runService()

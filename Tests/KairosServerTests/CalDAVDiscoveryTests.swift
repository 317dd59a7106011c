import Foundation
import HTTPTypes
import Hummingbird
import KairosCore
import Testing

extension TestAPI {
    /// A PROPFIND as a CalDAV client sends it: Basic with `email` and the token as app password, unless told.
    func propfind(
        _ path: String, depth: String = "0", body: String? = nil, email: String? = nil, password: String? = nil
    ) async throws -> Reply {
        var headers: HTTPFields = [.init("Depth")!: depth]
        let login = "\(email ?? me.email):\(password ?? token ?? "")"
        headers[.authorization] = "Basic " + Data(login.utf8).base64EncodedString()
        if body != nil { headers[.contentType] = "application/xml; charset=utf-8" }
        return try await send(.init("PROPFIND")!, path, body: body.map { Data($0.utf8) }, headers: headers)
    }
}

/// Adding Kairos as a CalDAV account: the well-known address, signing in with an app password, the principal,
/// the calendar home, and one calendar per project the person can see, writable as their role allows.
@Suite struct CalDAVDiscoveryTests {
    static let askHome = """
        <?xml version="1.0"?>
        <d:propfind xmlns:d="DAV:" xmlns:c="urn:ietf:params:xml:ns:caldav">
          <d:prop><d:current-user-principal/><c:calendar-home-set/><d:displayname/><x:nothing xmlns:x="urn:x"/></d:prop>
        </d:propfind>
        """

    @Test func aClientFindsThePrincipalAndItsCalendarHomeFromTheWellKnownAddress() async throws {
        try await withAda { ada in
            let anonymous = ada.with(token: nil)
            let wellKnown = try await anonymous.send(.init("PROPFIND")!, "/.well-known/caldav")
            #expect(wellKnown.status == .movedPermanently && wellKnown.headers[.location] == "/dav/")

            let unsigned = try await anonymous.send(.init("PROPFIND")!, "/dav/")
            #expect(unsigned.status == .unauthorized)
            #expect(unsigned.headers[.wwwAuthenticate]?.hasPrefix("Basic realm=\"Kairos\"") == true)
            let options = try await anonymous.send(.options, "/dav/calendars/\(ada.me.id)/")
            #expect(options.status == .ok && options.headers[.init("DAV")!] == "1, 3, calendar-access")

            // The server's bare address answers as /dav/ does, for clients given only that.
            for start in ["/", "/dav/"] {
                let root = try await ada.propfind(start, body: Self.askHome)
                #expect(root.status.code == 207)
                #expect(root.text.contains("<d:current-user-principal><d:href>/dav/principals/\(ada.me.id)/</d:href>"))
                #expect(root.text.contains(#"<d:status>HTTP/1.1 404 Not Found</d:status>"#))
            }
            let principal = try await ada.propfind("/dav/principals/\(ada.me.id)/", body: Self.askHome)
            #expect(principal.text.contains("<c:calendar-home-set><d:href>/dav/calendars/\(ada.me.id)/</d:href>"))
            #expect(principal.text.contains("<d:displayname>Ada</d:displayname>"))
            // What it lacks is listed as not found, in its own namespace.
            #expect(principal.text.contains(#"<x:nothing xmlns:x="urn:x"/></d:prop><d:status>HTTP/1.1 404 Not Found"#))
        }
    }

    @Test func eachProjectTheyCanSeeIsACalendarOfToDos() async throws {
        try await withSharedLaunch { ada, bob, carol, dave, launch in
            let home = "/dav/calendars/\(carol.me.id)/"
            let listing = try await carol.propfind(home, depth: "1")
            #expect(listing.status.code == 207)
            #expect(listing.text.contains("<d:href>\(home)</d:href>"))
            let inbox = try await carol.get("projects").object?["results"] as? [[String: Any]]
            let inboxID = try #require(inbox?.first { $0["inbox_project"] as? Bool == true }?["id"] as? String)
            #expect(listing.text.contains("<d:href>\(home)\(inboxID)/</d:href>"))
            #expect(listing.text.contains("<d:href>\(home)\(launch.id)/</d:href>"))
            #expect(listing.text.contains("<d:displayname>Launch</d:displayname>"))
            #expect(listing.text.contains(#"<c:supported-calendar-component-set><c:comp name="VTODO"/>"#))
            #expect(listing.text.contains("<ic:calendar-color>#808080</ic:calendar-color>"))

            // A commenter reads the list; an editor also writes to it.
            let carolsLaunch = try await carol.propfind("\(home)\(launch.id)/")
            #expect(carolsLaunch.text.contains("<d:read/>") && !carolsLaunch.text.contains("<d:write-content/>"))
            let bobsLaunch = try await bob.propfind("/dav/calendars/\(bob.me.id)/\(launch.id)/")
            #expect(bobsLaunch.text.contains("<d:read/>") && bobsLaunch.text.contains("<d:write-content/>"))

            // Depth 0 is the home alone; someone else's home or a project they can't see is not found.
            let alone = try await carol.propfind(home, depth: "0")
            #expect(!alone.text.contains("\(home)\(launch.id)/"))
            #expect(try await dave.propfind(home).status == .notFound)
            #expect(try await dave.propfind("/dav/calendars/\(dave.me.id)/\(launch.id)/").status == .notFound)
            _ = ada
        }
    }

    @Test func theAppPasswordMustBeTheAccountsOwnAndTheBodyWellFormed() async throws {
        try await withAdaBobAndCarol { ada, bob, _ in
            let made = try expectOK(try await ada.post("tokens", json: #"{"name": "iPhone"}"#), .created, as: TokenCreatedResponse.self)
            #expect(try await ada.propfind("/dav/", password: made.token).status.code == 207)
            #expect(try await ada.propfind("/dav/", password: "kai_wrong").status == .unauthorized)
            // Bob's token with Ada's email signs no one in.
            #expect(try await ada.propfind("/dav/", password: bob.token).status == .unauthorized)
            #expect(try await ada.propfind("/dav/", email: "ADA@example.com", password: made.token).status.code == 207)
            try expectNoContent(try await ada.delete("tokens/\(made.info.id)"))
            #expect(try await ada.propfind("/dav/", password: made.token).status == .unauthorized)

            let broken = try await ada.propfind("/dav/", body: "<d:propfind xmlns:d=\"DAV:\"><d:prop>")
            expectError(broken, .badRequest, code: "bad_request", mentioning: "not well-formed XML")
            let wrong = try await ada.propfind("/dav/", body: #"<d:report xmlns:d="DAV:"/>"#)
            expectError(wrong, .badRequest, code: "bad_request", mentioning: "propfind")
        }
    }
}

import Crypto
import Foundation
import HTTPTypes
import KairosCore
import KairosServer
import Logging
import Testing

@Suite("Attachments")
struct AttachmentTests {
    /// Every file under the data folder's `attachments`, as paths relative to it.
    private func storedFiles(_ api: TestAPI) throws -> [String] {
        let root = api.dataFolder.appendingPathComponent("attachments")
        let walker = FileManager.default.enumerator(atPath: root.path)
        var files: [String] = []
        while let path = walker?.nextObject() as? String {
            var isFolder: ObjCBool = false
            FileManager.default.fileExists(atPath: root.appendingPathComponent(path).path, isDirectory: &isFolder)
            if !isFolder.boolValue { files.append(path) }
        }
        return files.sorted()
    }

    private func sha256(_ data: Data) -> String {
        SHA256.hash(data: data).map { String(format: "%02x", $0) }.joined()
    }

    @Test("Uploads no message took for a day are swept with their file, unless another upload shares it")
    func unpostedSweep() async throws {
        try await withAdaBobAndCarol { ada, bob, _ in
            let dm = try await ada.directMessage(with: bob)
            let sweeper = AttachmentSweeper(
                store: ada.store,
                files: try AttachmentFiles(folder: ada.dataFolder.appendingPathComponent("attachments").path),
                clock: ada.clock.serverClock, logger: Logger(label: "test"))
            let forgotten = try await ada.upload(SampleFile.pdf, name: "forgotten.pdf")
            let shared = try await ada.upload(SampleFile.gif, name: "one.gif")
            let posted = try await ada.upload(SampleFile.gif, name: "two.gif")
            try expectOK(try await ada.sendReply("", attachmentIDs: [posted.id], to: dm.id), as: PostedMessage.self)

            ada.clock.now += AttachmentSweeper.unpostedLifetime - 60
            #expect(try await sweeper.sweep() == 0)
            let fresh = try await ada.upload(SampleFile.png(width: 2, height: 2), name: "fresh.png")
            ada.clock.now += 120
            #expect(try await sweeper.sweep() == 2)

            expectError(try await ada.download(forgotten.id), .notFound, code: "not_found")
            expectError(try await ada.download(shared.id), .notFound, code: "not_found")
            #expect(try await bob.download(posted.id).status == .ok)
            #expect(try await ada.download(fresh.id).status == .ok)
            #expect(
                try storedFiles(ada)
                    == [posted.sha256, fresh.sha256].map { "\($0.prefix(2))/\($0)" }.sorted())
        }
    }

    @Test("The type comes from the content, not the name; images report their size")
    func typedByContent() async throws {
        try await withAda { ada in
            let png = SampleFile.png(width: 640, height: 480)
            let reply = try await ada.uploadReply(png, name: "scan.pdf", contentType: "application/pdf")
            #expect(reply.status == .created, "\(reply)")
            let object = try #require(reply.object)
            #expect(Set(object.keys) == ["id", "name", "mime_type", "size", "sha256", "width", "height", "url"])
            #expect(object["name"] as? String == "scan.pdf")
            #expect(object["mime_type"] as? String == "image/png")
            #expect(object["size"] as? Int == png.count)
            #expect(object["sha256"] as? String == sha256(png))
            #expect(object["width"] as? Int == 640 && object["height"] as? Int == 480)
            #expect(object["url"] as? String == "/api/v1/attachments/\(object["id"] as? String ?? "")")

            let pdf = try await ada.uploadReply(SampleFile.pdf, name: "photo.png", contentType: "image/png")
            #expect(pdf.status == .created)
            #expect(pdf.object?["mime_type"] as? String == "application/pdf")
            #expect(pdf.object?["width"] == nil && pdf.object?["height"] == nil)

            let expected: [(Data, MediaType, ImageDimensions?)] = [
                (SampleFile.jpeg(width: 1024, height: 768), .jpeg, ImageDimensions(width: 1024, height: 768)),
                (SampleFile.gif, .gif, ImageDimensions(width: 32, height: 16)),
                (SampleFile.webp, .webp, ImageDimensions(width: 300, height: 200)),
                (SampleFile.heic, .heic, nil),
            ]
            for (data, type, dimensions) in expected {
                let attachment = try await ada.upload(data, name: "file.bin")
                #expect(attachment.mediaType == type)
                #expect(attachment.dimensions == dimensions)
            }
        }
    }

    @Test("A program renamed .png, plain text and an empty body are 415, and nothing is kept")
    func refusesOtherContent() async throws {
        try await withAda { ada in
            let bodies = [
                (SampleFile.program, "holiday.png"), (Data("just some notes\n".utf8), "notes.pdf"),
                (Data(), "empty.png"),
            ]
            for (data, name) in bodies {
                let reply = try await ada.uploadReply(data, name: name, contentType: "image/png")
                expectError(reply, .unsupportedMediaType, code: "unsupported_media_type", mentioning: "PDF")
            }
            #expect(try storedFiles(ada).isEmpty)
        }
    }

    @Test("A body one byte over 25 MiB is 413 and leaves nothing; exactly 25 MiB is taken")
    func sizeLimit() async throws {
        try await withAda { ada in
            var tooBig = SampleFile.pdf
            tooBig.append(Data(repeating: 0x20, count: Limits.attachmentBytes + 1 - tooBig.count))
            expectError(
                try await ada.uploadReply(tooBig, name: "big.pdf"), .contentTooLarge, code: "payload_too_large",
                mentioning: "25 MiB")
            #expect(try storedFiles(ada).isEmpty)

            let fits = tooBig.prefix(Limits.attachmentBytes)
            let attachment = try await ada.upload(Data(fits), name: "fits.pdf")
            #expect(attachment.size == Limits.attachmentBytes)
            #expect(try storedFiles(ada) == ["\(attachment.sha256.prefix(2))/\(attachment.sha256)"])
        }
    }

    @Test("Names lose paths, control and invisible characters, and are cut to 255 keeping the extension")
    func namesAreSanitised() async throws {
        try await withAda { ada in
            let cases = [
                ("../../etc/passwd.png", "passwd.png"),
                ("C:\\Users\\ada\\Desktop\\plan.png", "plan.png"),
                ("bad\u{0}\nname\u{7}.png", "badname.png"),
                ("invoice\u{202E}gnp.exe", "invoicegnp.exe"),
                ("  .hidden.png ", "hidden.png"),
                (String(repeating: "é", count: 300) + ".png", String(repeating: "é", count: 251) + ".png"),
            ]
            for (raw, expected) in cases {
                #expect(try await ada.upload(SampleFile.png(), name: raw).name == expected)
            }
            for raw in ["../", "\u{202E}", " . "] {
                expectError(
                    try await ada.uploadReply(SampleFile.png(), name: raw), .badRequest, code: "invalid_field",
                    mentioning: "name")
            }
            expectError(
                try await ada.uploadReply(SampleFile.png(), name: nil), .badRequest, code: "invalid_field",
                mentioning: "name")
            #expect(try storedFiles(ada).count == 1)
        }
    }

    @Test("The same content uploaded twice is one file on disk and two uploads")
    func deduplicatedOnDisk() async throws {
        try await withAdaBobAndCarol { ada, bob, _ in
            let first = try await ada.upload(SampleFile.jpeg(), name: "a.jpg")
            let second = try await bob.upload(SampleFile.jpeg(), name: "b.jpg")
            #expect(first.id != second.id)
            #expect(first.sha256 == second.sha256)
            #expect((first.name, second.name) == ("a.jpg", "b.jpg"))
            #expect(try storedFiles(ada) == ["\(first.sha256.prefix(2))/\(first.sha256)"])
        }
    }

    @Test("A message carries files, with or without text; history and events list them in order")
    func messagesCarryAttachments() async throws {
        try await withAdaBobAndCarol { ada, bob, _ in
            let group = try await ada.group("Trip", with: [bob])
            let photo = try await ada.upload(SampleFile.png(), name: "beach.png")
            let ticket = try await ada.upload(SampleFile.pdf, name: "ferry ticket.pdf")
            let reply = try await ada.sendReply("", attachmentIDs: [ticket.id, photo.id], to: group.id)
            let posted = try expectOK(reply, as: PostedMessage.self)
            #expect(posted.message.text == "")
            #expect(posted.message.attachments == [ticket.summary, photo.summary])
            let wire = try #require((reply.object?["attachments"] as? [[String: Any]])?.first)
            #expect(Set(wire.keys) == ["id", "name", "mime_type", "size", "url"])
            #expect(wire["url"] as? String == "/api/v1/attachments/\(ticket.id)")
            #expect(wire["mime_type"] as? String == "application/pdf")

            let captioned = try expectOK(
                try await ada.sendReply(
                    "the view", attachmentIDs: [try await ada.upload(SampleFile.gif, name: "view.gif").id],
                    to: group.id),
                as: PostedMessage.self)
            #expect(captioned.message.attachments.map(\.name) == ["view.gif"])

            let history = try await bob.history(group.id)
            #expect(
                history.prefix(2).map { $0.attachments.map(\.name) } == [
                    ["view.gif"], ["ferry ticket.pdf", "beach.png"],
                ])
            #expect(try await bob.send("no files", to: group.id).message.attachments.isEmpty)
            let events = try expectOK(try await bob.get("events"), as: Page<UserEvent>.self).results
            #expect(events.compactMap(\.message).contains { $0.attachments == [ticket.summary, photo.summary] })
        }
    }

    @Test("Bad attachment_ids are a 400 naming the field and post nothing")
    func badAttachmentIDsChangeNothing() async throws {
        try await withAdaBobAndCarol { ada, bob, _ in
            let group = try await ada.group("Trip", with: [bob])
            let mine = try await ada.upload(SampleFile.png(), name: "mine.png")
            let bobs = try await bob.upload(SampleFile.png(), name: "bobs.png")
            let posted = try await ada.upload(SampleFile.gif, name: "posted.gif")
            try expectOK(try await ada.sendReply("", attachmentIDs: [posted.id], to: group.id), as: PostedMessage.self)
            let before = try await ada.history(group.id)

            let refused: [([String], String, String)] = [
                ([mine.id, bobs.id], "", "attachment_ids[1]"),
                ([mine.id, posted.id], "hi", "attachment_ids[1]"),
                (["424242"], "hi", "attachment_ids[0]"),
                (["not-an-id"], "hi", "attachment_ids[0]"),
                ([mine.id, mine.id], "hi", "attachment_ids[1]"),
                (Array(repeating: mine.id, count: 11), "hi", "attachment_ids"),
                ([], "  ", "text"),
            ]
            for (ids, text, field) in refused {
                let reply = try await ada.sendReply(text, attachmentIDs: ids, to: group.id)
                expectError(reply, .badRequest, code: "invalid_field", mentioning: field)
            }
            #expect(try await ada.history(group.id) == before)
            #expect(try await bob.download(mine.id).status == .notFound)

            let later = try expectOK(
                try await ada.sendReply("after all", attachmentIDs: [mine.id], to: group.id), as: PostedMessage.self)
            #expect(later.message.attachments.map(\.id) == [mine.id])
        }
    }

    @Test("A retried send with the same client_id returns the first message and its files")
    func idempotentSendWithFiles() async throws {
        try await withAdaBobAndCarol { ada, bob, _ in
            let group = try await ada.group("Trip", with: [bob])
            let photo = try await ada.upload(SampleFile.png(), name: "a.png")
            let request = MessageSendRequest(text: "", clientID: "retry-1", attachmentIDs: [photo.id])
            let first = try expectOK(
                try await ada.post("conversations/\(group.id)/messages", request), as: PostedMessage.self)
            let again = try expectOK(
                try await ada.post("conversations/\(group.id)/messages", request), as: PostedMessage.self)
            #expect(again.message == first.message)
            #expect(try await ada.history(group.id).filter { !$0.attachments.isEmpty }.count == 1)
        }
    }

    @Test("The uploader and current members may download; others, removed members included, get 404")
    func whoMayDownload() async throws {
        try await withAdaBobAndCarol { ada, bob, carol in
            let group = try await ada.group("Trip", with: [bob])
            let png = SampleFile.png(width: 3, height: 2)
            let photo = try await ada.upload(png, name: "Plage d'été \"1\".png")

            #expect(try await ada.download(photo.id).data == png)
            for outsider in [bob, carol] {
                expectError(try await outsider.download(photo.id), .notFound, code: "not_found")
            }

            try expectOK(try await ada.sendReply("", attachmentIDs: [photo.id], to: group.id), as: PostedMessage.self)
            let reply = try await bob.download(photo.id)
            #expect(reply.status == .ok)
            #expect(reply.data == png)
            #expect(reply.headers[.contentType] == "image/png")
            #expect(reply.headers[.contentLength] == String(png.count))
            #expect(
                reply.headers[.contentDisposition]
                    == "inline; filename=\"Plage d'_t_ _1_.png\"; filename*=UTF-8''Plage%20d%27%C3%A9t%C3%A9%20%221%22.png"
            )
            #expect(reply.headers[HTTPField.Name("X-Content-Type-Options")!] == "nosniff")
            #expect(reply.headers[.cacheControl] == "private, max-age=31536000, immutable")
            #expect(reply.headers[.eTag] == "\"\(photo.sha256)\"")
            expectError(try await carol.download(photo.id), .notFound, code: "not_found")
            expectError(try await carol.download("424242"), .notFound, code: "not_found")

            try expectNoContent(try await ada.delete("conversations/\(group.id)/members/\(bob.me.id)"))
            expectError(try await bob.download(photo.id), .notFound, code: "not_found")
            #expect(try await ada.download(photo.id).status == .ok)
        }
    }

    @Test("A download answers 304 to a matching If-None-Match, and 200 otherwise")
    func notModified() async throws {
        try await withAda { ada in
            let photo = try await ada.upload(SampleFile.png(), name: "a.png")
            for header in ["\"\(photo.sha256)\"", "W/\"\(photo.sha256)\"", "\"other\", \"\(photo.sha256)\"", "*"] {
                let reply = try await ada.download(photo.id, ifNoneMatch: header)
                #expect(reply.status == .notModified, "\(header)")
                #expect(reply.data.isEmpty)
                #expect(reply.headers[.eTag] == "\"\(photo.sha256)\"")
            }
            #expect(try await ada.download(photo.id, ifNoneMatch: "\"other\"").status == .ok)
        }
    }

    @Test("Files-only messages edit to add text, become tasks named after their files, and cannot gain files")
    func filesOnlyMessages() async throws {
        try await withAdaBobAndCarol { ada, bob, _ in
            let group = try await ada.group("Trip", with: [bob])
            let ticket = try await ada.upload(SampleFile.pdf, name: "ticket.pdf")
            let message = try expectOK(
                try await ada.sendReply("", attachmentIDs: [ticket.id], to: group.id), as: PostedMessage.self
            ).message
            let task = try expectOK(try await bob.post("messages/\(message.id)/task"), as: TaskItem.self)
            #expect(task.content == "ticket.pdf")

            let edited = try expectOK(
                try await ada.post("messages/\(message.id)", MessageSendRequest(text: "our ticket")),
                as: PostedMessage.self)
            #expect(edited.message.text == "our ticket")
            #expect(edited.message.attachments == [ticket.summary])
            try expectOK(
                try await ada.post("messages/\(message.id)", MessageSendRequest(text: "")), as: PostedMessage.self)
            let another = try await ada.upload(SampleFile.gif, name: "b.gif")
            expectError(
                try await ada.post(
                    "messages/\(message.id)", MessageSendRequest(text: "x", attachmentIDs: [another.id])),
                .badRequest, code: "invalid_field", mentioning: "attachment_ids")
        }
    }
}

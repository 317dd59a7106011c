/// A file someone uploaded (an image or a PDF), as the upload answers it.
public struct Attachment: Decodable, Hashable, Sendable {
    public var id: String
    /// The file's name, cleaned of paths and invisible characters.
    public var name: String
    /// Decided from the file's content, not its name.
    public var mediaType: MediaType
    /// In bytes.
    public var size: Int
    /// The SHA-256 of the content, lowercase hex; also the download's ETag.
    public var sha256: String
    /// An image's size in pixels, when its header states it.
    public var dimensions: ImageDimensions?

    public init(
        id: String, name: String, mediaType: MediaType, size: Int, sha256: String, dimensions: ImageDimensions?
    ) {
        self.id = id
        self.name = name
        self.mediaType = mediaType
        self.size = size
        self.sha256 = sha256
        self.dimensions = dimensions
    }

    /// Where the file is downloaded from, relative to the server.
    public var url: String { Self.url(id: id) }

    /// The download path of the attachment `id`.
    public static func url(id: String) -> String { "/api/v1/attachments/\(id)" }

    /// The attachment as a message lists it.
    public var summary: MessageAttachment {
        MessageAttachment(id: id, name: name, mediaType: mediaType, size: size)
    }

    enum CodingKeys: String, CodingKey {
        case id, name, size, sha256, width, height
        case mediaType = "mime_type"
    }

    public init(from decoder: any Decoder) throws {
        let c = try decoder.container(keyedBy: CodingKeys.self)
        id = try c.decode(String.self, forKey: .id)
        name = try c.decode(String.self, forKey: .name)
        mediaType = try c.decode(MediaType.self, forKey: .mediaType)
        size = try c.decode(Int.self, forKey: .size)
        sha256 = try c.decode(String.self, forKey: .sha256)
        if let width = try c.decodeIfPresent(Int.self, forKey: .width),
            let height = try c.decodeIfPresent(Int.self, forKey: .height)
        {
            dimensions = ImageDimensions(width: width, height: height)
        }
    }
}

/// A file as a message lists it.
public struct MessageAttachment: Decodable, Hashable, Sendable {
    public var id: String
    public var name: String
    public var mediaType: MediaType
    /// In bytes.
    public var size: Int

    public init(id: String, name: String, mediaType: MediaType, size: Int) {
        self.id = id
        self.name = name
        self.mediaType = mediaType
        self.size = size
    }

    /// Where the file is downloaded from, relative to the server.
    public var url: String { Attachment.url(id: id) }

    enum CodingKeys: String, CodingKey {
        case id, name, size
        case mediaType = "mime_type"
    }
}

extension Attachment: JSONWritable {
    public func write(to json: inout JSONWriter) {
        json.object { json in
            json.key("id"); json.string(id)
            json.key("name"); json.string(name)
            json.key("mime_type"); json.string(mediaType.mimeType)
            json.key("size"); json.int(size)
            json.key("sha256"); json.string(sha256)
            if let dimensions {
                json.key("width"); json.int(dimensions.width)
                json.key("height"); json.int(dimensions.height)
            }
            json.key("url"); json.string(url)
        }
    }
}

extension MessageAttachment: JSONWritable {
    public func write(to json: inout JSONWriter) {
        json.object { json in
            json.key("id"); json.string(id)
            json.key("name"); json.string(name)
            json.key("mime_type"); json.string(mediaType.mimeType)
            json.key("size"); json.int(size)
            json.key("url"); json.string(url)
        }
    }
}

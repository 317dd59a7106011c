import Foundation

/// The rules for the name an uploaded file is shown and downloaded under.
public enum AttachmentName {
    /// The name a file is saved under: the last part of any path, without control or invisible
    /// formatting characters (such as a right-to-left override that disguises `gpj.exe` as `exe.jpg`),
    /// without surrounding spaces or leading dots, and at most `Limits.attachmentName` characters with
    /// its extension kept. Nil when nothing is left.
    public static func sanitized(_ raw: String) -> String? {
        let lastComponent =
            raw.precomposedStringWithCanonicalMapping
            .split(whereSeparator: { $0 == "/" || $0 == "\\" }).last.map(String.init) ?? ""
        var scalars = String.UnicodeScalarView()
        scalars.append(contentsOf: lastComponent.unicodeScalars.filter { !isHidden($0) })
        var name = String(scalars).trimmingCharacters(in: .whitespaces)
        while name.hasPrefix(".") { name.removeFirst() }
        name = name.trimmingCharacters(in: .whitespaces)
        guard !name.isEmpty else { return nil }
        return shortened(name)
    }

    private static func isHidden(_ scalar: Unicode.Scalar) -> Bool {
        switch scalar.properties.generalCategory {
        case .control, .format, .lineSeparator, .paragraphSeparator, .surrogate: true
        default: false
        }
    }

    /// Cuts the stem, not the extension, so `report.pdf` stays a `.pdf`.
    private static func shortened(_ name: String) -> String {
        let limit = Limits.attachmentName
        guard name.count > limit else { return name }
        let fileExtension = (name as NSString).pathExtension
        guard !fileExtension.isEmpty, fileExtension.count <= 16 else { return String(name.prefix(limit)) }
        let stem = name.dropLast(fileExtension.count + 1)
        return stem.prefix(limit - fileExtension.count - 1).trimmingCharacters(in: .whitespaces) + "." + fileExtension
    }
}

import Foundation

/// iCalendar objects (RFC 5545) as a tree of components and properties, kept as written so what Kairos does
/// not understand can be given back unchanged.
///
/// Names of components, properties and parameters are case-insensitive and kept in upper case; parameter
/// values and property values are kept exactly (a property's `value` is its raw text, still escaped).
/// Properties keep their order, and so do subcomponents; a component's properties are written before its
/// subcomponents, as RFC 5545's grammar has them.
public enum ICalendar {
    /// A property parameter such as `TZID=Europe/Berlin` or `MEMBER="mailto:a@x","mailto:b@x"`.
    public struct Parameter: Hashable, Sendable {
        /// The name in upper case.
        public var name: String
        /// The values, unquoted; most parameters have one.
        public var values: [String]

        /// A parameter with its values as they are (quotes are added when written where needed).
        public init(name: String, values: [String]) {
            self.name = name.uppercased()
            self.values = values
        }

        /// A parameter with one value.
        public init(_ name: String, _ value: String) {
            self.init(name: name, values: [value])
        }

        /// The values joined by commas, as a single value reads.
        public var value: String { values.joined(separator: ",") }
    }

    /// A content line: `NAME;PARAM=value:value`.
    public struct Property: Hashable, Sendable {
        /// The name in upper case.
        public var name: String
        /// The parameters in the order they were written.
        public var parameters: [Parameter]
        /// The raw value, as on the wire after unfolding (TEXT still escaped).
        public var value: String

        /// A property with a raw value.
        public init(name: String, parameters: [Parameter] = [], value: String) {
            self.name = name.uppercased()
            self.parameters = parameters
            self.value = value
        }

        /// A TEXT property, its value escaped.
        public init(name: String, parameters: [Parameter] = [], text: String) {
            self.init(name: name, parameters: parameters, value: ICalendar.escape(text))
        }

        /// The value of the parameter `name` (case-insensitive), nil when absent.
        public func parameter(_ name: String) -> String? {
            let key = name.uppercased()
            return parameters.first { $0.name == key }?.value
        }

        /// The value read as TEXT: escapes undone.
        public var text: String { ICalendar.unescape(value[...]) }

        /// The value read as a comma-separated list of TEXT (CATEGORIES), escaped commas kept inside items.
        public var textList: [String] {
            ICalendar.splitUnescaped(value, separator: ",").map(ICalendar.unescape)
        }
    }

    /// A component such as VCALENDAR, VTODO, VTIMEZONE or VALARM.
    public struct Component: Hashable, Sendable {
        /// The name in upper case.
        public var name: String
        /// The properties in their order.
        public var properties: [Property]
        /// The subcomponents in their order.
        public var components: [Component]

        /// A component with its properties and subcomponents.
        public init(name: String, properties: [Property] = [], components: [Component] = []) {
            self.name = name.uppercased()
            self.properties = properties
            self.components = components
        }

        /// The first property called `name`.
        public func property(_ name: String) -> Property? {
            let key = name.uppercased()
            return properties.first { $0.name == key }
        }

        /// Every property called `name`, in order.
        public func properties(named name: String) -> [Property] {
            let key = name.uppercased()
            return properties.filter { $0.name == key }
        }

        /// The subcomponents called `name`, in order.
        public func components(named name: String) -> [Component] {
            let key = name.uppercased()
            return components.filter { $0.name == key }
        }

        /// Puts `property` where the first property of its name stands (or at the end), removing the others
        /// of that name.
        public mutating func replace(with property: Property) {
            guard let first = properties.firstIndex(where: { $0.name == property.name }) else {
                properties.append(property)
                return
            }
            properties[first] = property
            properties = properties.enumerated().filter { $0.offset == first || $0.element.name != property.name }
                .map(\.element)
        }

        /// Removes every property called `name`.
        public mutating func removeProperties(named name: String) {
            let key = name.uppercased()
            properties.removeAll { $0.name == key }
        }

        /// The component as text: CRLF line ends, lines folded at 75 octets.
        public var text: String {
            var lines: [String] = []
            appendLines(to: &lines)
            return lines.map(ICalendar.fold).joined(separator: "\r\n") + "\r\n"
        }

        private func appendLines(to lines: inout [String]) {
            lines.append("BEGIN:\(name)")
            lines += properties.map(\.contentLine)
            for component in components {
                component.appendLines(to: &lines)
            }
            lines.append("END:\(name)")
        }
    }
}

extension ICalendar.Property {
    /// The unfolded content line, parameter values quoted where they hold `:`, `;` or `,`.
    public var contentLine: String {
        var line = name
        for parameter in parameters {
            line += ";" + parameter.name + "="
            line += parameter.values.map { value in
                value.contains(where: { $0 == ":" || $0 == ";" || $0 == "," }) ? "\"\(value)\"" : value
            }.joined(separator: ",")
        }
        return line + ":" + value
    }
}

// MARK: - TEXT and folding

extension ICalendar {
    /// TEXT escaping (RFC 5545 3.3.11): backslash, semicolon and comma get a backslash; line breaks become `\n`.
    public static func escape(_ text: String) -> String {
        var out = ""
        var previousWasCR = false
        for scalar in text.unicodeScalars {
            switch scalar {
            case "\\": out += "\\\\"
            case ";": out += "\\;"
            case ",": out += "\\,"
            case "\r": out += "\\n"
            case "\n": if !previousWasCR { out += "\\n" }
            default: out.unicodeScalars.append(scalar)
            }
            previousWasCR = scalar == "\r"
        }
        return out
    }

    /// Undoes TEXT escaping; a backslash before any other character is dropped, as clients that escape `:`
    /// mean the character itself.
    public static func unescape(_ text: Substring) -> String {
        var out = ""
        var escaping = false
        for scalar in text.unicodeScalars {
            if escaping {
                out.unicodeScalars.append(scalar == "n" || scalar == "N" ? "\n" : scalar)
                escaping = false
            } else if scalar == "\\" {
                escaping = true
            } else {
                out.unicodeScalars.append(scalar)
            }
        }
        if escaping { out += "\\" }
        return out
    }

    /// Splits at each `separator` that no backslash escapes; the pieces stay escaped.
    static func splitUnescaped(_ text: String, separator: Unicode.Scalar) -> [Substring] {
        var pieces: [Substring] = []
        var start = text.startIndex
        var escaping = false
        var index = text.startIndex
        while index < text.endIndex {
            let scalar = text.unicodeScalars[index]
            if escaping {
                escaping = false
            } else if scalar == "\\" {
                escaping = true
            } else if scalar == separator {
                pieces.append(text[start..<index])
                start = text.unicodeScalars.index(after: index)
            }
            index = text.unicodeScalars.index(after: index)
        }
        pieces.append(text[start...])
        return pieces
    }

    /// Splits a content line into lines of at most 75 octets, each continuation starting with a space
    /// (RFC 5545 3.1), never inside a UTF-8 sequence and, where a character fits on a line, never inside it.
    public static func fold(_ line: String) -> String {
        var parts: [String] = []
        var current = ""
        var octets = 0
        func append(_ piece: String, size: Int) {
            // A continuation line's leading space counts towards its 75.
            let limit = parts.isEmpty ? 75 : 74
            if octets + size > limit {
                parts.append(current)
                current = ""
                octets = 0
            }
            current += piece
            octets += size
        }
        for character in line {
            let size = character.utf8.count
            if size <= 74 {
                append(String(character), size: size)
            } else {
                // A character longer than a line (a long run of combining marks) is split between its scalars.
                for scalar in character.unicodeScalars {
                    append(String(scalar), size: String(scalar).utf8.count)
                }
            }
        }
        parts.append(current)
        return parts.joined(separator: "\r\n ")
    }
}

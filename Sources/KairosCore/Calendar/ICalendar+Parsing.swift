import Foundation

extension ICalendar {
    /// Reads one calendar object: a single VCALENDAR, as a CalDAV resource holds.
    ///
    /// Lines may end in CRLF or a bare LF; a line starting with a space or tab continues the one before.
    /// Blank lines are skipped. The body must stay within `Limits.calendarObjectBytes` and its components
    /// may nest at most `Limits.calendarNesting` deep.
    public static func parse(_ text: String) throws(ICalendarError) -> Component {
        guard text.utf8.count <= Limits.calendarObjectBytes else { throw tooLarge }
        var open: [(component: Component, line: Int)] = []
        var root: Component?
        for (line, content) in unfoldedLines(text) {
            let property = try contentLine(content, line: line)
            if root != nil {
                throw ICalendarError(line: line, "nothing may follow END:VCALENDAR; send one calendar object")
            }
            switch property.name {
            case "BEGIN":
                let name = try componentName(property, line: line)
                if open.isEmpty, name != "VCALENDAR" {
                    throw ICalendarError(line: line, "a calendar object starts with BEGIN:VCALENDAR, not BEGIN:\(name)")
                }
                guard open.count < Limits.calendarNesting else {
                    throw ICalendarError(
                        line: line, "components nest deeper than \(Limits.calendarNesting) levels here")
                }
                open.append((Component(name: name), line))
            case "END":
                let name = try componentName(property, line: line)
                guard let (closed, _) = open.popLast() else {
                    throw ICalendarError(
                        line: line, "END:\(name) closes nothing; the object starts with BEGIN:VCALENDAR")
                }
                guard closed.name == name else {
                    throw ICalendarError(line: line, "END:\(name) cannot close BEGIN:\(closed.name); end it first")
                }
                if open.isEmpty {
                    root = closed
                } else {
                    open[open.count - 1].component.components.append(closed)
                }
            default:
                guard !open.isEmpty else {
                    throw ICalendarError(
                        line: line, "a calendar object starts with BEGIN:VCALENDAR, not \(property.name)")
                }
                open[open.count - 1].component.properties.append(property)
            }
        }
        if let (unclosed, line) = open.last {
            throw ICalendarError(line: line, "BEGIN:\(unclosed.name) is never closed; add END:\(unclosed.name)")
        }
        guard let root else {
            throw ICalendarError(line: nil, "The body is empty. Send a calendar object starting with BEGIN:VCALENDAR.")
        }
        return root
    }

    /// Reads one calendar object from a request body's bytes, which must be UTF-8 (RFC 5545 3.1.4); a byte
    /// order mark before it is ignored.
    public static func parse(utf8 body: [UInt8]) throws(ICalendarError) -> Component {
        guard body.count <= Limits.calendarObjectBytes else { throw tooLarge }
        var line = 1
        for piece in body.split(separator: UInt8(ascii: "\n"), omittingEmptySubsequences: false) {
            guard String(validating: piece, as: UTF8.self) != nil else {
                throw ICalendarError(line: line, "the text is not UTF-8; send the calendar object encoded as UTF-8")
            }
            line += 1
        }
        return try parse(String(decoding: body, as: UTF8.self))
    }

    private static var tooLarge: ICalendarError {
        ICalendarError(
            line: nil,
            "The calendar object is over \(Limits.calendarObjectBytes >> 10) KiB. Send a smaller one, "
                + "with fewer or shorter properties.",
            isTooLarge: true)
    }

    /// The logical lines with the number of the physical line each starts on; blank lines left out.
    static func unfoldedLines(_ text: String) -> [(line: Int, content: [Unicode.Scalar])] {
        var lines: [(line: Int, content: [Unicode.Scalar])] = []
        var number = 0
        for physical in text.unicodeScalars.split(separator: "\n", omittingEmptySubsequences: false) {
            number += 1
            var scalars = Array(physical)
            if number == 1, scalars.first == "\u{FEFF}" { scalars.removeFirst() }
            if scalars.last == "\r" { scalars.removeLast() }
            guard let first = scalars.first else { continue }
            if (first == " " || first == "\t"), !lines.isEmpty {
                lines[lines.count - 1].content += scalars.dropFirst()
            } else {
                lines.append((number, scalars))
            }
        }
        return lines
    }

    /// Splits one logical line into name, parameters and value (RFC 5545 3.1), honouring quoted parameter values.
    static func contentLine(_ s: [Unicode.Scalar], line: Int) throws(ICalendarError) -> Property {
        var i = 0
        let name = word(s, from: &i)
        guard !name.isEmpty, s[i...].contains(":") else {
            throw ICalendarError(line: line, "a property needs a name and a ':' before its value")
        }
        guard s[i] == ";" || s[i] == ":" else {
            throw ICalendarError(
                line: line, "a property name may hold only letters, digits and '-', and ends at ';' or ':'")
        }
        var parameters: [Parameter] = []
        while i < s.count, s[i] == ";" {
            i += 1
            let parameterName = word(s, from: &i)
            guard !parameterName.isEmpty, i < s.count, s[i] == "=" else {
                throw ICalendarError(line: line, "each parameter of \(name) needs a name, '=' and a value")
            }
            var values: [String] = []
            repeat {
                i += 1
                values.append(try parameterValue(s, from: &i, line: line, of: "\(parameterName) of \(name)"))
            } while i < s.count && s[i] == ","
            parameters.append(Parameter(name: parameterName, values: values))
        }
        guard i < s.count, s[i] == ":" else {
            throw ICalendarError(line: line, "a property needs a name and a ':' before its value")
        }
        let value = s[(i + 1)...]
        if let control = value.first(where: { $0.value < 0x20 && $0 != "\t" || $0.value == 0x7F }) {
            throw ICalendarError(
                line: line, "\(name) holds the control character \(String(format: "U+%04X", control.value))")
        }
        return Property(name: name, parameters: parameters, value: string(value))
    }

    /// A parameter value from `i`, quoted or not, leaving `i` on the character after it.
    private static func parameterValue(
        _ s: [Unicode.Scalar], from i: inout Int, line: Int, of parameter: String
    ) throws(ICalendarError) -> String {
        if i < s.count, s[i] == "\"" {
            let start = i + 1
            guard let end = s[start...].firstIndex(of: "\"") else {
                throw ICalendarError(line: line, "the parameter \(parameter) has a quote that is never closed")
            }
            i = end + 1
            return string(s[start..<end])
        }
        let start = i
        while i < s.count, s[i] != ",", s[i] != ";", s[i] != ":" {
            guard s[i] != "\"" else {
                throw ICalendarError(line: line, "the parameter \(parameter) has a quote inside its value")
            }
            i += 1
        }
        return string(s[start..<i])
    }

    /// The name (letters, digits, '-') starting at `i`, in upper case; `i` is left after it.
    private static func word(_ s: [Unicode.Scalar], from i: inout Int) -> String {
        let start = i
        while i < s.count, isNameScalar(s[i]) {
            i += 1
        }
        return string(s[start..<i]).uppercased()
    }

    /// Whether a scalar may stand in a name: an ASCII letter or digit, or '-'.
    private static func isNameScalar(_ scalar: Unicode.Scalar) -> Bool {
        ("a"..."z").contains(scalar) || ("A"..."Z").contains(scalar) || ("0"..."9").contains(scalar) || scalar == "-"
    }

    private static func componentName(_ property: Property, line: Int) throws(ICalendarError) -> String {
        let name = property.value.uppercased()
        guard !name.isEmpty, name.unicodeScalars.allSatisfy(isNameScalar) else {
            throw ICalendarError(line: line, "\(property.name) needs a component name such as VTODO")
        }
        return name
    }

    private static func string(_ scalars: ArraySlice<Unicode.Scalar>) -> String {
        var out = String.UnicodeScalarView()
        out.append(contentsOf: scalars)
        return String(out)
    }
}

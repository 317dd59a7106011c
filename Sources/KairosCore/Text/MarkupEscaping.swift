extension StringProtocol {
    /// The text made safe inside HTML or XML, in an element or a quoted attribute: `&`, `<`, `>` and `"` as
    /// entities.
    public var markupEscaped: String {
        var escaped = ""
        for character in self {
            switch character {
            case "&": escaped += "&amp;"
            case "<": escaped += "&lt;"
            case ">": escaped += "&gt;"
            case "\"": escaped += "&quot;"
            default: escaped.append(character)
            }
        }
        return escaped
    }
}

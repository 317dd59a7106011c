import KairosCore
import Testing

@Suite("Control characters: which ones text may not hold, and the quick look at raw JSON")
struct ControlCharactersTests {
    @Test("Tab, line feed and carriage return are allowed; NUL, ESC, DEL and C1 controls are not")
    func forbidden() {
        #expect(!ControlCharacters.areIn("a\tb\nc\r\nd é 日本 🙂"))
        for text in ["\u{0}", "x\u{7}", "\u{1B}[K", "del\u{7F}", "next line\u{85}", "\u{9F}"] {
            #expect(ControlCharacters.areIn(text), "\(text.unicodeScalars.map(\.value))")
        }
    }

    @Test(
        "A JSON text that holds one, escaped or written out, is flagged",
        arguments: [#"{"a": "\u0000"}"#, #"{"a": "\u001B"}"#, #"{"a": "x\by"}"#, #"{"a": "\f"}"#, "{\"a\": \"\u{7F}\"}",
                    "{\"a\": \"\u{85}\"}", #"{"a": "\u009f"}"#])
    func flagged(json: String) {
        #expect(ControlCharacters.mayBeIn(json: Array(json.utf8)))
    }

    @Test(
        "Ordinary JSON is not flagged",
        arguments: [#"{"a": "\t\n\r\"\\ \/ \u00e9 \u0009 \u000A"}"#, #"{"a": "\\u0000 is how NUL is written"}"#,
                    "{\"a\": \"é ñ ü Ā 日本 🙂\"}", #"{"a": [1, true, null]}"#])
    func notFlagged(json: String) {
        #expect(!ControlCharacters.mayBeIn(json: Array(json.utf8)))
    }
}

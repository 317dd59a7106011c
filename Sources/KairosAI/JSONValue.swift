import Foundation
import KairosCore

extension JSONValue {
    /// Reads a vendor's answer (a body or one event's data); anything but JSON is a malformed answer.
    init(answer: Data) throws(LanguageModelError) {
        do { try self.init(parsing: answer) } catch {
            throw .malformedAnswer("the answer is not JSON")
        }
    }
}

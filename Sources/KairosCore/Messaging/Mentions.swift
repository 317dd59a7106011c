/// Someone a mention in a message can name: a member of the conversation.
public struct MentionCandidate: Sendable, Equatable {
    public var userID: String
    public var name: String
    public var email: String

    public init(userID: String, name: String, email: String) {
        self.userID = userID
        self.name = name
        self.email = email
    }

    /// A mention names someone by email, the part of it before `@`, their name written without
    /// spaces, or their first name; case does not matter.
    func isNamed(by handle: String) -> Bool {
        let email = email.lowercased()
        let name = name.lowercased()
        return handle == email || handle == email.split(separator: "@").first.map(String.init)
            || handle == name.filter { !$0.isWhitespace }
            || handle == name.split(whereSeparator: \.isWhitespace).first.map(String.init)
    }
}

/// `@name` mentions in message text, resolved to the conversation's members.
public enum Mentions {
    /// The handles mentioned in `text` (lowercased, without `@`, each once, in order). An `@` inside
    /// a word, as in an email address written in the text, does not start a mention.
    public static func handles(in text: String) -> [String] {
        var handles: [String] = []
        var previous: Character = " "
        var index = text.startIndex
        while index < text.endIndex {
            let character = text[index]
            if character == "@", !previous.isLetter, !previous.isNumber {
                var end = text.index(after: index)
                while end < text.endIndex, isHandleCharacter(text[end]) { end = text.index(after: end) }
                var handle = text[text.index(after: index)..<end]
                while let last = handle.last, ".-@".contains(last) { handle = handle.dropLast() }
                let lowered = handle.lowercased()
                if !lowered.isEmpty, !handles.contains(lowered) { handles.append(lowered) }
                previous = handle.last ?? character
                index = end
                continue
            }
            previous = character
            index = text.index(after: index)
        }
        return handles
    }

    /// The members `text` mentions (user ids, in the order they are first named) and the handles that
    /// name no member.
    public static func resolve(
        _ text: String, among members: [MentionCandidate]
    ) -> (userIDs: [String], unresolved: [String]) {
        var userIDs: [String] = []
        var unresolved: [String] = []
        for handle in handles(in: text) {
            let named = members.filter { $0.isNamed(by: handle) }
            if named.isEmpty { unresolved.append(handle) }
            for member in named where !userIDs.contains(member.userID) { userIDs.append(member.userID) }
        }
        return (userIDs, unresolved)
    }

    private static func isHandleCharacter(_ character: Character) -> Bool {
        character.isLetter || character.isNumber || "._-+@".contains(character)
    }
}

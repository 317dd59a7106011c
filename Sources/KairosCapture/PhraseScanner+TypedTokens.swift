import KairosCore

extension PhraseScanner {
    func typedToken(at index: Int) -> Mention? {
        let token = tokens[index]
        let text = token.text
        if text.count > 1, let first = text.first {
            let name = String(text.dropFirst())
            switch first {
            case "#" where name.first?.isLetter == true:
                return Mention(kind: .list(lists.resolve(typed: name)), tokens: index..<index + 1)
            case "@": return Mention(kind: .label(name), tokens: index..<index + 1)
            case "/" where name.first?.isLetter == true:
                return Mention(kind: .section(name), tokens: index..<index + 1)
            default: break
            }
        }
        if token.word.count == 2, token.word.first == "p", let level = Int(token.word.dropFirst()),
            (1...4).contains(level)
        {
            return Mention(kind: .priority(level), tokens: index..<index + 1)
        }
        return nil
    }
}

/// Who a person may message, mention, add to a group, share with or look up.
///
/// Anyone with an account of their own reaches anyone. A guest (someone who came in through an invitation)
/// stays inside what was shared with them: they reach only the people they share a project or a conversation
/// with. To a guest, everyone else is answered for exactly as an unknown person is, so nothing leaks.
public enum ReachPolicy {
    /// Whether `actor` may reach the person `personID`, given `contacts`: the people `actor` shares a project
    /// or a conversation with (only read for a guest).
    public static func mayReach(_ personID: String, from actor: User, contacts: Set<String>) -> Bool {
        !actor.isGuest || personID == actor.id || contacts.contains(personID)
    }

    /// Whether deciding for `actor` needs their contacts at all.
    public static func needsContacts(of actor: User) -> Bool { actor.isGuest }
}

/// Who a person may message, mention, add to a group, share with or look up.
///
/// Anyone with an account of their own reaches anyone by id. A guest (someone who came in through an
/// invitation) stays inside what was shared with them: they reach only the people they share a project or
/// a conversation with. And nobody finds an account by its email unless they already share a project or a
/// conversation with it, so an address never tells whether it has an account: an invitation is the way to
/// reach someone new. Everyone out of reach is answered for exactly as an unknown person is.
public enum ReachPolicy {
    /// How the person was named.
    public enum Lookup: Sendable {
        case id
        case email
    }

    /// Whether `actor` may reach the person `personID`, named by `lookup`, given `contacts`: the people
    /// `actor` shares a project or a conversation with (read only when `needsContacts` says so).
    public static func mayReach(
        _ personID: String, from actor: User, by lookup: Lookup = .id, contacts: Set<String>
    ) -> Bool {
        personID == actor.id || !needsContacts(of: actor, by: lookup) || contacts.contains(personID)
    }

    /// Whether deciding for `actor` needs their contacts at all.
    public static func needsContacts(of actor: User, by lookup: Lookup = .id) -> Bool {
        actor.isGuest || lookup == .email
    }
}

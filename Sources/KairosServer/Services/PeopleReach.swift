import KairosCore
import KairosStore

/// Applies `ReachPolicy` to people found by id or email, reading the actor's contacts from the store when the
/// policy needs them.
struct PeopleReach: Sendable {
    let store: any SharingStore

    /// Those of `people`, named by `lookup`, that `actor` may reach, in the order given; the others are to be
    /// answered for as people who do not exist.
    func reachable(_ people: [User], by actor: User, lookup: ReachPolicy.Lookup) async throws -> [User] {
        guard ReachPolicy.needsContacts(of: actor, by: lookup), !people.isEmpty else { return people }
        let contacts = try await store.contacts(of: actor.id, among: people.map(\.id))
        return people.filter { ReachPolicy.mayReach($0.id, from: actor, by: lookup, contacts: contacts) }
    }
}

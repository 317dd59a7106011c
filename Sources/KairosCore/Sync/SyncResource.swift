/// The kinds of objects a Sync API read can ask for, by their names in `resource_types`.
public enum SyncResource: String, CaseIterable, Hashable, Sendable {
    case items
    case projects
    case sections
    case labels
    case notes
    case projectNotes = "project_notes"
    case reminders
    case user

    /// The set `resource_types` names: a JSON array of names, `"all"` for every kind, and `"-name"` to leave one
    /// out. Names of kinds Kairos does not keep (filters, collaborators...) are accepted and answered with nothing,
    /// as a Todoist client asks for them routinely.
    public static func parse(_ names: [String]) throws(KairosError) -> Set<SyncResource> {
        var chosen = Set<SyncResource>()
        var excluded = Set<SyncResource>()
        for name in names {
            if name == "all" {
                chosen.formUnion(allCases)
            } else if name.hasPrefix("-") {
                if let kind = SyncResource(rawValue: String(name.dropFirst())) { excluded.insert(kind) }
            } else if let kind = SyncResource(rawValue: name) {
                chosen.insert(kind)
            } else if name.isEmpty {
                throw .invalidField(field: "resource_types", message: "resource_types holds an empty name.")
            }
        }
        // Only exclusions: everything but those, as "all" would be.
        if chosen.isEmpty && !excluded.isEmpty && !names.contains(where: { !$0.hasPrefix("-") }) {
            chosen.formUnion(allCases)
        }
        return chosen.subtracting(excluded)
    }
}

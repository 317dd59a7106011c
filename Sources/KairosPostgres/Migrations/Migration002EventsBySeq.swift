extension PostgresMigration {
    /// Events by number alone, for the processes that read what another process's write added to whichever
    /// feeds it reached (`PostgresStore.relayEvents`).
    static let eventsBySeq = PostgresMigration(
        version: 2, name: "events-by-seq",
        script: """
            CREATE INDEX events_by_seq ON events(seq);
            """)
}

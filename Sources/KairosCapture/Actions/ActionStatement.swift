/// What one part of a message does to a thread's action items, before the thread is consulted.
struct ActionStatement: Sendable {
    enum Kind: Sendable, Equatable {
        /// "@bob can you send the deck", "Chen, please book the room": a deed asked of a member.
        case request(ActionMember)
        /// "can you call the technician?": a deed asked of "you" without a name.
        case requestToListener
        /// "I'll draft the agenda tonight", "let me check the logs": the sender's own deed.
        case commitment
        /// "I can raise the heap tomorrow": the sender's deed only when it takes an action already open.
        case offer
        /// "someone needs to update the wiki", "we should renew the domain": a deed left to anyone.
        case need
        /// Anything else: an answer ("sure"), a report ("deck is sent"), a call-off ("never mind the deck"),
        /// chatter. The thread decides what it does.
        case remark
        /// A question: asks for information, does nothing to the actions.
        case question
    }

    var kind: Kind
    /// For a deed, its words as written, with the lead-in and the addressee left out ("send the deck by friday");
    /// for a remark, the remark.
    var text: String
    /// Words said before the lead-in in the same clause, which may date the deed ("tomorrow" in "tomorrow I'll
    /// call the plumber").
    var leadingText: String = ""
    /// The lower-case words of `text`.
    var words: [String]

    var isDeed: Bool {
        switch kind {
        case .request, .requestToListener, .commitment, .offer, .need: true
        case .remark, .question: false
        }
    }
}

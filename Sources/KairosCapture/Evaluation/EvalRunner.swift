/// Puts every case to a subject and keeps the outcomes in file order.
public struct EvalRunner: Sendable {
    /// How many cases a subject that answers concurrently may have in flight.
    public var parallel: Int

    public init(parallel: Int = 4) {
        self.parallel = max(1, parallel)
    }

    /// Each case's outcome, in the order of `cases`.
    public func run(_ subject: some EvalSubject, on cases: [EvalCase]) async -> [EvalOutcome] {
        guard subject.answersConcurrently, parallel > 1 else {
            var outcomes: [EvalOutcome] = []
            outcomes.reserveCapacity(cases.count)
            for evalCase in cases { outcomes.append(await Self.outcome(subject, evalCase)) }
            return outcomes
        }
        return await withTaskGroup(of: (Int, EvalOutcome).self) { group in
            var outcomes = [EvalOutcome?](repeating: nil, count: cases.count)
            var next = 0
            // A window of `parallel` cases: each one finished lets the next one start.
            while next < min(parallel, cases.count) {
                let index = next
                group.addTask { (index, await Self.outcome(subject, cases[index])) }
                next += 1
            }
            while let (index, outcome) = await group.next() {
                outcomes[index] = outcome
                if next < cases.count {
                    let index = next
                    group.addTask { (index, await Self.outcome(subject, cases[index])) }
                    next += 1
                }
            }
            return outcomes.compactMap { $0 }
        }
    }

    private static func outcome(_ subject: some EvalSubject, _ evalCase: EvalCase) async -> EvalOutcome {
        let clock = ContinuousClock()
        let start = clock.now
        let reply: Result<EvalReply, EvalFailure>
        do {
            reply = .success(try await subject.answer(evalCase))
        } catch {
            reply = .failure(EvalFailure(message: "\(error)"))
        }
        return EvalOutcome(reply: reply, elapsed: clock.now - start)
    }
}

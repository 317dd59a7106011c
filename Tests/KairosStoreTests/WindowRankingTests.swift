import Testing

@testable import KairosStore

@Suite("Ranking a window of search matches from their text")
struct WindowRankingTests {
    @Test("Words are split and folded as the index does; a query word matches the words it starts")
    func foldsAndMatchesPrefixes() throws {
        let ranking = try #require(WindowRanking(query: "Café BUD"))
        #expect(ranking.prefixes == ["cafe", "bud"])
        #expect(WindowRanking.words(in: "Über-budget, 3rd café!").map(\.folded) == ["uber", "budget", "3rd", "cafe"])
        #expect(ranking.snippet("Über-budget, 3rd café!") == "Über-<mark>budget</mark>, 3rd <mark>café</mark>!")
        #expect(WindowRanking(query: " ,;! ") == nil)
    }

    @Test("More matches in a shorter text rank higher")
    func ranksByFrequencyAndLength() throws {
        let ranking = try #require(WindowRanking(query: "budget"))
        let scores = ranking.scores(["notes on the budget for the week", "the budget budget", "budget"])
        #expect(scores[1] > scores[2] && scores[2] > scores[0])
    }

    @Test("A snippet shows the twelve words around the most matches, escaped, with ellipses for the rest")
    func snippetAroundMatches() throws {
        let ranking = try #require(WindowRanking(query: "lisbon"))
        let text = "one two three four five six seven eight nine ten <b> lisbon and lisbon again, then more words after it"
        #expect(
            ranking.snippet(text)
                == "\u{2026}three four five six seven eight nine ten &lt;b&gt; <mark>lisbon</mark> and <mark>lisbon</mark>\u{2026}")
        #expect(ranking.snippet("Lisbon?") == "<mark>Lisbon</mark>?")
    }
}

import RouteGenRuntime
import RouteGenTestSupport
import Testing

@testable import RouteGenCore

/// `routegen verify` reads a server's dates as the generated client does, without linking the runtime: the core's
/// reading of date text must agree with the runtime's on any text, or verify passes what the client rejects.
@Suite struct DateTextTests {
    /// Date-like text: a valid date-time or day with a few characters replaced, inserted or removed, among
    /// characters that matter to the grammar (digits at the edges of their ranges, separators, offsets).
    private static func dateLikeText(using generator: inout SeededGenerator) -> String {
        let seeds = [
            "2024-02-29T23:59:59Z", "2023-02-28t00:00:00.123456789z", "1999-12-31 12:30:45+05:30", "2024-06-30T09:48:46-0700",
            "2024-02-11", "0001-01-01T00:00:00Z", "9999-12-31T23:59:59.9+14:00",
        ]
        let pieces = ["0", "1", "2", "3", "5", "9", "-", ":", "T", "t", " ", ".", "Z", "z", "+", "24", "60", "31", "30", "x", ""]
        var characters = Array(seeds.randomElement(using: &generator)!).map(String.init)
        for _ in 0..<Int.random(in: 0...3, using: &generator) {
            let index = Int.random(in: 0...characters.count, using: &generator)
            let piece = pieces.randomElement(using: &generator)!
            switch Int.random(in: 0..<3, using: &generator) {
            case 0 where index < characters.count: characters[index] = piece
            case 1: characters.insert(piece, at: index)
            default: if index < characters.count { characters.remove(at: index) }
            }
        }
        return characters.joined()
    }

    @Test func theCoreReadsDateTextAsTheRuntimeDoes() {
        var generator = SeededGenerator(seed: 20_261_125)
        var accepted = (dateTimes: 0, days: 0)
        for _ in 0..<20_000 {
            let text = Self.dateLikeText(using: &generator)
            let runtimeDateTime = JSONCoding.date(fromISO8601: text) != nil
            let runtimeDay = DateFormat.date.date(from: text) != nil
            #expect(ExampleChecker.isDateTime(text) == runtimeDateTime, "date-time: \(text)")
            #expect(ExampleChecker.isCalendarDate(text) == runtimeDay, "day: \(text)")
            if runtimeDateTime { accepted.dateTimes += 1 }
            if runtimeDay { accepted.days += 1 }
        }
        // The generator reaches both sides of each rule.
        #expect(accepted.dateTimes > 2_000 && accepted.dateTimes < 18_000)
        #expect(accepted.days > 200)
    }
}

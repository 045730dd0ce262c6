import Foundation
import RouteGenRuntime
import RouteGenTestSupport
import Testing

/// The page walkers as a property: against servers that page honestly, repeat a cursor, loop back, send empty pages
/// while saying more follow, or never stop saying so, every walk ends, by finishing or with a ``PageWalkError``,
/// within a bound of requests, and yields every item of every page the server sent, in order.
@Suite struct PageWalkPropertyTests {
    struct Page: Sendable {
        var items: [Int]
        var hasMore: Bool
        var token: String?
    }

    /// How a simulated server pages its list.
    enum Behaviour: CaseIterable {
        case honest, repeatsACursor, loopsBack, emptyPagesWithMoreToCome, neverStopsSayingMore
    }

    /// The `next` closures the generator writes for each kind of `pagination:` (see `TemplateContext+Endpoints`).
    enum Style: CaseIterable {
        case lastItem, token, pageNumber, pageNumberWithHasMore, offset, offsetWithHasMore
    }

    /// A server's list of `count` items, pages of `size`: the page a cursor asks for, as `behaviour` answers it.
    final class Server: Sendable {
        let count: Int
        let size: Int
        let behaviour: Behaviour
        let requests = Locked(0)
        let served = Locked<[Int]>([])

        init(count: Int, size: Int, behaviour: Behaviour) {
            self.count = count
            self.size = size
            self.behaviour = behaviour
        }

        /// The page whose first item is item `start`.
        func page(from start: Int) -> Page {
            let request = requests.withLock { $0 += 1; return $0 }
            var items = Array(start..<max(start, min(start + size, count)))
            var hasMore = start + size < count
            var next = start + size
            switch behaviour {
            case .honest: break
            case .repeatsACursor where start >= size: next = start
            case .loopsBack where start >= 2 * size: next = 0
            case .emptyPagesWithMoreToCome where request % 3 == 2:
                items = []
                hasMore = true
                next = start
            case .neverStopsSayingMore: hasMore = true
            default: break
            }
            served.withLock { $0 += items }
            return Page(items: items, hasMore: hasMore, token: hasMore || behaviour != .honest ? "t\(next)" : nil)
        }
    }

    /// Walks the pages of `server` as `style` pages them: every item received, and the error that ended the walk.
    private static func walk(_ style: Style, _ server: Server) async -> (items: [Int], ending: (any Error)?) {
        func stream<Cursor: Hashable & Sendable>(_ pages: CursorPages<Page, Int, Cursor>) async -> (items: [Int], ending: (any Error)?) {
            var received: [Int] = []
            do {
                for try await page in pages { received += page.items }
                return (received, nil)
            } catch {
                return (received, error)
            }
        }
        switch style {
        case .lastItem:
            return await stream(
                CursorPages<Page, Int, String>(items: \.items, next: { page, _ in page.hasMore ? page.items.last.map(String.init) : nil }) {
                    // `starting_after` the item whose number it names; a server that repeats answers the same page.
                    cursor in server.page(from: cursor.map { Int($0)! + 1 } ?? 0)
                })
        case .token:
            return await stream(CursorPages<Page, Int, String>(items: \.items, next: { page, _ in page.token }) { cursor in
                server.page(from: cursor.map { Int($0.dropFirst())! } ?? 0)
            })
        case .pageNumber, .pageNumberWithHasMore:
            let hasMore = style == .pageNumberWithHasMore
            return await stream(
                CursorPages<Page, Int, Int>(
                    items: \.items,
                    next: { page, current in (hasMore ? page.hasMore : !page.items.isEmpty) ? (current ?? 1) + 1 : nil }
                ) { cursor in server.page(from: ((cursor ?? 1) - 1) * server.size) })
        case .offset, .offsetWithHasMore:
            let hasMore = style == .offsetWithHasMore
            return await stream(
                CursorPages<Page, Int, Int>(
                    items: \.items,
                    next: { page, current in (hasMore ? page.hasMore : !page.items.isEmpty) ? (current ?? 0) + page.items.count : nil }
                ) { cursor in server.page(from: cursor ?? 0) })
        }
    }

    @Test(.timeLimit(.minutes(1))) func everyWalkEndsAndDropsNothingTheServerSent() async throws {
        var random = SeededGenerator(seed: 2)
        for round in 0..<600 {
            let style = Style.allCases[round % Style.allCases.count]
            let behaviour = Behaviour.allCases[(round / Style.allCases.count) % Behaviour.allCases.count]
            let server = Server(count: Int.random(in: 0...40, using: &random), size: Int.random(in: 1...6, using: &random), behaviour: behaviour)
            let context = "round \(round): \(style), \(behaviour), \(server.count) items by \(server.size)"
            let (received, ending) = await Self.walk(style, server)
            // Every page the server sent reached the caller whole, in order.
            #expect(received == server.served.withLock { $0 }, "\(context)")
            // Bounded: the honest pages, plus the empty pages and the one repeated request a walk tolerates.
            let bound = server.count / server.size + 2 + 2 * CursorPages<Page, Int, Int>.maximumEmptyPages
            #expect(server.requests.withLock { $0 } <= bound, "\(context): \(server.requests.withLock { $0 }) requests")
            if let ending {
                #expect(ending is PageWalkError, "\(context): \(ending)")
            }
            // An honest server's list arrives whole, once, and the walk finishes.
            if behaviour == .honest {
                #expect(ending == nil && received == Array(0..<server.count), "\(context): \(received), \(String(describing: ending))")
            }
        }
    }

    @Test func aLinkToAPageAlreadyReadEndsTheWalk() async throws {
        let requested = Locked<[URL]>([])
        @Sendable func page(_ url: URL) -> TypedResponse<[Int], Void> {
            requested.withLock { $0.append(url) }
            // Page 3 links back to page 2: a loop.
            let number = Int(url.query?.split(separator: "=").last ?? "1")!
            let next = number == 3 ? 2 : number + 1
            let response = APIResponse(statusCode: 200, headers: ["Link": "<https://api.example.com/items?page=\(next)>; rel=\"next\""])
            return TypedResponse(body: [number], headers: (), response: response, url: url) { page($0) }
        }
        var items: [Int] = []
        await #expect(throws: PageWalkError.repeatedCursor("https://api.example.com/items?page=2", afterPages: 3)) {
            for try await item in page(URL(string: "https://api.example.com/items?page=1")!).pages.items { items.append(item) }
        }
        #expect(items == [1, 2, 3])
        #expect(requested.withLock { $0.count } == 3)
    }

    @Test func aLinkToItselfWithAnotherFragmentIsTheSamePage() async throws {
        let requested = Counter()
        @Sendable func page(_ url: URL) -> TypedResponse<[Int], Void> {
            let count = requested.increment()
            let link = "<https://api.example.com/items?access_token=tok_secret#\(count)>; rel=\"next\""
            return TypedResponse(body: [count], headers: (), response: APIResponse(statusCode: 200, headers: ["Link": link]), url: url) {
                page($0)
            }
        }
        var thrown: (any Error)?
        do {
            for try await _ in page(URL(string: "https://api.example.com/items?access_token=tok_secret")!).pages {}
        } catch {
            thrown = error
        }
        #expect(requested.count == 1)
        let description = String(describing: try #require(thrown as? PageWalkError))
        #expect(!description.contains("tok_secret") && description.contains("<redacted>"))
    }
}

/// The pages of a list the server pages with `Link: <…>; rel="next"` headers (GitHub's shape): a first response,
/// then each next page, requested one at a time as the sequence is iterated, through the same client, decorators
/// and credentials. Stopping the loop, or cancelling its task, requests nothing more.
///
/// ```swift
/// for try await page in try await github.listRepos(org: "apple").pages {
///     show(page.body)
/// }
/// for try await repo in try await github.listRepos(org: "apple").pages.items {
///     if repo.name == "swift" { break }       // no further page is requested
/// }
/// ```
public struct LinkedPages<Body: Sendable, Headers: Sendable>: AsyncSequence, Sendable {
    public typealias Element = TypedResponse<Body, Headers>

    private let first: Element

    init(first: Element) {
        self.first = first
    }

    public func makeAsyncIterator() -> AsyncIterator {
        AsyncIterator(upcoming: first)
    }

    /// Returns the first page, then requests each next one.
    public struct AsyncIterator: AsyncIteratorProtocol {
        private var upcoming: Element?
        private var previous: Element?

        init(upcoming: Element) {
            self.upcoming = upcoming
        }

        public mutating func next() async throws -> Element? {
            if let page = upcoming {
                upcoming = nil
                previous = page
                return page
            }
            guard let page = previous else { return nil }
            try Task.checkCancellation()
            previous = try await page.next()
            return previous
        }
    }
}

extension LinkedPages where Body: Sequence, Body.Element: Sendable {
    /// Every item of every page, in order; a page is requested when the items before it have been read.
    public var items: PageItems<Self, Body.Element> { PageItems(pages: self) { Array($0.body) } }
}

extension TypedResponse {
    /// This page and every next one (`Link: <…>; rel="next"`), requested as the sequence is iterated.
    public var pages: LinkedPages<Body, Headers> { LinkedPages(first: self) }
}

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
    public var items: LinkedItems<Body, Headers> { LinkedItems(pages: self) }
}

/// Every item of every page of a ``LinkedPages`` list, in order.
public struct LinkedItems<Body: Sequence & Sendable, Headers: Sendable>: AsyncSequence, Sendable where Body.Element: Sendable {
    public typealias Element = Body.Element

    let pages: LinkedPages<Body, Headers>

    public func makeAsyncIterator() -> AsyncIterator {
        AsyncIterator(pages: pages.makeAsyncIterator())
    }

    /// Reads a page's items, then requests the next page.
    public struct AsyncIterator: AsyncIteratorProtocol {
        private var pages: LinkedPages<Body, Headers>.AsyncIterator
        private var items: [Body.Element] = []
        private var index = 0

        init(pages: LinkedPages<Body, Headers>.AsyncIterator) {
            self.pages = pages
        }

        public mutating func next() async throws -> Element? {
            while index == items.count {
                guard let page = try await pages.next() else { return nil }
                items = Array(page.body)
                index = 0
            }
            defer { index += 1 }
            return items[index]
        }
    }
}

extension TypedResponse {
    /// This page and every next one (`Link: <…>; rel="next"`), requested as the sequence is iterated.
    public var pages: LinkedPages<Body, Headers> { LinkedPages(first: self) }
}

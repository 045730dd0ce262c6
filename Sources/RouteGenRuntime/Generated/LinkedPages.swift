import Foundation

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
///
/// A `next` link to a page already requested (the page itself, or one before it) ends the walk with
/// ``PageWalkError/repeatedCursor(_:afterPages:)`` instead of a loop.
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
        private var requested: Set<URL> = []
        private var pagesRead = 0

        init(upcoming: Element) {
            self.upcoming = upcoming
        }

        public mutating func next() async throws -> Element? {
            if let page = upcoming {
                upcoming = nil
                previous = page
                pagesRead = 1
                if let url = page.url { requested.insert(Self.withoutFragment(url)) }
                return page
            }
            guard let page = previous, let link = page.links.next else { return nil }
            try Task.checkCancellation()
            // The link as it is sent: a fragment never reaches the server.
            let next = Self.withoutFragment(link)
            guard requested.insert(next).inserted else {
                previous = nil
                throw PageWalkError.repeatedCursor(SecretRedactor.default.redactedURL(next), afterPages: pagesRead)
            }
            previous = try await page.next()
            pagesRead += 1
            return previous
        }

        private static func withoutFragment(_ url: URL) -> URL {
            guard var components = URLComponents(url: url, resolvingAgainstBaseURL: true), components.fragment != nil else { return url }
            components.fragment = nil
            return components.url ?? url
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

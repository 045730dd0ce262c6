/// The pages of a list the server pages by cursor, page number or offset, requested one at a time as the
/// sequence is iterated, through the same client and decorators. Stopping the loop, or cancelling its task,
/// requests nothing more. The generated `<endpoint>Pages` methods make them, for each way a spec's `pagination:`
/// describes: Stripe's `starting_after` set to the last item's `id` until `has_more` is false, a next-page token
/// the response carries, a page number, an offset.
///
/// ```swift
/// for try await customer in stripe.listCustomersPages(limit: 100).items {
///     print(customer.email ?? "")
/// }
/// ```
///
/// A walk ends when the list does, or with a ``PageWalkError``: when a server gives a cursor it gave before (it
/// would be requested forever), or answers ``maximumEmptyPages`` empty pages in a row while saying more follow.
public struct CursorPages<Page: Sendable, Item: Sendable, Cursor: Hashable & Sendable>: AsyncSequence, Sendable {
    public typealias Element = Page

    /// How many empty pages in a row a walk requests before it ends with ``PageWalkError/tooManyEmptyPages(_:)``.
    public static var maximumEmptyPages: Int { 16 }

    private let itemsOf: @Sendable (Page) -> [Item]
    private let nextCursor: @Sendable (Page, _ current: Cursor?) -> Cursor?
    private let fetch: @Sendable (_ cursor: Cursor?) async throws -> Page

    /// Pages that `fetch` requests: first with no cursor, then with the cursor `next` gives from the page before
    /// and the cursor it was requested with, until `next` gives nil.
    public init(
        items: @escaping @Sendable (Page) -> [Item],
        next: @escaping @Sendable (Page, _ current: Cursor?) -> Cursor?,
        fetch: @escaping @Sendable (_ cursor: Cursor?) async throws -> Page
    ) {
        self.itemsOf = items
        self.nextCursor = next
        self.fetch = fetch
    }

    /// Every item of every page, in order.
    public var items: PageItems<Self, Item> { PageItems(pages: self, items: itemsOf) }

    public func makeAsyncIterator() -> AsyncIterator { AsyncIterator(pages: self) }

    /// Requests each page with the cursor the one before gave.
    public struct AsyncIterator: AsyncIteratorProtocol {
        private let pages: CursorPages
        private var cursor: Cursor?
        private var isFinished = false
        private var seen: Set<Cursor> = []
        private var emptyPages = 0
        private var pagesRead = 0
        private var failure: PageWalkError?

        init(pages: CursorPages) {
            self.pages = pages
        }

        public mutating func next() async throws -> Page? {
            if let failure {
                self.failure = nil
                isFinished = true
                throw failure
            }
            guard !isFinished else { return nil }
            try Task.checkCancellation()
            let page = try await pages.fetch(cursor)
            pagesRead += 1
            emptyPages = pages.itemsOf(page).isEmpty ? emptyPages + 1 : 0
            cursor = pages.nextCursor(page, cursor)
            isFinished = cursor == nil
            // The page is the caller's; the walk ends after it.
            if let cursor, !seen.insert(cursor).inserted {
                failure = .repeatedCursor(String(describing: cursor), afterPages: pagesRead)
            } else if !isFinished, emptyPages >= CursorPages.maximumEmptyPages {
                failure = .tooManyEmptyPages(emptyPages)
            }
            return page
        }
    }
}

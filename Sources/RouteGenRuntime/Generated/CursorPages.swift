/// The pages of a list the server pages by cursor (Stripe's shape: `starting_after` set to the last item's `id`,
/// until `has_more` is false), requested one at a time as the sequence is iterated, through the same client and
/// decorators. Stopping the loop, or cancelling its task, requests nothing more. The generated `<endpoint>Pages`
/// methods make them:
///
/// ```swift
/// for try await customer in stripe.listCustomersPages(limit: 100).items {
///     print(customer.email ?? "")
/// }
/// ```
public struct CursorPages<Page: Sendable, Item: Sendable>: AsyncSequence, Sendable {
    public typealias Element = Page

    private let itemsOf: @Sendable (Page) -> [Item]
    private let hasMore: (@Sendable (Page) -> Bool)?
    private let cursor: @Sendable (Item) -> String
    private let fetch: @Sendable (_ cursor: String?) async throws -> Page

    /// Pages that `fetch` requests: first with no cursor, then with the `cursor` of the last item `items` finds in
    /// the page before, until `hasMore` says no more follow (or, without it, a page has no items).
    public init(
        items: @escaping @Sendable (Page) -> [Item],
        hasMore: (@Sendable (Page) -> Bool)?,
        cursor: @escaping @Sendable (Item) -> String,
        fetch: @escaping @Sendable (_ cursor: String?) async throws -> Page
    ) {
        self.itemsOf = items
        self.hasMore = hasMore
        self.cursor = cursor
        self.fetch = fetch
    }

    /// Every item of every page, in order.
    public var items: PageItems<Self, Item> { PageItems(pages: self, items: itemsOf) }

    public func makeAsyncIterator() -> AsyncIterator { AsyncIterator(pages: self) }

    /// Requests each page with the cursor the one before gave.
    public struct AsyncIterator: AsyncIteratorProtocol {
        private let pages: CursorPages
        private var nextCursor: String?
        private var isFinished = false

        init(pages: CursorPages) {
            self.pages = pages
        }

        public mutating func next() async throws -> Page? {
            guard !isFinished else { return nil }
            try Task.checkCancellation()
            let page = try await pages.fetch(nextCursor)
            let items = pages.itemsOf(page)
            if let last = items.last, pages.hasMore?(page) ?? true {
                nextCursor = pages.cursor(last)
            } else {
                isFinished = true
            }
            return page
        }
    }
}

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
public struct CursorPages<Page: Sendable, Item: Sendable, Cursor: Sendable>: AsyncSequence, Sendable {
    public typealias Element = Page

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

        init(pages: CursorPages) {
            self.pages = pages
        }

        public mutating func next() async throws -> Page? {
            guard !isFinished else { return nil }
            try Task.checkCancellation()
            let page = try await pages.fetch(cursor)
            cursor = pages.nextCursor(page, cursor)
            isFinished = cursor == nil
            return page
        }
    }
}

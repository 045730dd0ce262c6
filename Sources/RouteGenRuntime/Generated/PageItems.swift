/// Every item of every page of a paged list, in order: a page is requested when the items before it have been
/// read. What `pages.items` of ``LinkedPages`` and ``CursorPages`` is.
public struct PageItems<Pages: AsyncSequence & Sendable, Item: Sendable>: AsyncSequence, Sendable {
    public typealias Element = Item

    private let pages: Pages
    private let itemsOf: @Sendable (Pages.Element) -> [Item]

    init(pages: Pages, items: @escaping @Sendable (Pages.Element) -> [Item]) {
        self.pages = pages
        self.itemsOf = items
    }

    public func makeAsyncIterator() -> AsyncIterator {
        AsyncIterator(pages: pages.makeAsyncIterator(), itemsOf: itemsOf)
    }

    /// Reads a page's items, then requests the next page.
    public struct AsyncIterator: AsyncIteratorProtocol {
        private var pages: Pages.AsyncIterator
        private let itemsOf: @Sendable (Pages.Element) -> [Item]
        private var items: [Item] = []
        private var index = 0

        init(pages: Pages.AsyncIterator, itemsOf: @escaping @Sendable (Pages.Element) -> [Item]) {
            self.pages = pages
            self.itemsOf = itemsOf
        }

        public mutating func next() async throws -> Item? {
            while index == items.count {
                guard let page = try await pages.next() else { return nil }
                items = itemsOf(page)
                index = 0
            }
            defer { index += 1 }
            return items[index]
        }
    }
}

/// Why a walk over the pages of a list (``CursorPages``, ``LinkedPages``) ended before the list did: the server
/// would have it request pages forever.
public enum PageWalkError: Error, Hashable, Sendable, CustomStringConvertible {
    /// The server gave a cursor, page token or next link it had given before: requesting it would go round in
    /// a loop. It carries the cursor (or link) as text and how many pages had been read.
    case repeatedCursor(String, afterPages: Int)
    /// The server answered this many empty pages in a row while saying more follow.
    case tooManyEmptyPages(Int)

    public var description: String {
        switch self {
        case .repeatedCursor(let cursor, let pages):
            "the server sent `\(cursor)` as the next page again after \(pages) pages; the walk stopped rather than loop"
        case .tooManyEmptyPages(let count):
            "the server sent \(count) empty pages in a row while saying more follow; the walk stopped"
        }
    }
}

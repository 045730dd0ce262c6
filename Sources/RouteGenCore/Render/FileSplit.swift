/// How many files the routes, the handler and the models are spread over, so that a large API compiles on every
/// core: the compiler gives each core a contiguous share of the files (in the order of their names), and one file
/// of every model would keep one core busy while the others wait. Each kind gets files in proportion to what it
/// costs the compiler, so that the files, and the shares, cost about the same: a model part holds about three
/// times the work of a route part of the same count, a handler part about twice. So with `N` handler parts the
/// routes get `N / 2` (rounded up) and the models `2N`. (The mock stays one file: see
/// `TemplateSet.parts(of:in:)`.)
///
/// Part 1 of a kind is `<Name>+<Kind>.swift` and holds the kind's type declarations; parts 2 and later are
/// `<Name>+<Kind>2.swift`, … and hold their share of the models, or extensions with their share of the route
/// descriptors or of the endpoints' methods. A part with no share is still written (the build plugin names every
/// file before the generator runs), with only its imports.
public struct FileSplit: Hashable, Sendable {
    /// The number of files of the handler, at least 1: what `--split` sets.
    public let parts: Int

    /// The number of files of the routes: half the handler's, rounded up.
    public var routeParts: Int { FileRules.fileCount(of: "APIRoute.swift", parts: parts) }

    /// The number of files of the models: one when the handler has one, else twice the handler's.
    public var modelParts: Int { FileRules.fileCount(of: "Models.swift", parts: parts) }

    /// The most files the handler is spread over (the routes, half as many; the models, twice as many): 12 keeps
    /// a module within 50 files, two of the compiler's batches of 25, so that a 2-core machine never waits for a
    /// third batch (a machine with more cores makes a batch per core anyway).
    public static let maximumParts = FileRules.maximumParts

    /// A split of the handler into `parts` files, clamped to `1...maximumParts`, and of the routes and the models
    /// in proportion.
    public init(parts: Int) {
        self.parts = FileRules.clamped(parts: parts)
    }

    /// The split `routegen generate` chooses when none is asked for: one part per 100 endpoints and models,
    /// so that the simple case stays one file per kind.
    public static func automatic(endpoints: Int, models: Int) -> FileSplit {
        FileSplit(parts: (endpoints + models + 99) / 100)
    }

    /// The split of one module of the module layout when none is asked for: one part per 50 endpoints and models,
    /// twice as many files as ``automatic(endpoints:models:)``. An edit recompiles the files that use what changed,
    /// and in a module that exists for quick rebuilds, smaller files make that less (a part per 25 measured no better).
    public static func module(endpoints: Int, models: Int) -> FileSplit {
        FileSplit(parts: (endpoints + models + 49) / 50)
    }

    /// `items` spread over `count` parts by a stable hash of each item's `key` (a Swift name), in their order within
    /// a part. An item added, removed or edited changes its own part only: a split by position would move every
    /// later item to another file, and a build would recompile them all. The parts' sizes differ by chance (a few
    /// items either way for a large API), which the compiler's batches absorb.
    static func parts<Item>(_ items: [Item], into count: Int, key: (Item) -> String) -> [[Item]] {
        var parts = Array(repeating: [Item](), count: count)
        for item in items {
            parts[count == 1 ? 0 : Int(stableHash(key(item)) % UInt64(count))].append(item)
        }
        return parts
    }

    /// FNV-1a over the UTF-8 bytes: the same in every process and on every machine, as `Hasher`'s seeded hash is not.
    static func stableHash(_ text: String) -> UInt64 {
        text.utf8.reduce(0xcbf2_9ce4_8422_2325) { ($0 ^ UInt64($1)) &* 0x0000_0100_0000_01b3 }
    }

}

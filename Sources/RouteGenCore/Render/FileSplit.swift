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
    public var routeParts: Int { (parts + 1) / 2 }

    /// The number of files of the models: one when the handler has one, else twice the handler's.
    public var modelParts: Int { parts == 1 ? 1 : 2 * parts }

    /// The most files the handler is spread over (the routes, half as many; the models, twice as many): 12 keeps
    /// a module within 50 files, two of the compiler's batches of 25, so that a 2-core machine never waits for a
    /// third batch (a machine with more cores makes a batch per core anyway).
    public static let maximumParts = 12

    /// A split of the handler into `parts` files, clamped to `1...maximumParts`, and of the routes and the models
    /// in proportion.
    public init(parts: Int) {
        self.parts = min(max(parts, 1), Self.maximumParts)
    }

    /// The split `routegen generate` chooses when none is asked for: one part per 100 endpoints and models,
    /// so that the simple case stays one file per kind.
    public static func automatic(endpoints: Int, models: Int) -> FileSplit {
        FileSplit(parts: (endpoints + models + 99) / 100)
    }

    /// `items` cut into `count` contiguous slices whose sizes differ by at most one, the larger ones first.
    static func slices<Item>(_ items: [Item], into count: Int) -> [ArraySlice<Item>] {
        let base = items.count / count
        let larger = items.count % count
        var start = 0
        return (0..<count).map { part in
            let end = start + base + (part < larger ? 1 : 0)
            defer { start = end }
            return items[start..<end]
        }
    }

    /// The file name suffix of part `index` (0-based): nothing for the first, its 1-based number for the others.
    static func suffix(ofPart index: Int) -> String {
        index == 0 ? "" : String(index + 1)
    }
}

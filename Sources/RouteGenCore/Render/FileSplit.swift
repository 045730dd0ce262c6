/// How many files the routes and the models are spread over, so that a large API compiles on every core: the
/// compiler gives each core a share of the files, and one file of every model would keep one core busy while the
/// others wait. (The handler and the mock stay one file each: see `TemplateSet.isSplit(_:)`.)
///
/// Part 1 of a kind is `<Name>+<Kind>.swift` and holds the kind's type declarations; parts 2 and later are
/// `<Name>+<Kind>2.swift`, … and hold their share of the models, or extensions with their share of the route
/// descriptors. A part with no share is still written (the build plugin names every file before the generator
/// runs), with only its imports.
public struct FileSplit: Hashable, Sendable {
    /// The number of files of each split kind, at least 1.
    public let parts: Int

    /// The most files a kind is spread over.
    public static let maximumParts = 16

    /// A split into `parts` files, clamped to `1...maximumParts`.
    public init(parts: Int) {
        self.parts = min(max(parts, 1), Self.maximumParts)
    }

    /// The split `routegen generate` chooses when none is asked for: one part per 100 endpoints and models,
    /// so that the simple case stays one file per kind.
    public static func automatic(endpoints: Int, models: Int) -> FileSplit {
        FileSplit(parts: (endpoints + models + 99) / 100)
    }

    /// `items` cut into `parts` contiguous slices whose sizes differ by at most one, the larger ones first.
    func slices<Item>(_ items: [Item]) -> [ArraySlice<Item>] {
        let base = items.count / parts
        let larger = items.count % parts
        var start = 0
        return (0..<parts).map { part in
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

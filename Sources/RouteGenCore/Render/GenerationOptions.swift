/// How generated code is shaped: its access level, where templates come from, how many files it is spread over.
public struct GenerationOptions: Hashable, Sendable {
    /// The access level of generated declarations.
    public enum AccessLevel: String, CaseIterable, Hashable, Sendable {
        case `public`, `package`, `internal`

        /// The keyword and a space, or nothing for `internal` (the default, left unwritten).
        var keyword: String { self == .internal ? "" : rawValue + " " }

        /// What puts the generated code's plumbing out of app code's sight: `@_spi(Generated) ` and a space for
        /// `public`, nothing below it (`@_spi` takes only public declarations).
        var spiAttribute: String { self == .public ? "@_spi(Generated) " : "" }
    }

    /// The access level of generated declarations; `public` by default, so a generated module can be shared.
    public var accessLevel: AccessLevel
    /// A folder whose files replace the built-in templates of the same name.
    public var templatesDirectory: String?
    /// How many files the handler, the routes and the models are spread over; nil for ``FileSplit/automatic(endpoints:models:)``.
    public var split: FileSplit?
    /// Whether the `MockRequestHandler` file holds the mock.
    public var mocks: Mocks
    /// What the files are named after (`<prefix>+Models.swift`) instead of the API's namespace, for one spec: the
    /// build plugin names its outputs before the generator reads the spec, from the spec's `name:` line, and the
    /// files must have the names it declared whatever YAML makes of that line.
    public var fileNamePrefix: String?

    /// Whether the API is one module, or spread over several (``ModulePlan``).
    public var modules: Modules = .one

    /// What the models only responses reach (``Model/isReadOnly``) conform to; nil for the layout's default:
    /// `codable` in one module, `decodable` in the module layout, whose point is quick rebuilds (measured on whole
    /// Stripe in one run: an edit of a model several groups use rebuilds in 9.7 s with them, 11.0 s without; cold
    /// 91.1 s against 99.9 s).
    public var responseModels: ResponseModels?

    /// What the models only responses reach conform to.
    public enum ResponseModels: String, CaseIterable, Hashable, Sendable {
        /// `Codable`, `Sendable` and `Hashable`, as every other model: an app can encode a response or put it in a set.
        case codable
        /// `Decodable` and `Sendable`: no `encode(to:)`, no `==` and `hash(into:)` to compile.
        case decodable
    }

    /// The one module of the layout to generate, in its folder as in the whole layout (the build plugin generates
    /// each module in its own target); nil for every module, each in its folder.
    public var module: String?

    /// How many modules an API is spread over.
    public enum Modules: Hashable, Sendable {
        /// One module: every file in the output folder (the default).
        case one
        /// One when the API is small, else one endpoint module per ``ModulePlanner/endpointsPerModule``
        /// endpoints: see ``ModulePlanner/automaticModuleCount(endpoints:models:)``.
        case automatic
        /// At most this many endpoint modules, beside the model modules and the umbrella.
        case count(Int)
    }

    /// Whether `prefix` can name files in the output folder and nowhere else: not empty, no path separator, no
    /// control character, not starting with a dot, short enough that every file name fits a file system's 255 bytes.
    public static func isValidFileNamePrefix(_ prefix: String) -> Bool {
        !prefix.isEmpty && !prefix.hasPrefix(".") && prefix.utf8.count <= 200
            && !prefix.unicodeScalars.contains { $0 == "/" || $0 == "\\" || $0.properties.generalCategory == .control }
    }

    /// Where the generated mock is compiled.
    public enum Mocks: String, CaseIterable, Hashable, Sendable {
        /// In every build.
        case always
        /// In `DEBUG` builds only: a release build of the app carries no mock.
        case debug
        /// Never: the mock's file says only that it was turned off.
        case never
    }

    /// Creates options.
    public init(
        accessLevel: AccessLevel = .public, templatesDirectory: String? = nil, split: FileSplit? = nil, mocks: Mocks = .always
    ) {
        self.accessLevel = accessLevel
        self.templatesDirectory = templatesDirectory
        self.split = split
        self.mocks = mocks
    }
}

/// One file the generator produces: a name relative to the output folder, and its contents.
public struct GeneratedFile: Hashable, Sendable {
    /// The file name, like `Petstore+APIRoute.swift`.
    public var name: String
    /// The Swift source.
    public var contents: String

    /// Creates a file.
    public init(name: String, contents: String) {
        self.name = name
        self.contents = contents
    }
}

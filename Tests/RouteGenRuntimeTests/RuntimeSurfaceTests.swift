import Foundation
import Testing

/// RouteGenRuntime is what generated code links against, and no more: each of its public types is named by generated
/// code (the golden files of Tests/GeneratedClients, the example package's checked-in clients, and the templates,
/// which hold every line of Swift any setting generates), by a transport (RouteGenURLSession, RouteGenAsyncHTTPClient,
/// RouteGenTesting), or by one of the two short lists of `Documentation/Runtime.md`: "The runtime's types for apps",
/// and "Types generated code uses without naming them" (a model's `format: .iso8601` reaches `DateFormat`). A type
/// that is none of these belongs in the client toolkit, or is not public.
///
/// The public types are read from the runtime's source: every `public` or `open` struct, enum, class, actor, protocol
/// and type alias declared outside any other declaration (`@_spi(Generated)` ones included). A nested type is part of
/// the type it is declared in.
@Suite struct RuntimeSurfaceTests {
    static let repository = URL(filePath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
        .deletingLastPathComponent()

    @Test func everyPublicTypeOfTheRuntimeIsNamedByGeneratedCodeATransportOrTheListForApps() throws {
        let types = try Self.publicTypes(in: "Sources/RouteGenRuntime")
        #expect(types.count > 30, "the scan found too few types: \(types.sorted())")
        let generated = try Self.identifiers(
            in: ["Tests/GeneratedClients", "Examples/Sources/AccountsAPI/Generated", "Examples/Sources/Market", "Templates"])
        let transports = try Self.identifiers(
            in: ["Sources/RouteGenURLSession", "Sources/RouteGenAsyncHTTPClient", "Sources/RouteGenTesting"])
        let forApps = try Self.listedTypes()
        let unnamed = types.subtracting(generated).subtracting(transports).subtracting(forApps)
        #expect(unnamed.isEmpty, "public types of RouteGenRuntime that nothing names: \(unnamed.sorted())")
    }

    @Test func theListsNameOnlyPublicTypesOfTheRuntimeThatNothingElseNames() throws {
        let types = try Self.publicTypes(in: "Sources/RouteGenRuntime")
        let forApps = try Self.listedTypes()
        #expect(!forApps.isEmpty)
        #expect(forApps.subtracting(types).isEmpty, "listed but not public types of the runtime: \(forApps.subtracting(types).sorted())")
        let generated = try Self.identifiers(
            in: ["Tests/GeneratedClients", "Examples/Sources/AccountsAPI/Generated", "Examples/Sources/Market", "Templates"])
        let transports = try Self.identifiers(
            in: ["Sources/RouteGenURLSession", "Sources/RouteGenAsyncHTTPClient", "Sources/RouteGenTesting"])
        let redundant = forApps.intersection(generated.union(transports))
        #expect(redundant.isEmpty, "listed, but named by generated code or a transport already: \(redundant.sorted())")
    }

    @Test func theUnqualifiedNamesTestNamesEveryPublicTypeOfRouteGensProducts() throws {
        var types: Set<String> = []
        for product in ["RouteGenRuntime", "RouteGenToolkit", "RouteGenURLSession", "RouteGenAsyncHTTPClient", "RouteGenTesting"] {
            types.formUnion(try Self.publicTypes(in: "Sources/\(product)"))
        }
        let named = try Self.identifiers(in: ["Tests/RouteGenRuntimeTests/UnqualifiedNamesTests.swift"])
        #expect(types.subtracting(named).isEmpty, "not named by UnqualifiedNamesTests: \(types.subtracting(named).sorted())")
    }

    @Test func theScanFindsTopLevelPublicTypesOnly() {
        let source = """
            import struct Foundation.Date
            #if canImport(Glibc)
                import Glibc
            #endif
            /// A `public struct Commented` in a comment.
            public struct Outer<Value: Sendable>: Sendable {
                public struct Nested {}
                let text = "public enum Quoted {}"
            }
            @_spi(Generated) public protocol Plumbing: Sendable {}
            public final class Shared {}
            struct Internal { public enum AlsoNested {} }
            package enum Package {}
            /* public actor Hidden {} */
            public typealias Callback = @Sendable () -> Void
            extension Outer { public enum Extra {} }
            """
        #expect(Self.publicTypes(inSource: source) == ["Outer", "Plumbing", "Shared", "Callback"])
    }

    @Test func aNameInACommentIsNotCode() {
        let source = """
            /// Throws `Ghost` (`Phantom.x`).
            let path = "/pets/\\(Interpolated.encode(id))" // Trailing
            /* Block */ let url = "https://example.com" + Spelled.suffix
            """
        let names = Self.identifiers(inSource: source)
        #expect(names.isSuperset(of: ["Interpolated", "Spelled"]), "\(names.sorted())")
        #expect(names.isDisjoint(with: ["Ghost", "Phantom", "Trailing", "Block"]), "\(names.sorted())")
    }

    /// The headings of `Documentation/Runtime.md` whose lists name runtime types that generated code and the
    /// transports do not.
    static let listHeadings = ["The runtime's types for apps", "Types generated code uses without naming them"]

    /// The names of the runtime's types in the lists under ``listHeadings``: the code-voice name at the start of each
    /// item.
    static func listedTypes() throws -> Set<String> {
        let text = try String(contentsOf: repository.appending(path: "Documentation/Runtime.md"), encoding: .utf8)
        var names: Set<String> = []
        var isInList = false
        for line in text.split(separator: "\n", omittingEmptySubsequences: false) {
            if line.hasPrefix("#") { isInList = listHeadings.contains { line.hasSuffix($0) } }
            guard isInList, line.hasPrefix("- `") else { continue }
            names.insert(String(line.dropFirst(3).prefix { $0 != "`" }))
        }
        return names
    }

    /// The identifiers of the code of every file under `paths` (Swift and templates; a path may be a file's).
    static func identifiers(in paths: [String]) throws -> Set<String> {
        var identifiers: Set<String> = []
        for path in paths {
            let root = repository.appending(path: path)
            var isFolder: ObjCBool = false
            _ = FileManager.default.fileExists(atPath: root.path, isDirectory: &isFolder)
            let files =
                isFolder.boolValue
                ? FileManager.default.enumerator(at: root, includingPropertiesForKeys: nil)?.compactMap { $0 as? URL } ?? []
                : [root]
            for file in files where ["swift", "mustache"].contains(file.pathExtension) {
                identifiers.formUnion(Self.identifiers(inSource: try String(contentsOf: file, encoding: .utf8)))
            }
        }
        return identifiers
    }

    /// The identifiers of `source`'s code: a name in a comment (a doc comment's "throws `MockEndpointError`") is not
    /// code naming a type, while one in a string literal may be (an interpolation, `"/\(PercentEncoding.…)"`).
    static func identifiers(inSource source: String) -> Set<String> {
        let code = withoutComments(source, orStrings: false)
        return Set(code.split { !($0.isLetter || $0.isNumber || $0 == "_") }.map(String.init))
    }

    /// The public types declared at the top level of the Swift files under `folder`.
    static func publicTypes(in folder: String) throws -> Set<String> {
        let root = repository.appending(path: folder)
        let files = FileManager.default.enumerator(at: root, includingPropertiesForKeys: nil)?.compactMap { $0 as? URL } ?? []
        var types: Set<String> = []
        for file in files where file.pathExtension == "swift" {
            types.formUnion(publicTypes(inSource: try String(contentsOf: file, encoding: .utf8)))
        }
        return types
    }

    /// The public types declared at the top level of `source`, in order: comments and string literals are skipped, and
    /// a declaration counts at brace depth zero only.
    static func publicTypes(inSource source: String) -> [String] {
        let code = withoutComments(source)
        let kinds: Set<Substring> = ["struct", "enum", "class", "actor", "protocol", "typealias"]
        var types: [String] = []
        var depth = 0
        // The words since the last `;`, `{`, `}` or line end at depth zero: the current declaration's head.
        var head: [Substring] = []
        for line in code.split(separator: "\n", omittingEmptySubsequences: false) {
            var word = ""
            func endWord() {
                if !word.isEmpty, depth == 0 { head.append(Substring(word)) }
                word = ""
            }
            for character in line {
                if character.isLetter || character.isNumber || character == "_" || character == "@" {
                    word.append(character)
                    continue
                }
                endWord()
                if character == "{" || character == "}" || character == ";" {
                    if depth == 0, let kind = head.firstIndex(where: kinds.contains), kind + 1 < head.count,
                        head[..<kind].contains("public") || head[..<kind].contains("open")
                    {
                        types.append(String(head[kind + 1]))
                    }
                    head = []
                    if character == "{" { depth += 1 }
                    if character == "}" { depth -= 1 }
                }
            }
            endWord()
            // An import or a compiler directive is no declaration's head.
            if depth == 0, let first = head.first, line.trimmingCharacters(in: .whitespaces).hasPrefix("#") || first == "import" {
                head = []
            }
            // A type alias ends at its line's end.
            if depth == 0, let kind = head.firstIndex(of: "typealias"), kind + 1 < head.count,
                head[..<kind].contains("public")
            {
                types.append(String(head[kind + 1]))
                head = []
            }
        }
        return types
    }

    /// `source` with its comments, and the contents of its string literals unless `orStrings` is false, blanked out,
    /// lines kept.
    static func withoutComments(_ source: String, orStrings: Bool = true) -> String {
        var result = ""
        var characters = source[...]
        while let character = characters.first {
            if characters.hasPrefix("//") {
                characters = characters.drop { $0 != "\n" }
            } else if characters.hasPrefix("/*") {
                let end = characters.range(of: "*/")?.upperBound ?? characters.endIndex
                result += String(repeating: "\n", count: characters[..<end].filter { $0 == "\n" }.count)
                characters = characters[end...]
            } else if characters.hasPrefix("\"\"\"") {
                let rest = characters.dropFirst(3)
                let end = rest.range(of: "\"\"\"")?.upperBound ?? characters.endIndex
                result +=
                    orStrings
                    ? "\"\"" + String(repeating: "\n", count: characters[..<end].filter { $0 == "\n" }.count)
                    : String(characters[..<end])
                characters = characters[end...]
            } else if character == "\"" {
                var rest = characters.dropFirst()
                while let next = rest.first, next != "\"", next != "\n" {
                    rest = rest.dropFirst(next == "\\" ? 2 : 1)
                }
                let end = rest.isEmpty ? rest.startIndex : rest.index(after: rest.startIndex)
                result += orStrings ? "\"\"" : String(characters[..<end])
                characters = characters[end...]
            } else {
                result.append(character)
                characters = characters.dropFirst()
            }
        }
        return result
    }
}

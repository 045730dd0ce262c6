/// The state of one translation of a document: the document's files, the models made so far and what was found. The translators
/// of each part of the document share it.
final class TranslationState {
    /// The document's files.
    let documents: DocumentSet
    /// Everything found so far.
    var diagnostics = Diagnostics()
    /// The models made so far, and the names they took.
    var models = ModelRegistry()
    /// Where the import stops typing models.
    var scope: ModelScope
    /// The references followed so far, from operations and models to the models they need.
    var graph = ModelGraph()
    /// The operation being translated.
    private(set) var currentOperation: String?
    /// The operations left out because they could not be generated correctly, each with the first reason.
    private(set) var leftOut: [LeftOutOperation] = []
    private var reported: Set<String> = []
    /// How many schemas are being read, one within another: a model's definition reads its properties within the
    /// reading of the schema that named it.
    private(set) var nestingDepth = 0
    /// The definitions put off until the outermost reading is done, in the order their models were named.
    private var deferredDefinitions: [() -> Void] = []
    private var isDefiningDeferred = false
    /// The deepest reading goes: a schema nested deeper is typed as `JSON`. A model named past half of it is defined
    /// after the outermost reading, so a chain of references, however long, never nests calls deeper than this.
    static let deepestNesting = 48

    init(documents: DocumentSet, scope: ModelScope = ModelScope()) {
        self.documents = documents
        self.scope = scope
    }

    /// Reports a construct RouteGen cannot express and leaves out, at its line and column and by its JSON pointer.
    func unsupported(_ what: String, at node: DocumentNode, consequence: String) {
        warning("\(what) is not supported: \(consequence)", at: node)
    }

    /// Reports, once, what the import does with something of the document that the client does not send as written,
    /// at its line and column and by its JSON pointer.
    func warning(_ message: String, at node: DocumentNode) {
        let message = "\(message) (\(documents.writtenPointer(of: node)))"
        guard reported.insert(node.file + message).inserted else { return }
        diagnostics.warning(message, at: node.location)
    }

    /// Runs `translate` for the operation `name`. When it reports an error (something that would make the client
    /// wrong), the error becomes a warning that says the operation is left out, and the result is nil.
    func operation<T>(_ name: String, _ translate: () -> T) -> T? {
        currentOperation = name
        defer { currentOperation = nil }
        let (result, errors) = demotingErrors(to: "the operation `\(name)` is left out", translate)
        guard let first = errors.first else { return result }
        leftOut.append(LeftOutOperation(name: name, reason: first.message))
        return nil
    }

    /// Runs `read`, which reads a schema, one level deeper; when it is the outermost, then defines the models whose
    /// definitions were put off.
    func nested<T>(_ read: () -> T) -> T {
        nestingDepth += 1
        let result = read()
        nestingDepth -= 1
        if nestingDepth == 0 && !isDefiningDeferred {
            isDefiningDeferred = true
            while !deferredDefinitions.isEmpty { deferredDefinitions.removeFirst()() }
            isDefiningDeferred = false
        }
        return result
    }

    /// Runs `define`, which writes the definition of a model just named: at once (a definition writes those of the
    /// models it names, in the order it names them), or after the outermost reading when the nesting is past half
    /// of ``deepestNesting``.
    func defineModel(_ define: @escaping () -> Void) {
        guard nestingDepth < Self.deepestNesting / 2 else {
            deferredDefinitions.append(define)
            return
        }
        define()
    }

    /// Reports a construct that would make the generated client wrong.
    func error(_ message: String, at node: DocumentNode, hint: String? = nil) {
        diagnostics.error("\(message) (\(documents.writtenPointer(of: node)))", at: node.location, hint: hint)
    }

    /// Follows `node`'s `$ref`s. Nil, with a warning that ends with `consequence`, when one cannot be followed:
    /// for what can be left out (a path, an operation) or typed loosely (a schema as `JSON`) without making the
    /// client wrong.
    func resolve(_ node: DocumentNode, otherwise consequence: String) -> (node: DocumentNode, name: String?)? {
        demotingErrors(to: consequence) { resolve(node) }.result
    }

    /// Runs `body`; the errors it reports become warnings that end with `consequence`, and are returned as they were.
    private func demotingErrors<T>(to consequence: String, _ body: () -> T) -> (result: T, errors: [Diagnostic]) {
        let mark = diagnostics.all.count
        let result = body()
        return (result, diagnostics.demoteErrors(since: mark, consequence: consequence))
    }

    /// The media types of a request body or response: its `content`, followed when it is a `$ref`. OpenAPI's schema
    /// does not list `$ref` there, but JSON Reference allows one anywhere and Lob's document refers to a file holding
    /// each map; read as a media type named `$ref`, it typed every such body as bytes. Nil, with a warning that ends
    /// with `consequence`, when it cannot be followed.
    func content(of node: DocumentNode, otherwise consequence: String) -> DocumentNode? {
        guard let content = node["content"] else { return nil }
        return content.has("$ref") ? resolve(content, otherwise: consequence)?.node : content
    }

    /// Follows `node`'s `$ref`s without reporting anything: for a look at a schema that is reported, if it cannot
    /// be followed, where it is typed.
    func quietlyResolved(_ node: DocumentNode) -> DocumentNode? {
        var ignored = Diagnostics()
        return documents.resolve(node, diagnostics: &ignored)?.node
    }

    /// ``content(of:otherwise:)`` without reporting anything, for a look at a body that is reported where it is read.
    func quietlyResolvedContent(of node: DocumentNode) -> DocumentNode? {
        guard let content = node["content"] else { return nil }
        return content.has("$ref") ? quietlyResolved(content) : content
    }

    /// Follows `node`'s `$ref`s. Nil, with an error, when one cannot be followed.
    func resolve(_ node: DocumentNode) -> (node: DocumentNode, name: String?)? {
        documents.resolve(node, diagnostics: &diagnostics)
    }
}

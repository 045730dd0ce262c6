/// The state of one import: the document's files, the models made so far and what was found. The translators
/// of each part of the document share it.
final class ImportSession {
    /// The document's files.
    let documents: DocumentSet
    /// Everything found so far.
    var diagnostics = Diagnostics()
    /// The models made so far, and the names they took.
    var models = ModelRegistry()
    private var reported: Set<String> = []

    init(documents: DocumentSet) {
        self.documents = documents
    }

    /// Reports a construct RouteGen cannot express and leaves out, at its line and column and by its JSON pointer.
    func unsupported(_ what: String, at node: DocumentNode, consequence: String) {
        let message = "\(what) is not supported: \(consequence) (\(node.pointer))"
        guard reported.insert(node.file + message).inserted else { return }
        diagnostics.warning(message, at: node.location)
    }

    /// Reports a construct that would make the generated client wrong.
    func error(_ message: String, at node: DocumentNode, hint: String? = nil) {
        diagnostics.error("\(message) (\(node.pointer))", at: node.location, hint: hint)
    }

    /// Follows `node`'s `$ref`s. Nil, with an error, when one cannot be followed.
    func resolve(_ node: DocumentNode) -> (node: DocumentNode, name: String?)? {
        documents.resolve(node, diagnostics: &diagnostics)
    }
}

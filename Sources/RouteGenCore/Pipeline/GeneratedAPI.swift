/// One API a run generated, and which of its files: what the writer needs to tell the files this API wrote before
/// from files another API wrote (see ``OutputWriter``).
public struct GeneratedAPI: Hashable, Sendable {
    /// The API's Swift name.
    public var name: String
    /// Its spec, as given to the generator.
    public var sourceFile: String
    /// The module folders written: every module's in the module layout, the one asked for with `--module`, none for
    /// one module (its files are in the output folder).
    public var modules: [String]
    /// Whether the run writes the whole API (one module, or every module of its layout): a module folder recorded for
    /// the API or its spec that it does not write is then one an earlier run left.
    public var isWhole: Bool

    /// An API generated from `sourceFile` into the module folders `modules`, whole or not.
    public init(name: String, sourceFile: String, modules: [String], isWhole: Bool) {
        self.name = name
        self.sourceFile = sourceFile
        self.modules = modules
        self.isWhole = isWhole
    }
}

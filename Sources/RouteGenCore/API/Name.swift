/// A name as written in the spec (the wire name) and the Swift identifier decided for it.
public struct Name: Hashable, Sendable, CustomStringConvertible {
    /// The name as the spec writes it and the server sends it: a JSON key, query name, header or enum value.
    public var wire: String
    /// The Swift identifier, unescaped (`default`, without the backticks ``escapedSwift`` adds).
    public var swift: String

    /// Creates a name.
    public init(wire: String, swift: String) {
        self.wire = wire
        self.swift = swift
    }

    /// The identifier ready to declare: backticked when it is a Swift keyword.
    public var escapedSwift: String { SwiftKeywords.escaped(swift) }

    /// The identifier as an argument label, where only `inout`, `var` and `let` need backticks.
    public var argumentLabel: String { ["inout", "var", "let"].contains(swift) ? "`\(swift)`" : swift }

    /// The identifier as the label of an argument in a call, where only `inout` needs backticks (`let` and `var`
    /// escaped there are a warning).
    public var callLabel: String { swift == "inout" ? "`inout`" : swift }

    public var description: String { wire == swift ? swift : "\(swift) (\(wire))" }
}

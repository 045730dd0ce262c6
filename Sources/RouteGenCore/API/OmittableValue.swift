/// A value an app may have to give: an endpoint's parameter, or a property of a model or body.
protocol OmittableValue {
    /// Its type.
    var type: TypeReference { get }
    /// The spec's `default:`, if any.
    var defaultValue: LiteralValue? { get }
    /// Whether it is always sent, nil as `null` (`required: true`), so an app must say what it holds.
    var sendsNull: Bool { get }
}

extension OmittableValue {
    /// Whether an app may leave it out: it is optional (it defaults to `nil`) and not always sent, or has a
    /// `default:`. Where this holds, the generated argument has a default value, and a new one in a spec is an
    /// addition, not a break.
    var mayBeLeftOut: Bool { (type.isOptional && !sendsNull) || defaultValue != nil }
}

extension Parameter: OmittableValue {
    /// A parameter is never sent as `null`.
    var sendsNull: Bool { false }
}
extension Property: OmittableValue {}

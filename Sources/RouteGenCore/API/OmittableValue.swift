/// A value an app may have to give: an endpoint's parameter, or a property of a model or body.
protocol OmittableValue {
    /// Its type.
    var type: TypeReference { get }
    /// The spec's `default:`, if any.
    var defaultValue: LiteralValue? { get }
}

extension OmittableValue {
    /// Whether an app may leave it out: it is optional (it defaults to `nil`) or has a `default:`. Where this
    /// holds, the generated argument has a default value, and a new one in a spec is an addition, not a break.
    var mayBeLeftOut: Bool { type.isOptional || defaultValue != nil }
}

extension Parameter: OmittableValue {}
extension Property: OmittableValue {}

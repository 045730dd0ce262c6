extension WireValue {
    /// Whether an app may leave it out: it is optional (it defaults to `nil`) and not always sent (`sendsNull`,
    /// a property's `required: true`), or has a `default:`. Where this holds, the generated argument has a default
    /// value, and a new one in a spec is an addition, not a break.
    func mayBeLeftOut(sendsNull: Bool) -> Bool { (type.isOptional && !sendsNull) || defaultValue != nil }
}

extension Parameter {
    /// Whether an app may leave it out (a parameter is never sent as `null`).
    var mayBeLeftOut: Bool { value.mayBeLeftOut(sendsNull: false) }
}

extension Property {
    /// Whether an app may leave it out.
    var mayBeLeftOut: Bool { value.mayBeLeftOut(sendsNull: sendsNull) }
}

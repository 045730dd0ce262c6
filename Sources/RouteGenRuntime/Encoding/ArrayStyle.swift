/// How a list of values is written in a query or a form body.
public enum ArrayStyle: String, Hashable, Sendable {
    /// The name repeated for each value: `tags=a&tags=b`.
    case `repeat`
    /// The name with `[]`, repeated: `expand[]=a&expand[]=b` (Rails, PHP, Stripe).
    case brackets
    /// One item, the values joined by commas: `ids=1,2,3`.
    case comma
}

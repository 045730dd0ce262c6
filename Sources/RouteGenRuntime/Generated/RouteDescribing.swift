/// A generated `APIRoute`: equal to another, and hashed, by the request it describes (its ``RouteDescriptor``).
///
/// The equality lives here rather than in the generated enum: an `==` declared in a generated file is a top-level
/// name the compiler's dependency tracking cannot tell apart from any other `==`, so adding one endpoint to the
/// enum's file recompiled every file of the module that compares anything. Comparing descriptors also spares the
/// compiler an `==` matching every case against every other, which was most of the work of compiling a large
/// API's routes.
@_spi(Generated) public protocol RouteDescribing: Hashable {
    /// Everything about the route's request.
    var descriptor: RouteDescriptor { get }
}

@_spi(Generated) extension RouteDescribing {
    /// Two routes are equal when they describe the same request: the same endpoint with the same path, query,
    /// headers and body.
    public static func == (lhs: Self, rhs: Self) -> Bool { lhs.descriptor == rhs.descriptor }

    /// Hashes the request the route describes.
    public func hash(into hasher: inout Hasher) { hasher.combine(descriptor) }
}

/// The templates of `Templates/`, compiled into the generator by SwiftPM (`embedInCode` in `Package.swift`, through
/// the `Templates` link beside this module's sources): an installed `routegen` needs no resource files, and a template
/// edited is compiled in by the next build. A template added to the folder is added here too (`TemplateEmbeddingTests`
/// fails until it is).
enum BuiltInTemplates {
    /// Each template's text by its file name without `.mustache`.
    static let all: [String: String] = [
        "APIRoute.swift": PackageResources.APIRoute_swift_mustache,
        "DescriptorCase": PackageResources.DescriptorCase_mustache,
        "DescriptorChunk": PackageResources.DescriptorChunk_mustache,
        "Enum": PackageResources.Enum_mustache,
        "EnvelopedMethod": PackageResources.EnvelopedMethod_mustache,
        "Mock.swift": PackageResources.Mock_swift_mustache,
        "Models.swift": PackageResources.Models_swift_mustache,
        "Namespace.swift": PackageResources.Namespace_swift_mustache,
        "Object": PackageResources.Object_mustache,
        "Outcomes": PackageResources.Outcomes_mustache,
        "RequestHandling.swift": PackageResources.RequestHandling_swift_mustache,
        "ResponseHeaders": PackageResources.ResponseHeaders_mustache,
        "Umbrella": PackageResources.Umbrella_mustache,
        "Union": PackageResources.Union_mustache,
    ].mapValues { String(decoding: $0, as: UTF8.self) }
}

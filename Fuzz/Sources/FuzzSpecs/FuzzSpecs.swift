import Foundation
import FuzzDriver
import RouteGenCore

/// One input: the front end, given any bytes as a spec or an OpenAPI document, returns with its diagnostics,
/// never crashing or hanging, and every error it reports has a position.
@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzOneInput(_ data: UnsafePointer<UInt8>?, _ size: Int) -> CInt {
    let bytes = data.map { Data(bytes: $0, count: size) } ?? Data()
    var diagnostics = Diagnostics()
    _ = SpecPipeline().check(SpecSource(path: "fuzz.yaml", contents: bytes), diagnostics: &diagnostics)
    if let unpositioned = diagnostics.all.first(where: { $0.location.line < 1 || $0.location.column < 1 }) {
        fatalError("a diagnostic without a position: \(unpositioned)")
    }
    return 0
}

/// SwiftPM names an executable's entry point after its module; it hands the command line to libFuzzer.
@_cdecl("FuzzSpecs_main")
public func fuzzerMain(_ argc: CInt, _ argv: UnsafeMutablePointer<UnsafeMutablePointer<CChar>?>?) -> CInt {
    runFuzzer(argc, argv, fuzzOneInput)
}

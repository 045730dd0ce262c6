import ArgumentParser
import Foundation
import RouteGenCore

/// `routegen verify`: does recorded traffic still match the spec?
struct Verify: ParsableCommand {
    static let configuration = CommandConfiguration(
        abstract: "Check recorded traffic (a HAR file) against a spec, and report where the spec has drifted.",
        discussion: """
            Matches every exchange of the capture (exported from browser devtools, Charles, Proxyman or \
            mitmproxy) to its endpoint and reads its request and response with the spec's types, as the \
            generated client would. Drift is reported at the spec's line: an error where the client would fail \
            (a missing required key, a value of another type, a required query parameter not sent), a warning \
            where it would not (an enum value it decodes as `unknown`, a key it ignores, an undeclared status or \
            query parameter, an exchange no endpoint matches). A response body the capture did not record (HAR \
            lets `content.text` be left out) is not checked, and the summary says how many were not. Exit \
            status: 0 when nothing drifted, 1 when \
            something did (or the spec has errors), 2 for usage errors.
            """
    )

    @Argument(help: "The spec (or OpenAPI document).", completion: .file(extensions: ["yaml", "yml", "json"]))
    var spec: String

    @Option(help: "The recorded traffic, as a HAR file.", completion: .file(extensions: ["har"]))
    var har: String

    @Option(
        name: .customLong("base-url"),
        help: "Another base URL the traffic was recorded against, besides the spec's environments (repeatable).")
    var baseURLs: [String] = []

    func run() throws {
        var diagnostics = Diagnostics()
        let source: SpecSource
        let capture: HARCapture
        do {
            source = try SpecSource(contentsOf: spec)
        } catch {
            throw SpecLoading.usageError("\(spec): cannot be read: \(error.localizedDescription)")
        }
        do {
            capture = try HARCapture(json: try Data(contentsOf: URL(fileURLWithPath: har)))
        } catch {
            throw SpecLoading.usageError("\(har): \(error)")
        }
        guard let checked = SpecPipeline().checkedSpec(source, diagnostics: &diagnostics), !diagnostics.hasErrors else {
            SpecLoading.print(diagnostics)
            throw ExitCode(ExitStatus.specErrors.rawValue)
        }
        let report = TrafficVerifier(otherBaseURLs: baseURLs).verify(capture, against: checked)
        SpecLoading.print(report.diagnostics)
        let errors = report.diagnostics.errors.count, warnings = report.diagnostics.all.count - errors
        func count(_ number: Int, _ singular: String, _ plural: String) -> String { "\(number) \(number == 1 ? singular : plural)" }
        let unchecked = [
            report.unrecordedBodies == 0 ? nil : count(report.unrecordedBodies, "response body", "response bodies") + " not recorded",
            report.unanswered == 0 ? nil : count(report.unanswered, "request", "requests") + " with no response (status 0)",
            report.partlyRead == 0 ? nil : "the headers, events or text of " + count(report.partlyRead, "response", "responses"),
        ].compactMap { $0 }
        print(
            "\(har): \(count(report.exchanges, "exchange", "exchanges")), \(report.matched) matched to "
                + count(report.endpoints.count, "endpoint", "endpoints")
                + (report.redirected == 0 ? "" : " (" + count(report.redirected, "redirect", "redirects") + " followed)") + "; "
                + (unchecked.isEmpty ? "" : unchecked.joined(separator: ", ") + ", not checked; ")
                + count(errors, "error", "errors") + ", " + count(warnings, "warning", "warnings"))
        if !report.diagnostics.all.isEmpty { throw ExitCode(ExitStatus.specErrors.rawValue) }
    }
}

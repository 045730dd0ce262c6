import Testing

@testable import RouteGenCore

/// The ``Printer`` construct by construct: lines as templates write them (text and marks), and where `swift format`
/// would break each when it does not fit in 120 columns.
@Suite struct PrinterTests {
    private let printer = Printer(key: "1234567890123456789")

    private func mark(_ mark: Printer.Mark) -> String { printer.text(of: mark) }

    /// `items` as a list of `kind` (`.call`, `.literal`, `.generic`), without its brackets.
    private func list(_ items: [String], _ kind: Printer.Mark = .call) -> String {
        mark(kind) + items.map { mark(.item) + $0 }.joined() + mark(.end)
    }

    /// `label: value`, breakable after the label.
    private func labeled(_ label: String, _ value: String) -> String {
        label + ": " + mark(.label) + value
    }

    private func name(_ length: Int, _ letter: Character = "a") -> String {
        String(repeating: letter, count: length)
    }

    private func lines(_ text: String) -> [String] {
        text.split(separator: "\n", omittingEmptySubsequences: false).map(String.init)
    }

    // MARK: Lines without marks, and marks out of place

    @Test func aLineWithoutMarksIsCopiedAsItIs() {
        let text = "    let x = 1\n\n\t\(name(200))\n"
        #expect(printer.print(text) == text)
    }

    @Test func marksOfAnotherKeyAreTextAndMisplacedMarksAreDropped() {
        let stranger = Printer(key: "9999999999999999999").text(of: .call)
        #expect(printer.print("let x = \"\(stranger)\"") == "let x = \"\(stranger)\"")
        #expect(printer.print("a\(mark(.item))b\(mark(.end))c") == "abc")
        // A list left open ends with its line.
        #expect(printer.print("f(\(mark(.call))\(mark(.item))x") == "f(x")
    }

    // MARK: Signatures

    @Test func aSignatureThatFitsStaysOnOneLine() {
        let line =
            "    public func getPet(\(list(["petId: Int64", "verbose: Bool = false"])))\(mark(.effects)) async throws -> Pet {"
        #expect(
            printer.print(line) == "    public func getPet(petId: Int64, verbose: Bool = false) async throws -> Pet {")
    }

    @Test func aSignatureThatDoesNotFitHasOneParameterPerLine() {
        let parameters = ["first: \(name(40))", "second: \(name(40))"]
        let line = "    public func f(\(list(parameters)))\(mark(.effects)) async throws -> Pet {"
        #expect(
            lines(printer.print(line)) == [
                "    public func f(",
                "        first: \(name(40)),",
                "        second: \(name(40))",
                "    ) async throws -> Pet {",
            ])
    }

    @Test func aParameterTooLongForItsLineBreaksAfterItsLabel() {
        let line = "    func f(\(list([labeled("value", name(120)), "b: B"])))\(mark(.effects)) async throws {"
        #expect(
            lines(printer.print(line)) == [
                "    func f(",
                "        value:",
                "            \(name(120)),",
                "        b: B",
                "    ) async throws {",
            ])
    }

    @Test func aLongResultWithGenericArgumentsBreaksInThem() {
        let result = printer.genericType("TypedResponse", [name(60, "r"), name(60, "h")])
        let line = "    func f(\(list([])))\(mark(.effects)) async throws -> \(result) {"
        #expect(
            lines(printer.print(line)) == [
                "    func f() async throws -> TypedResponse<",
                "        \(name(60, "r")),",
                "        \(name(60, "h"))",
                "    > {",
            ])
    }

    @Test func nestedGenericArgumentsBreakWhereTheyDoNotFit() {
        let inner = printer.genericType("EventStream", [name(110, "e")])
        let result = printer.genericType("TypedResponse", [inner, "H"])
        let line = "    func f(\(list([])))\(mark(.effects)) async throws -> \(result) {"
        #expect(
            lines(printer.print(line)) == [
                "    func f() async throws -> TypedResponse<",
                "        EventStream<",
                "            \(name(110, "e"))",
                "        >,",
                "        H",
                "    > {",
            ])
    }

    @Test func aLongResultWithoutGenericArgumentsGoesOnItsOwnLineAndTheBraceOnTheNext() {
        let line = "    func \(name(60))(\(list([])))\(mark(.effects)) async throws -> \(name(50, "r")) {"
        #expect(
            lines(printer.print(line)) == [
                "    func \(name(60))()",
                "        async throws -> \(name(50, "r"))",
                "    {",
            ])
        // With parameters, they wrap first, and the last line fits.
        let withParameters =
            "    func \(name(60))(\(list(["a: A"])))\(mark(.effects)) async throws -> \(name(50, "r")) {"
        #expect(
            lines(printer.print(withParameters)) == [
                "    func \(name(60))(",
                "        a: A",
                "    ) async throws -> \(name(50, "r")) {",
            ])
    }

    @Test func aNameTooLongForALineHasNowhereToBreak() {
        let line = "func \(name(130))(\(list([])))"
        #expect(printer.print(line) == "func \(name(130))()")
    }

    // MARK: Calls

    @Test func aCallThatDoesNotFitHasOneArgumentPerLine() {
        let line =
            "        let route = \(mark(.value))Petstore.APIRoute.f(\(list(["a: \(name(50))", "b: \(name(50))"])))"
        #expect(
            lines(printer.print(line)) == [
                "        let route = Petstore.APIRoute.f(",
                "            a: \(name(50)),",
                "            b: \(name(50))",
                "        )",
            ])
    }

    @Test func aBindingWhoseCallDoesNotOpenOnItsLineBreaksAfterTheEqualsSign() {
        let line = "        let route = \(mark(.value))Petstore.APIRoute.\(name(83))(\(list(["a: a"])))"
        #expect(
            lines(printer.print(line)) == [
                "        let route =",
                "            Petstore.APIRoute.\(name(83))(a: a)",
            ])
    }

    @Test func aCallAsAnArgumentIsLaidOutWhereItGoes() {
        let reading =
            "reading: \(mark(.label)).json(\(list(["\(name(60))\(mark(.member)).self", "errorBody: \(mark(.label))E\(mark(.member)).self"])))"
        let line = "        return try await send(\(list(["route", reading])))"
        #expect(
            lines(printer.print(line)) == [
                "        return try await send(",
                "            route,",
                "            reading: .json(\(name(60)).self, errorBody: E.self)",
                "        )",
            ])
        let longer = reading.replacingOccurrences(of: name(60), with: name(90))
        #expect(
            lines(printer.print("        return try await send(\(list(["route", longer])))")) == [
                "        return try await send(",
                "            route,",
                "            reading: .json(",
                "                \(name(90)).self,",
                "                errorBody: E.self",
                "            )",
                "        )",
            ])
    }

    @Test func aTypeTooLongForItsLineBreaksBeforeSelf() {
        let line = "    f(\(list(["\(name(115))\(mark(.member)).self", "b"])))"
        #expect(
            lines(printer.print(line)) == [
                "    f(",
                "        \(name(115))",
                "            .self,",
                "        b",
                "    )",
            ])
    }

    @Test func aLongStringLiteralArgumentGoesOnTheLineAfterItsLabel() {
        let path = "\"/" + name(110, "p") + "\""
        let line = "        return RouteDescriptor(\(list(["method: .get", labeled("path", path)])))"
        #expect(
            lines(printer.print(line)) == [
                "        return RouteDescriptor(",
                "            method: .get,",
                "            path:",
                "                \(path)",
                "        )",
            ])
    }

    // MARK: Collection literals

    @Test func aWrappedLiteralOfSeveralElementsEndsWithACommaAndOfOneWithout() {
        let several = "    let x: [String] = [\(list([name(60), name(60)], .literal))]"
        #expect(
            lines(printer.print(several)) == [
                "    let x: [String] = [", "        \(name(60)),", "        \(name(60)),", "    ]",
            ])
        let one = "    let x: [String] = [\(list([name(120)], .literal))]"
        #expect(lines(printer.print(one)) == ["    let x: [String] = [", "        \(name(120))", "    ]"])
    }

    @Test func aLineEndingInALiteralKeepsTheLastColumnFree() {
        // 119 columns fit; 120 do not, with a collection literal at the end.
        let head = "let x = ["
        let fits = head + list([name(119 - head.count - 1)], .literal) + "]"
        #expect(printer.print(fits).count == 119)
        let reaches = head + list([name(120 - head.count - 1)], .literal) + "]"
        #expect(lines(printer.print(reaches)).count == 3)
        // Without a literal, 120 columns fit.
        let call = "f(" + list([name(117)]) + ")"
        #expect(printer.print(call).count == 120)
    }

    @Test func aDefaultLiteralTooLongForItsParameterLineHasOneElementPerLine() {
        let defaultValue = " = \(mark(.value))[" + list(["\"\(name(50))\"", "\"\(name(50))\""], .literal) + "]"
        let line =
            "    func f(\(list([labeled("tags", "[String]") + defaultValue, "b: B"])))\(mark(.effects)) async throws {"
        #expect(
            lines(printer.print(line)) == [
                "    func f(",
                "        tags: [String] = [",
                "            \"\(name(50))\",",
                "            \"\(name(50))\",",
                "        ],",
                "        b: B",
                "    ) async throws {",
            ])
    }

    @Test func aLiteralWhoseOpeningDoesNotFitBreaksAfterTheLabelFirst() {
        let defaultValue = " = \(mark(.value))[" + list(["1", "2"], .literal) + "]"
        let line =
            "    func f(\(list([labeled("tags", "[\(name(110))]") + defaultValue])))\(mark(.effects)) async throws {"
        #expect(
            lines(printer.print(line)) == [
                "    func f(",
                "        tags:",
                "            [\(name(110))] = [",
                "                1,",
                "                2,",
                "            ]",
                "    ) async throws {",
            ])
    }

    @Test func aLiteralAsAnArgumentBreaksWhereItGoes() {
        let statuses =
            "["
            + list(
                [
                    "400: \(mark(.label))\(name(45))\(mark(.member)).self",
                    "404: \(mark(.label))\(name(45))\(mark(.member)).self",
                ], .literal) + "]"
        let errors =
            "errors: \(mark(.label))ErrorBodies(" + list([statuses, "default: \(mark(.label))D\(mark(.member)).self"])
            + ")"
        #expect(
            lines(printer.print("            \(errors)")) == [
                "            errors: ErrorBodies(",
                "                [",
                "                    400: \(name(45)).self,",
                "                    404: \(name(45)).self,",
                "                ],",
                "                default: D.self",
                "            )",
            ])
    }

    @Test func aMarkedArgumentKeepsAColumnForACommaAfterIt() {
        // `.form(…)` is 119 columns at column 20: it fits the last column but one a line holding a literal may reach,
        // unless it keeps one more for a comma.
        let styles = "styles: \(mark(.label))[" + list(["\"\(name(54))\": .brackets"], .literal) + "]"
        let content = "content: \(mark(.label)).form(" + list(["body", styles]) + ")"
        let call = "                return RouteDescriptor(" + list(["method: .get", content]) + ")"
        #expect(lines(printer.print(call))[2].count == 119)
        #expect(
            lines(printer.print(call.replacingOccurrences(of: content, with: content + mark(.reserve))))[2...4] == [
                "                    content: .form(",
                "                        body,",
                "                        styles: [\"\(name(54))\": .brackets]",
            ])
    }

    // MARK: Conformance lists

    @Test func conformancesThatDoNotFitContinueFourFurtherInAndTheBraceGoesOnItsOwnLine() {
        let conformances = list(["Codable", "Sendable", "Hashable", name(40, "p") + "Protocol"], .conformances)
        let line = "    public struct \(name(50)): \(conformances) {"
        #expect(
            lines(printer.print(line)) == [
                "    public struct \(name(50)): Codable, Sendable, Hashable,",
                "        \(name(40, "p"))Protocol",
                "    {",
            ])
        #expect(printer.print("struct A: \(list(["B", "C"], .conformances)) {") == "struct A: B, C {")
    }

    @Test func attributesGoOnALineOfTheirOwnWhenTheDeclarationDoesNotFit() {
        let head = "@_spi(Generated) \(mark(.attributes))extension \(name(38)).RequestHandler: "
        let line = head + list(["\(name(38)).RouteSending"], .conformances) + " {"
        #expect(
            lines(printer.print(line)) == [
                "@_spi(Generated)",
                "extension \(name(38)).RequestHandler: \(name(38)).RouteSending {",
            ])
        // Without attributes, the conformance breaks instead.
        let bare =
            "\(mark(.attributes))extension \(name(60)).RequestHandler: "
            + list(["\(name(60)).RouteSending"], .conformances) + " {"
        #expect(
            lines(printer.print(bare)) == [
                "extension \(name(60)).RequestHandler:",
                "    \(name(60)).RouteSending",
                "{",
            ])
    }

    // MARK: Case patterns and blocks

    @Test func aCasePatternThatDoesNotFitHasItsBindingsOnTheNextLineOrOnePerLine() {
        let line = "            case .\(name(90))(\(list(["let a", "_", "let c"], .pattern))):"
        #expect(lines(printer.print(line)) == ["            case .\(name(90))(", "                let a, _, let c):"])
        let long = "            case .f(\(list(["let \(name(60))", "let \(name(60))"], .pattern))):"
        #expect(
            lines(printer.print(long)) == [
                "            case .f(",
                "                let \(name(60)),",
                "                let \(name(60))):",
            ])
    }

    @Test func aBlockThatDoesNotFitHasItsStatementOnALineOfItsOwn() {
        let statement = "routeHeaders[\"\(name(30))\"] = \(mark(.value))\(name(30)).httpParameterValue"
        let line = "        if let \(name(30)) { \(mark(.body))\(statement)\(mark(.end)) }"
        #expect(
            lines(printer.print(line)) == [
                "        if let \(name(30)) {",
                "            routeHeaders[\"\(name(30))\"] = \(name(30)).httpParameterValue",
                "        }",
            ])
        #expect(printer.print("if let a { \(mark(.body))x = \(mark(.value))a\(mark(.end)) }") == "if let a { x = a }")
    }

    @Test func aStatementAfterACasePatternGoesOnTheNextLineWhenItDoesNotFit() {
        let value = "try container.decode(\(name(40)).self)"
        let line = "                case .string: \(mark(.value))self = .text(\(list([value], .pattern)))"
        #expect(printer.print(line) == "                case .string: self = .text(\(value))")
        let longer = line.replacingOccurrences(of: name(40), with: name(55))
        #expect(
            lines(printer.print(longer)) == [
                "                case .string:",
                "                    self = .text(try container.decode(\(name(55)).self))",
            ])
        // Even there too long: its value on the next line, 4 further in.
        let longest = line.replacingOccurrences(of: name(40), with: name(90))
        #expect(
            lines(printer.print(longest)) == [
                "                case .string:",
                "                    self = .text(",
                "                        try container.decode(\(name(90)).self))",
            ])
    }

    // MARK: Declarations

    @Test func aConstantWithTwoValueMarksBreaksAfterItsTypeOnlyWhenItsHeadPassesTheLastColumn() {
        /// `static let knownCases: [Name] = [.a, .b]` with a head (through `[`) of `width` columns at column 8.
        func constant(width: Int) -> String {
            let name = self.name(width - "static let knownCases: [] = [".count - 8)
            return
                "        static let knownCases: \(mark(.value))[\(name)] = \(mark(.value))[\(list([".a", ".b"], .literal))]"
        }
        // A head of 120 columns reaches the last column a literal's line may not: it breaks after `=`.
        let reaching = lines(printer.print(constant(width: 120)))
        #expect(reaching.count == 2 && reaching[0].hasSuffix("] =") && reaching[1] == "            [.a, .b]")
        // One of 121 passes it: after the type's colon first, the rest laid out 4 further in.
        let passing = lines(printer.print(constant(width: 121)))
        #expect(passing.count == 2 && passing[0] == "        static let knownCases:")
        #expect(passing[1].hasPrefix("            [a") && passing[1].hasSuffix("] = [.a, .b]"))
    }

    @Test func aLineWithoutAListBreaksInItsGenericArguments() {
        let line = "        static let reader = ResponseReader<\(list([name(100)], .generic))> { response in"
        #expect(
            lines(printer.print(line)) == [
                "        static let reader = ResponseReader<",
                "            \(name(100))",
                "        > { response in",
            ])
        #expect(printer.print("let r = R<\(list(["A"], .generic))> {") == "let r = R<A> {")
    }

    // MARK: Assignments

    @Test func anAssignmentThatDoesNotFitBreaksAfterItsValueMark() {
        let line = "        x = \(mark(.value))\(name(120))"
        #expect(lines(printer.print(line)) == ["        x =", "            \(name(120))"])
        #expect(printer.print("        x = \(mark(.value))y") == "        x = y")
    }

    @Test func anOperatorExpressionThatDoesNotFitBreaksAfterItsOperandMarkFirst() {
        let call =
            "try container.decodeIfPresent(\(list(["\(name(30))\(mark(.member)).self", labeled("forKey", "\"k\"")])))"
        let line = "            self.x = \(mark(.operand))\(call) ?? .\(name(10, "b"))"
        #expect(
            printer.print(line)
                == "            self.x = try container.decodeIfPresent(\(name(30)).self, forKey: \"k\") ?? .\(name(10, "b"))"
        )
        // Too long for its line: the value goes on the next, 4 further in, and wraps there only if it must.
        let longer = line.replacingOccurrences(of: name(10, "b"), with: name(18, "b"))
        #expect(
            lines(printer.print(longer)) == [
                "            self.x =",
                "                try container.decodeIfPresent(\(name(30)).self, forKey: \"k\") ?? .\(name(18, "b"))",
            ])
        let longest = line.replacingOccurrences(of: name(10, "b"), with: name(80, "b"))
        #expect(
            lines(printer.print(longest)) == [
                "            self.x =",
                "                try container.decodeIfPresent(",
                "                    \(name(30)).self,",
                "                    forKey: \"k\"",
                "                ) ?? .\(name(80, "b"))",
            ])
    }

    @Test func aDefaultLiteralBreaksOneElementPerLineWhereItDoesNotFit() {
        let elements = ["\"\(name(50))\"", "\"\(name(50))\""]
        let fallback = printer.defaultLiteral(elements)
        #expect(printer.print("x = f(\(list(["a"]))) ?? \(printer.defaultLiteral(["1", "2"]))") == "x = f(a) ?? [1, 2]")
        // As the last line of a call broken after its operand.
        let line = "        self.x = \(mark(.operand))try f(\(list(["a"]))) ?? \(fallback)"
        #expect(
            lines(printer.print(line)) == [
                "        self.x =",
                "            try f(",
                "                a",
                "            ) ?? [",
                "                \(elements[0]),",
                "                \(elements[1]),",
                "            ]",
            ])
        // As an argument, after its label: broken inside the literal when the argument does not fit its line.
        let argument = "        try f(\(list(["a", labeled("whenAbsent", fallback)])))"
        #expect(
            lines(printer.print(argument)) == [
                "        try f(",
                "            a,",
                "            whenAbsent: [",
                "                \(elements[0]),",
                "                \(elements[1]),",
                "            ]",
                "        )",
            ])
    }

    // MARK: Bindings of generic types

    @Test func aBindingOfAGenericTypeThatDoesNotFitBreaksInItsGenericArguments() {
        let type = "MockEndpoint<\(list(["APIRoute", name(70, "o")], .generic))>"
        let line = "        public let \(name(20)) = \(mark(.value))\(type)(\"Api.\(name(20))\")"
        #expect(
            lines(printer.print(line)) == [
                "        public let \(name(20)) = MockEndpoint<",
                "            APIRoute, \(name(70, "o"))",
                "        >(\"Api.\(name(20))\")",
            ])
        #expect(printer.print("let a = \(mark(.value))\(type)()") == "let a = MockEndpoint<APIRoute, \(name(70, "o"))>()")
    }

    @Test func aBindingWhoseGenericTypeDoesNotOpenOnItsLineBreaksAfterTheEqualsSign() {
        let type = "MockEndpoint<\(list(["APIRoute", "Pet"], .generic))>"
        let line = "        public let \(name(95)) = \(mark(.value))\(type)(\"Api.a\")"
        #expect(
            lines(printer.print(line)) == [
                "        public let \(name(95)) =",
                "            MockEndpoint<APIRoute, Pet>(\"Api.a\")",
            ])
    }

    @Test func aBindingBrokenAfterItsEqualsSignTakesTheLinesThatContinueItFurtherIn() {
        let type = "MockEndpoint<\(list(["APIRoute", "Pet"], .generic))>"
        let text = [
            "        public let \(name(95)) = \(mark(.value))\(type)(",
            "            \"Api.a\",",
            "            example: #\"\"\"",
            "",
            "                {}",
            "                \"\"\"#",
            "        )",
            "        public let b = 1",
        ].joined(separator: "\n")
        #expect(
            lines(printer.print(text)) == [
                "        public let \(name(95)) =",
                "            MockEndpoint<APIRoute, Pet>(",
                "                \"Api.a\",",
                "                example: #\"\"\"",
                "",
                "                    {}",
                "                    \"\"\"#",
                "            )",
                "        public let b = 1",
            ])
        // Broken elsewhere, or fitting, the lines after it stay where they are.
        let short = text.replacingOccurrences(of: name(95), with: "a")
        #expect(lines(printer.print(short))[1] == "            \"Api.a\",")
    }

    // MARK: Properties

    /// Over generated lists: the printed text is the flat text with only line breaks, indentation and (for a
    /// collection literal) a trailing comma added, and every line fits when every item does.
    @Test func aWrappedListHoldsTheSameTokensAndEveryLineFits() {
        var generator = SystemRandomNumberGenerator()
        for _ in 0..<300 {
            let indent = Int.random(in: 0...8, using: &generator) * 4
            let items = (0..<Int.random(in: 0...6, using: &generator)).map { index in
                "p\(index): " + name(Int.random(in: 1...90, using: &generator), "t")
            }
            let isLiteral = Bool.random(using: &generator)
            let (open, close) = isLiteral ? ("[", "]") : ("(", ")")
            let head = String(repeating: " ", count: indent) + "let v = f" + open
            let printed = printer.print(head + list(items, isLiteral ? .literal : .call) + close)
            let flat = head + items.joined(separator: ", ") + close
            let words = { (text: String) in text.filter { $0 != " " && $0 != "\n" && $0 != "," } }
            #expect(words(printed) == words(flat))
            if items.allSatisfy({ indent + 4 + $0.count + 1 <= 120 }) {
                #expect(lines(printed).allSatisfy { $0.count <= 120 }, "\(printed)")
            }
        }
    }
}

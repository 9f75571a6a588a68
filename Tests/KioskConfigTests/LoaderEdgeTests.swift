import Testing

@testable import KioskConfig

@Suite("Loader edges")
struct LoaderEdgeTests {
    @Test("a folder that does not exist is one error naming its absolute path")
    func missingFolder() {
        let result = ConfigLoader.load(directory: "/nonexistent/kiosk-config")
        #expect(
            result.diagnostics.map(\.description) == [
                ".: error: config folder not found: /nonexistent/kiosk-config"
            ])
        #expect(result.configuration == nil)
    }

    @Test("a file over the size limit is refused without parsing")
    func hugeFile() {
        let big = [UInt8](repeating: 0x20, count: ConfigLoader.maximumFileSize + 1)
        let result = ConfigLoader.load(
            files: MemoryFiles(files: [
                "kiosk.toml": Array("home = \"home\"\n".utf8), "pages/home.toml": big
            ]))
        #expect(
            result.diagnostics.map(\.description) == [
                "pages/home.toml: error: file is larger than 1024 KiB; is this a config file?"
            ])
    }

    @Test("a table header starting with a non-key character is a syntax error at that character")
    func badHeader() {
        let result = loadMemory([
            "kiosk.toml": "home = \"home\"\n",
            "pages/home.toml": "type = \"panel\"\n\n  [[ {widget]]\n"
        ])
        #expect(
            result.diagnostics.map(\.description) == [
                "pages/home.toml:3:6: error: TOML syntax: a table header must start with a key, saw '{'"
            ])
    }

    @Test(
        "a } or a line separator where an array expects a value is a syntax error there, not an abort (toml++ asserts on it)"
    )
    func closingBraceInArray() {
        let cases: [(String, String)] = [
            ("type = \"cube\"\nfaces = [}a\", 3, true]\n", "2:10"),
            ("type = \"cube\"\nfaces = [\"a\", }]\n", "2:15"),
            ("type = \"cube\"\nfaces = [\n  \"a\", # a comment\n  }\n]\n", "4:3"),
            ("type = \"cube\"\nfaces = [[\"a\"], [\u{2028}]]\n", "2:18"),
            ("type = \"panel\"\nwidget = [ { type = \"title\", rows = [ } ] } ]\n", "2:39")
        ]
        let unicode = loadMemory(["kiosk.toml": "home = \"home\"\n", "pages/home.toml": cases[3].0])
        #expect(
            unicode.diagnostics.first?.message.hasSuffix("saw U+2028, a line separator") == true)
        for (page, position) in cases {
            let result = loadMemory(["kiosk.toml": "home = \"home\"\n", "pages/home.toml": page])
            #expect(result.diagnostics.count == 1)
            #expect(
                result.diagnostics.first?.description.hasPrefix(
                    "pages/home.toml:\(position): error: TOML syntax: expected a value or closing ']', saw "
                ) == true, "\(page)")
        }
        // Inside strings, comments and inline tables, and after a value, a } is no trap.
        let fine =
            "type = \"cube\"\nfaces = [\"}\", '}', \"\"\"\n}\"\"\"] # [}\nx = { a = [1, 2] }\n"
        #expect(SourceLocator(text: fine).trap == nil)
        #expect(SourceLocator(text: "x = [1 }]\n").trap == nil)
    }

    @Test("an earlier syntax error wins over a later bad table header")
    func earlierErrorFirst() {
        let result = loadMemory([
            "kiosk.toml": "home = \"home\"\n", "pages/home.toml": "type = = 1\n[{x]\n"
        ])
        #expect(result.diagnostics.first?.line == 1)
        #expect(result.diagnostics.count == 1)
    }

    @Test("the locator places keys, tables and array-of-table entries on their lines")
    func locator() {
        let text = """
            title = "x" # [not] a header
            multi = \"\"\"
            [fake]
            \"\"\"
            list = [
              [ "a" ],
            ]
            [[widget]]
            type = "text"
            [[widget]]
            [[widget.row]]
              label = "a"
            [[widget.row]]
            "quoted key" = 1
            [transition]
            a.b = 2
            """
        let locator = SourceLocator(text: text)
        #expect(locator.position(of: "title") == .init(line: 1, column: 1))
        #expect(locator.position(of: "fake") == nil)
        #expect(locator.position(of: "list[2]") == .init(line: 5, column: 1))
        #expect(locator.position(of: "widget[1].type") == .init(line: 9, column: 1))
        #expect(locator.position(of: "widget[2]") == .init(line: 10, column: 1))
        #expect(locator.position(of: "widget[2].row[1].label") == .init(line: 12, column: 3))
        #expect(locator.position(of: "widget[2].row[2].quoted key") == .init(line: 14, column: 1))
        #expect(locator.position(of: "widget[2].row[2].missing") == .init(line: 13, column: 1))
        #expect(locator.position(of: "transition.a.b") == .init(line: 16, column: 1))
        #expect(locator.trap == nil)
    }

    @Test("suggestions pick the nearest name and stay quiet when nothing is close")
    func suggestions() {
        #expect(Suggestion.nearest(to: "colour", in: ["color", "size"]) == "color")
        #expect(Suggestion.nearest(to: "tpye", in: ["type", "title"]) == "type")
        #expect(Suggestion.nearest(to: "xyzzy", in: ["home", "settings"]) == nil)
        #expect(Suggestion.hint(for: "zz", in: ["b", "a"]) == "; expected one of a, b")
        #expect(Suggestion.editDistance(Array("kitten"), Array("sitting")) == 3)
    }

    @Test("markup and clock format checks accept what Pango and strftime accept")
    func checks() {
        #expect(
            MarkupCheck.problem(
                in: "<span foreground=\"#f00\" weight='bold'>a &lt; b &#169; &#x41;</span><br/>")
                == "unknown tag <br>; did you mean 'b'?")
        #expect(MarkupCheck.problem(in: "<span foreground=\"a>b\">x</span> 3 > 2") == nil)
        #expect(StrftimeCheck.problem(in: "%-d %^a %Ey %H:%M %% %10Y") == nil)
    }
}

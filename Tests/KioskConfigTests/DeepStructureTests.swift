import KioskCore
import Testing

@testable import KioskConfig

/// Hostile page files that once reached toml++'s recursion (issue 26: a dotted key of 100,000
/// parts overflowed the stack when its tree was freed), and their neighbours at the limit. Each
/// must give exactly one located error line, never a crash.
@Suite("Deep and long TOML structures")
struct DeepStructureTests {
    static let limit = ConfigLimits.tomlNesting

    func load(page: String) -> ConfigLoadResult {
        ConfigLoader.load(
            files: MemoryFiles(files: [
                "kiosk.toml": Array("home = \"home\"\n".utf8), "pages/home.toml": Array(page.utf8)
            ]))
    }

    /// The one diagnostic of `page`, as `check` prints it.
    func onlyLine(_ page: String) -> String? {
        let lines = load(page: page).diagnostics.map(\.description)
        #expect(lines.count == 1, "\(lines.map { String($0.prefix(200)) })")
        return lines.first
    }

    var tooDeep: String {
        "tables, dotted keys, arrays and inline tables nest more than \(Self.limit) levels deep here; at most \(Self.limit) are allowed"
    }

    func dottedKey(_ parts: Int) -> String {
        Array(repeating: "k", count: parts).joined(separator: ".")
    }

    @Test("a dotted key of 100,000 parts is one error at its 66th part (65 tables)")
    func deepDottedKey() {
        let line = onlyLine("type = \"panel\"\n\(dottedKey(100_000)) = 1\n")
        #expect(line == "pages/home.toml:2:\(2 * (Self.limit + 1) + 1): error: \(tooDeep)")
    }

    @Test("a table header of 100,000 parts, and an array-of-tables header, are one error each")
    func deepHeaders() {
        #expect(onlyLine("type = \"panel\"\n[\(dottedKey(100_000))]\n")?.hasSuffix(tooDeep) == true)
        #expect(
            onlyLine("type = \"panel\"\n[[\(dottedKey(100_000))]]\nx = 1\n")?.hasSuffix(tooDeep)
                == true)
    }

    @Test("100,000 nested inline tables are one error at the 65th brace")
    func deepInlineTables() {
        let open = String(repeating: "{a = ", count: 100_000)
        let line = onlyLine(
            "type = \"panel\"\nx = \(open)1\(String(repeating: "}", count: 100_000))\n")
        // `x = {` is level 1; `{` number 65 starts at column 5 + 64 × 5.
        #expect(line == "pages/home.toml:2:\(5 + Self.limit * 5): error: \(tooDeep)")
    }

    @Test("100,000 nested arrays are one error at the 65th bracket")
    func deepArrays() {
        let line = onlyLine(
            "type = \"panel\"\nx = \(String(repeating: "[", count: 100_000))\(String(repeating: "]", count: 100_000))\n"
        )
        #expect(line == "pages/home.toml:2:\(5 + Self.limit): error: \(tooDeep)")
    }

    @Test("a bare key and a quoted key of 100,000 characters are one error each, without the key")
    func longKeys() {
        let long = String(repeating: "k", count: 100_000)
        let message =
            "a key of 100000 characters; at most \(ConfigLimits.keyScalars) are allowed in one part of a key"
        #expect(
            onlyLine("type = \"panel\"\n\(long) = 1\n") == "pages/home.toml:2:1: error: \(message)")
        #expect(
            onlyLine("type = \"panel\"\na.\"\(long)\" = 1\n")
                == "pages/home.toml:2:3: error: \(message)")
        #expect(
            onlyLine("type = \"panel\"\n[\(long)]\n") == "pages/home.toml:2:2: error: \(message)")
    }

    @Test("a key repeated 100,000 times is one error: toml++'s duplicate key on line 2")
    func repeatedKey() {
        let line = onlyLine(String(repeating: "k = 1\n", count: 100_000))
        #expect(line?.hasPrefix("pages/home.toml:2:") == true)
        #expect(line?.contains("error: TOML syntax:") == true)
    }

    @Test("exactly the limit passes the scan, one level more does not, whichever way it is made")
    func atTheLimit() {
        let scan = { (text: String) in TOMLNestingScan.firstViolation(in: text)?.message }
        // A dotted key's last part names the value: 65 parts are 64 tables.
        #expect(scan("\(dottedKey(Self.limit + 1)) = 1\n") == nil)
        #expect(scan("\(dottedKey(Self.limit + 2)) = 1\n") == tooDeep)
        #expect(scan("\(dottedKey(Self.limit)) = []\n") == nil)
        #expect(scan("\(dottedKey(Self.limit + 1)) = []\n") == tooDeep)
        #expect(scan("[\(dottedKey(Self.limit))]\n") == nil)
        #expect(scan("[\(dottedKey(Self.limit + 1))]\n") == tooDeep)
        // [a.b] is 2, c.d is 2 more, then arrays from level 4 to 4 + n - 1.
        let arrays = { (n: Int) in
            "[a.b]\nc.d = \(String(repeating: "[", count: n))\(String(repeating: "]", count: n))\n"
        }
        #expect(scan(arrays(Self.limit - 3)) == nil)
        #expect(scan(arrays(Self.limit - 2)) == tooDeep)
        // An inline table's dotted keys add to its level.
        #expect(scan("x = { \(dottedKey(Self.limit)) = 1 }\n") == nil)
        #expect(scan("x = { \(dottedKey(Self.limit + 1)) = 1 }\n") == tooDeep)
        // `[[a]]` is an array (1) of tables (2).
        #expect(scan("[[\(dottedKey(Self.limit - 1))]]\n") == nil)
        #expect(scan("[[\(dottedKey(Self.limit))]]\n") == tooDeep)
    }

    @Test("brackets and dots in strings, comments and quoted keys open nothing")
    func stringsAndComments() {
        let many = String(repeating: "[{.", count: 1000)
        let text = """
            a = "\(many)\\"\(many)" # \(many)
            b = '\(many)'
            c = \"\"\"
            \(many)
            \"\"\"
            d = '''\(many)'''
            "\(many.prefix(240))" = 1
            '\(many.prefix(200))' = [ # \(many)
              "\(many)", 'x', \"\"\"\(many)\"\"\",
            ]
            [ "\(many.prefix(200))" . x ]
            """
        #expect(TOMLNestingScan.firstViolation(in: text)?.message == nil)
    }

    @Test("the shipped demo is far from the limit")
    func demoPasses() {
        for (path, bytes) in FuzzTests.demo where path.hasSuffix(".toml") {
            #expect(
                TOMLNestingScan.firstViolation(
                    in: String(decoding: bytes, as: UTF8.self), maximumDepth: 5) == nil, "\(path)")
        }
    }

    @Test("truncated and garbled text ends the scan without a violation or a hang")
    func garbled() {
        for text in [
            "[", "[[", "a = [", "a = {", "a = {b", "a = \"", "a = '''", "\"", "{[", "]]]]", "a.=.=",
            "=", ".", ",,,"
        ] {
            #expect(TOMLNestingScan.firstViolation(in: text) == nil, "\(text)")
        }
    }
}

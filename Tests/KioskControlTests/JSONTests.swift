import KioskCore
import Testing

@testable import KioskControl

@Suite("JSON and JSON paths")
struct JSONTests {
    let board = Array(
        #"{"station": "Nord", "trains": [{"time": "08:12", "to": "Hafen", "delay": 3}, {"time": "08:20", "to": "S\u00fcd", "delay": 0.50}], "ok": true}"#
            .utf8)

    @Test("members, indexes from both ends, and numbers as written")
    func paths() throws {
        let document = try JSONValue.parse(board)
        #expect(try JSONPath("station").resolve(in: document) == .string("Nord"))
        #expect(try JSONPath("trains[0].delay").resolve(in: document).text == "3")
        #expect(try JSONPath("trains[-1].delay").resolve(in: document).text == "0.50")
        #expect(try JSONPath("$.trains[1].to").resolve(in: document).text == "Süd")
        #expect(try JSONPath(#"["ok"]"#).resolve(in: document).text == "true")
        #expect(try JSONPath("").resolve(in: document) == document)
    }

    @Test("a path that leads nowhere says where it stopped")
    func missing() throws {
        let document = try JSONValue.parse(board)
        #expect(throws: ControlError.jsonPath("index 5 outside 2 elements at trains")) {
            try JSONPath("trains[5].to").resolve(in: document)
        }
        #expect(throws: ControlError.jsonPath("no member \"platform\" at trains[0]")) {
            try JSONPath("trains[0].platform").resolve(in: document)
        }
        #expect(throws: ControlError.jsonPath("station is a string, not an array for [0]")) {
            try JSONPath("station[0]").resolve(in: document)
        }
    }

    @Test("malformed paths are refused with their column")
    func badPaths() {
        #expect(
            throws: ValueSyntaxError.jsonPath(
                "expected [number] at column 8 of \"trains[x]\"", column: 8)
        ) { try JSONPath("trains[x]") }
        #expect(throws: ValueSyntaxError.self) { try JSONPath(".a") }
        #expect(throws: ValueSyntaxError.self) { try JSONPath("a..b") }
    }

    @Test("malformed JSON is refused with the byte offset")
    func malformed() {
        #expect(throws: ControlError.malformedJSON("expected ',' or '}' at byte 8")) {
            try JSONValue.parse(Array(#"{"a": 1 "b": 2}"#.utf8))
        }
        #expect(throws: ControlError.malformedJSON("unterminated string at byte 5")) {
            try JSONValue.parse(Array(#"["abc"#.utf8))
        }
        #expect(throws: ControlError.malformedJSON("unexpected text after the document at byte 2"))
        { try JSONValue.parse(Array("1 2".utf8)) }
    }

    @Test("nesting beyond the depth limit is refused, not a stack overflow")
    func deep() {
        let bytes = Array(String(repeating: "[", count: 100_000).utf8)
        #expect(throws: ControlError.malformedJSON("nested deeper than 64 at byte 64")) {
            try JSONValue.parse(bytes)
        }
    }

    @Test("escapes and surrogate pairs decode")
    func escapes() throws {
        #expect(
            try JSONValue.parse(Array(#""a\"b\\c\n\ud83d\ude80""#.utf8)) == .string("a\"b\\c\n🚀"))
    }
}

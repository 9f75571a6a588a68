import KioskConfig
import Testing

/// Each input of `cases`, loaded by `load`, is refused with exactly its one expected line.
func expectEachRefused(
    _ cases: [(input: String, expected: String)], load: (String) -> ConfigLoadResult
) {
    for c in cases {
        let result = load(c.input)
        #expect(result.configuration == nil)
        #expect(result.diagnostics.map(\.description) == [c.expected], "\(c.input)")
    }
}

import Foundation
import KioskCore
import KioskInput
import Testing

/// A recorded sequence with its setup and expected output. Besides the raw event lines, a
/// recording may hold:
///
///     @panel 800x480                native panel size (default 800x480)
///     @display 90                   display transform name (default normal)
///     @touch normal                 touch transform (default: follows the display)
///     @calibration 0 1 0 1 0 0      calibration matrix
///     @keyboard xkb us              keymap: "evdev" (default) or "xkb LAYOUT"
///     => down id=0 x=200.0 y=240.0 t=1.0
///
/// Each `=>` line is one expected output of the raw event above it, in order; a raw event with
/// no `=>` lines must produce nothing.
struct Recording {
    var settings = InputGeometrySettings()
    var panel = Size(width: 800, height: 480)
    var useXKB = false
    var steps: [(line: Int, event: RawInputEvent, expected: [String])] = []

    init(named name: String) throws {
        let url = try #require(
            Bundle.module.url(forResource: name, withExtension: "txt", subdirectory: "Recordings"))
        try self.init(text: String(contentsOf: url, encoding: .utf8))
    }

    init(text: String) throws {
        for (index, raw) in text.split(separator: "\n", omittingEmptySubsequences: false)
            .enumerated()
        {
            let line = raw.trimmingCharacters(in: .whitespaces)
            if line.isEmpty || line.hasPrefix("#") { continue }
            if line.hasPrefix("=>") {
                let expected = line.dropFirst(2).trimmingCharacters(in: .whitespaces)
                try #require(!steps.isEmpty, "line \(index + 1): expectation before any event")
                steps[steps.count - 1].expected.append(expected)
            } else if line.hasPrefix("@") {
                try directive(line, line: index + 1)
            } else {
                steps.append(
                    (index + 1, try RawInputEvent(recordedLine: line, line: index + 1), []))
            }
        }
    }

    private mutating func directive(_ text: String, line: Int) throws {
        let words = text.dropFirst().split(separator: " ").map(String.init)
        let rest = words.dropFirst().joined(separator: " ")
        switch words.first {
        case "panel":
            let dims = rest.split(separator: "x").compactMap { Double($0) }
            try #require(dims.count == 2, "line \(line): bad panel size")
            panel = Size(width: dims[0], height: dims[1])
        case "display": settings.displayTransform = try #require(DisplayTransform(name: rest))
        case "touch":
            let transform: DisplayTransform = try #require(DisplayTransform(name: rest))
            settings.touchTransform = transform
        case "calibration": settings.calibration = try TouchCalibration(parsing: rest)
        case "keyboard":
            useXKB = words.count > 1 && words[1] == "xkb"
            if useXKB {
                settings.keymap = KeymapSettings(layout: words.count > 2 ? words[2] : "us")
            }
        default: Issue.record("line \(line): unknown directive \(text)")
        }
    }

    /// Runs the events through a fresh translator and records an issue per mismatching event.
    func check() throws {
        let keyboard: any KeySymbolTranslating =
            useXKB ? try XKBKeyboard(settings: settings.keymap) : EvdevKeyNames()
        var translator = InputTranslator(
            mapper: TouchMapper(settings: settings, nativeSize: panel), keyboard: keyboard)
        for step in steps {
            let actual = translator.translate(step.event).map(\.description)
            let same =
                actual.count == step.expected.count
                && zip(actual, step.expected).allSatisfy { Self.matches($0, $1) }
            #expect(
                same,
                "line \(step.line) \(step.event.recordedLine): got \(actual), expected \(step.expected)"
            )
        }
    }

    /// Equal word by word; `key=number` words compare numerically within 1e-9 (so 240 == 240.0).
    static func matches(_ actual: String, _ expected: String) -> Bool {
        let a = actual.split(separator: " ")
        let e = expected.split(separator: " ")
        guard a.count == e.count else { return false }
        return zip(a, e).allSatisfy { x, y in
            if x == y { return true }
            let xs = x.split(separator: "=", maxSplits: 1)
            let ys = y.split(separator: "=", maxSplits: 1)
            guard xs.count == 2, ys.count == 2, xs[0] == ys[0], let u = Double(xs[1]),
                let v = Double(ys[1])
            else {
                return false
            }
            return abs(u - v) <= 1e-9
        }
    }
}

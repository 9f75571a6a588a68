/// A scripted interaction for `kiosk-shell render --actions` and tests:
/// `tap 400,300; drag 700,240 100,240 250ms; wait 300ms; key Right; open settings; back`.
///
/// Steps run one after another on a manual clock that starts at 0: a tap takes 50 ms (down, up),
/// a drag takes its duration (touch samples every 1/120 s), `wait` lets time pass, keys and
/// actions take no time. Coordinates are logical pixels.
public struct ActionScript: Hashable, Sendable {
    public enum Step: Hashable, Sendable {
        case tap(Point)
        case drag(from: Point, to: Point, duration: Double)
        case wait(Double)
        case key(Key)
        case action(Action)
    }

    public var steps: [Step]

    public init(steps: [Step]) { self.steps = steps }

    /// How long a tap holds the finger down.
    public static let tapDuration = 0.05
    /// Touch samples per second during a drag (a 120 Hz digitizer).
    public static let dragSampleRate = 120.0

    /// Parses steps separated by `;` or new lines.
    public static func parse(_ text: String) throws(ActionScriptError) -> ActionScript {
        var steps: [Step] = []
        let separators: Set<Character> = [";", "\n"]
        for raw in text.split(whereSeparator: { separators.contains($0) }) {
            let words = raw.split(separator: " ").map(String.init)
            guard let verb = words.first?.lowercased() else { continue }
            let args = Array(words.dropFirst())
            let step = String(raw).trimmed
            func expect(_ count: Int) throws(ActionScriptError) {
                guard args.count == count else {
                    throw .wrongArguments(step: step, expected: usage(verb))
                }
            }
            switch verb {
            case "tap":
                try expect(1)
                steps.append(.tap(try point(args[0], step: step)))
            case "drag":
                guard args.count == 2 || args.count == 3 else {
                    throw .wrongArguments(step: step, expected: usage(verb))
                }
                let duration =
                    args.count == 3 ? try ActionScript.duration(args[2], step: step) : 0.25
                steps.append(
                    .drag(
                        from: try point(args[0], step: step), to: try point(args[1], step: step),
                        duration: duration))
            case "wait":
                try expect(1)
                steps.append(.wait(try ActionScript.duration(args[0], step: step)))
            case "key":
                try expect(1)
                steps.append(.key(key(named: args[0])))
            case "open":
                try expect(1)
                steps.append(.action(.open(PageID(args[0]))))
            case "back", "home", "next", "previous":
                try expect(0)
                let action: Action =
                    verb == "back"
                    ? .back : verb == "home" ? .home : verb == "next" ? .nextFace : .previousFace
                steps.append(.action(action))
            default:
                throw .unknownStep(step: step)
            }
        }
        return ActionScript(steps: steps)
    }

    static func usage(_ verb: String) -> String {
        switch verb {
        case "tap": "tap X,Y"
        case "drag": "drag X1,Y1 X2,Y2 [DURATION]"
        case "wait": "wait DURATION (e.g. 300ms or 1.5s)"
        case "key": "key NAME (Left, Right, Up, Down, Enter, Escape, BackSpace, Home)"
        case "open": "open PAGE"
        default: verb
        }
    }

    static func point(_ text: String, step: String) throws(ActionScriptError) -> Point {
        let parts = text.split(separator: ",")
        guard parts.count == 2, let x = Double(parts[0]), let y = Double(parts[1]), x.isFinite,
            y.isFinite
        else {
            throw .badPoint(step: step, text: text)
        }
        return Point(x: x, y: y)
    }

    /// `300ms`, `1.5s` or a bare number of seconds.
    static func duration(_ text: String, step: String) throws(ActionScriptError) -> Double {
        var number = Substring(text)
        var factor = 1.0
        if text.hasSuffix("ms") {
            number = number.dropLast(2)
            factor = 0.001
        } else if text.hasSuffix("s") {
            number = number.dropLast()
        }
        guard let value = Double(number), value.isFinite, value >= 0, value <= 3600 else {
            throw .badDuration(step: step, text: text)
        }
        return value * factor
    }

    static func key(named name: String) -> Key {
        switch name.lowercased() {
        case "left": .left
        case "right": .right
        case "up": .up
        case "down": .down
        case "enter", "return", "kp_enter": .enter
        case "escape", "esc": .escape
        case "backspace": .backspace
        case "home": .home
        case "tab": .tab
        case "space": .space
        default: .other(name)
        }
    }
}

/// A step of an action script that cannot be understood.
public enum ActionScriptError: Error, Hashable, Sendable, CustomStringConvertible {
    case unknownStep(step: String)
    case wrongArguments(step: String, expected: String)
    case badPoint(step: String, text: String)
    case badDuration(step: String, text: String)

    public var description: String {
        switch self {
        case .unknownStep(let step):
            "actions: \"\(step)\": unknown step; expected tap, drag, wait, key, open, back, home, next or previous"
        case .wrongArguments(let step, let expected): "actions: \"\(step)\": expected \(expected)"
        case .badPoint(let step, let text): "actions: \"\(step)\": \"\(text)\" is not a point X,Y"
        case .badDuration(let step, let text):
            "actions: \"\(step)\": \"\(text)\" is not a duration like 300ms or 1.5s"
        }
    }
}

extension String {
    var trimmed: String {
        var s = Substring(self)
        while s.first == " " || s.first == "\t" { s = s.dropFirst() }
        while s.last == " " || s.last == "\t" { s = s.dropLast() }
        return String(s)
    }
}

/// A line-per-event text form of `RawInputEvent`, for test fixtures and for recording a real
/// panel's events to replay later:
///
///     device-added id=1 name="ILITEK ILITEK-TP" node=/dev/input/event3 caps=touch
///     touch-down dev=1 slot=0 x=0.25 y=0.5 t=1.000
///     touch-motion dev=1 slot=0 x=0.3 y=0.5 t=1.016
///     touch-up dev=1 slot=0 t=1.1
///     touch-cancel dev=1 slot=0 t=1.2
///     touch-frame dev=1 t=1.1
///     pointer-motion dev=2 dx=10 dy=-5 t=2.0
///     pointer-absolute dev=2 x=0.5 y=0.5 t=2.1
///     pointer-button dev=2 button=272 state=pressed t=2.2
///     key dev=3 code=105 state=released t=3.0
///     device-removed id=1
///
/// Fields may come in any order; `caps` is a comma list of touch, pointer, keyboard (or none).
extension RawInputEvent {
    /// Reads one recorded line (`line` numbers the error messages).
    public init(recordedLine text: String, line: Int = 1) throws(RecordingError) {
        let tokens = try Self.tokens(text, line: line)
        guard let kind = tokens.first?.key, tokens.first?.value == nil else {
            throw .malformed(line: line, text: text)
        }
        var fields: [String: String] = [:]
        for token in tokens.dropFirst() {
            guard let value = token.value else { throw .malformed(line: line, text: text) }
            fields[token.key] = value
        }
        let f = FieldReader(fields: fields, line: line)
        switch kind {
        case "device-added":
            self = .deviceAdded(
                InputDeviceInfo(
                    id: try f.device("id"), name: fields["name"] ?? "", node: fields["node"] ?? "",
                    capabilities: try f.capabilities()))
        case "device-removed": self = .deviceRemoved(try f.device("id"))
        case "touch-down":
            self = .touchDown(
                device: try f.device("dev"), slot: try f.slot(), x: try f.double("x"),
                y: try f.double("y"), time: try f.double("t"))
        case "touch-motion":
            self = .touchMotion(
                device: try f.device("dev"), slot: try f.slot(), x: try f.double("x"),
                y: try f.double("y"), time: try f.double("t"))
        case "touch-up":
            self = .touchUp(
                device: try f.device("dev"), slot: try f.slot(), time: try f.double("t"))
        case "touch-cancel":
            self = .touchCancel(
                device: try f.device("dev"), slot: try f.slot(), time: try f.double("t"))
        case "touch-frame": self = .touchFrame(device: try f.device("dev"), time: try f.double("t"))
        case "pointer-motion":
            self = .pointerMotion(
                device: try f.device("dev"), dx: try f.double("dx"), dy: try f.double("dy"),
                time: try f.double("t"))
        case "pointer-absolute":
            self = .pointerMotionAbsolute(
                device: try f.device("dev"), x: try f.double("x"),
                y: try f.double("y"), time: try f.double("t"))
        case "pointer-button":
            self = .pointerButton(
                device: try f.device("dev"), button: try f.code("button"),
                isPressed: try f.pressed(), time: try f.double("t"))
        case "key":
            self = .key(
                device: try f.device("dev"), code: try f.code("code"), isPressed: try f.pressed(),
                time: try f.double("t"))
        default: throw .unknownEvent(line: line, name: kind)
        }
    }

    /// Reads a whole recording: one event per line; blank lines and lines starting with `#` skipped.
    public static func parseRecording(_ text: String) throws(RecordingError) -> [RawInputEvent] {
        var events: [RawInputEvent] = []
        for (index, raw) in text.split(separator: "\n", omittingEmptySubsequences: false)
            .enumerated()
        {
            let line = raw.trimmingWhitespace
            if line.isEmpty || line.hasPrefix("#") { continue }
            events.append(try RawInputEvent(recordedLine: String(line), line: index + 1))
        }
        return events
    }

    /// The event as one recording line (reads back to an equal event).
    public var recordedLine: String {
        switch self {
        case .deviceAdded(let d):
            var caps: [String] = []
            if d.capabilities.contains(.touch) { caps.append("touch") }
            if d.capabilities.contains(.pointer) { caps.append("pointer") }
            if d.capabilities.contains(.keyboard) { caps.append("keyboard") }
            let name = String(d.name.map { $0 == "\"" ? "'" : $0 })
            let node = d.node.contains(" " as Character) || d.node.isEmpty ? "" : " node=\(d.node)"
            return
                "device-added id=\(d.id) name=\"\(name)\"\(node) caps=\(caps.isEmpty ? "none" : caps.joined(separator: ","))"
        case .deviceRemoved(let id): return "device-removed id=\(id)"
        case .touchDown(let d, let s, let x, let y, let t):
            return "touch-down dev=\(d) slot=\(s) x=\(x) y=\(y) t=\(t)"
        case .touchMotion(let d, let s, let x, let y, let t):
            return "touch-motion dev=\(d) slot=\(s) x=\(x) y=\(y) t=\(t)"
        case .touchUp(let d, let s, let t): return "touch-up dev=\(d) slot=\(s) t=\(t)"
        case .touchCancel(let d, let s, let t): return "touch-cancel dev=\(d) slot=\(s) t=\(t)"
        case .touchFrame(let d, let t): return "touch-frame dev=\(d) t=\(t)"
        case .pointerMotion(let d, let dx, let dy, let t):
            return "pointer-motion dev=\(d) dx=\(dx) dy=\(dy) t=\(t)"
        case .pointerMotionAbsolute(let d, let x, let y, let t):
            return "pointer-absolute dev=\(d) x=\(x) y=\(y) t=\(t)"
        case .pointerButton(let d, let b, let p, let t):
            return "pointer-button dev=\(d) button=\(b) state=\(p ? "pressed" : "released") t=\(t)"
        case .key(let d, let c, let p, let t):
            return "key dev=\(d) code=\(c) state=\(p ? "pressed" : "released") t=\(t)"
        }
    }

    /// Splits `kind key=value key="quoted value"` into (key, value) pairs; the kind has no value.
    private static func tokens(_ text: String, line: Int) throws(RecordingError) -> [(
        key: String, value: String?
    )] {
        var result: [(key: String, value: String?)] = []
        var chars = Substring(text)
        while true {
            chars = chars.drop(while: { $0 == " " || $0 == "\t" })
            guard !chars.isEmpty else { break }
            let key = chars.prefix(while: { $0 != "=" && $0 != " " && $0 != "\t" })
            chars = chars.dropFirst(key.count)
            guard chars.first == "=" else {
                result.append((String(key), nil))
                continue
            }
            chars = chars.dropFirst()
            if chars.first == "\"" {
                chars = chars.dropFirst()
                guard let end = chars.firstIndex(of: "\"") else {
                    throw .malformed(line: line, text: text)
                }
                result.append((String(key), String(chars[..<end])))
                chars = chars[chars.index(after: end)...]
            } else {
                let value = chars.prefix(while: { $0 != " " && $0 != "\t" })
                chars = chars.dropFirst(value.count)
                result.append((String(key), String(value)))
            }
        }
        return result
    }
}

/// Typed reads of a recorded line's fields.
private struct FieldReader {
    var fields: [String: String]
    var line: Int

    func string(_ name: String) throws(RecordingError) -> String {
        guard let value = fields[name] else { throw .missingField(line: line, field: name) }
        return value
    }

    func double(_ name: String) throws(RecordingError) -> Double {
        let text = try string(name)
        guard let value = Double(text) else {
            throw .badValue(line: line, field: name, value: text)
        }
        return value
    }

    func device(_ name: String) throws(RecordingError) -> InputDeviceID {
        let text = try string(name)
        guard let value = Int(text) else { throw .badValue(line: line, field: name, value: text) }
        return InputDeviceID(value)
    }

    func slot() throws(RecordingError) -> Int32 {
        let text = try string("slot")
        guard let value = Int32(text) else {
            throw .badValue(line: line, field: "slot", value: text)
        }
        return value
    }

    func code(_ name: String) throws(RecordingError) -> UInt32 {
        let text = try string(name)
        guard let value = UInt32(text) else {
            throw .badValue(line: line, field: name, value: text)
        }
        return value
    }

    func pressed() throws(RecordingError) -> Bool {
        switch try string("state") {
        case "pressed": return true
        case "released": return false
        case let other: throw .badValue(line: line, field: "state", value: other)
        }
    }

    func capabilities() throws(RecordingError) -> InputCapabilities {
        var caps: InputCapabilities = []
        for part in (fields["caps"] ?? "none").split(separator: ",") {
            switch part {
            case "touch": caps.insert(.touch)
            case "pointer": caps.insert(.pointer)
            case "keyboard": caps.insert(.keyboard)
            case "none": break
            default: throw .badValue(line: line, field: "caps", value: String(part))
            }
        }
        return caps
    }
}

extension Substring {
    fileprivate var trimmingWhitespace: Substring {
        let isSpace: (Character) -> Bool = { $0 == " " || $0 == "\t" || $0 == "\r" }
        guard let start = firstIndex(where: { !isSpace($0) }),
            let end = lastIndex(where: { !isSpace($0) })
        else { return "" }
        return self[start...end]
    }
}

import KioskInput
import Testing

@Suite("Recording format")
struct RecordingFormatTests {
    @Test("every kind of event writes a line that reads back equal")
    func roundTrip() throws {
        let dev = InputDeviceID(3)
        let events: [RawInputEvent] = [
            .deviceAdded(
                InputDeviceInfo(
                    id: dev, name: "ILITEK ILITEK-TP", node: "/dev/input/event3",
                    capabilities: [.touch, .keyboard])),
            .deviceAdded(InputDeviceInfo(id: InputDeviceID(4), name: "", capabilities: [])),
            .touchDown(device: dev, slot: -1, x: 0.25, y: 0.5, time: 1.016),
            .touchMotion(device: dev, slot: 2, x: 0.1, y: 0.9, time: 2),
            .touchUp(device: dev, slot: 2, time: 3),
            .touchCancel(device: dev, slot: 0, time: 4),
            .touchFrame(device: dev, time: 5),
            .pointerMotion(device: dev, dx: -1.5, dy: 7, time: 6),
            .pointerMotionAbsolute(device: dev, x: 0.5, y: 0.125, time: 7),
            .pointerButton(device: dev, button: 272, isPressed: true, time: 8),
            .key(device: dev, code: 105, isPressed: false, time: 9),
            .deviceRemoved(dev)
        ]
        for event in events {
            #expect(try RawInputEvent(recordedLine: event.recordedLine) == event)
        }
        let text = "# header\n\n" + events.map(\.recordedLine).joined(separator: "\n") + "\n"
        #expect(try RawInputEvent.parseRecording(text) == events)
    }

    @Test("the documented example line reads as a touch down")
    func exampleLine() throws {
        let event = try RawInputEvent(recordedLine: "touch-down slot=0 x=0.25 y=0.5 t=1.000 dev=1")
        #expect(event == .touchDown(device: InputDeviceID(1), slot: 0, x: 0.25, y: 0.5, time: 1))
    }

    @Test(
        "bad lines give typed errors naming the line",
        arguments: [
            ("wiggle dev=1 t=1", RecordingError.unknownEvent(line: 7, name: "wiggle")),
            ("touch-down dev=1 slot=0 x=0.5 t=1", .missingField(line: 7, field: "y")),
            (
                "touch-down dev=1 slot=zero x=0.5 y=0.5 t=1",
                .badValue(line: 7, field: "slot", value: "zero")
            ),
            ("key dev=1 code=30 state=down t=1", .badValue(line: 7, field: "state", value: "down")),
            ("key dev=1 code=-3 state=pressed t=1", .badValue(line: 7, field: "code", value: "-3")),
            (
                "device-added id=1 caps=touch,joystick",
                .badValue(line: 7, field: "caps", value: "joystick")
            ),
            (
                "device-added id=1 name=\"unterminated",
                .malformed(line: 7, text: "device-added id=1 name=\"unterminated")
            ),
            (
                "touch-up dev=1 slot=0 t=1 stray",
                .malformed(line: 7, text: "touch-up dev=1 slot=0 t=1 stray")
            ),
            ("=1", .malformed(line: 7, text: "=1"))
        ])
    func badLines(text: String, error: RecordingError) {
        #expect(throws: error) { try RawInputEvent(recordedLine: text, line: 7) }
        #expect(!error.description.contains("\n"))
    }

    @Test("a bad line in a recording is reported with its line number")
    func lineNumbers() {
        let text = "touch-frame dev=1 t=1\n# fine\ntouch-frame dev=1 t=soon\n"
        #expect(throws: RecordingError.badValue(line: 3, field: "t", value: "soon")) {
            try RawInputEvent.parseRecording(text)
        }
    }
}

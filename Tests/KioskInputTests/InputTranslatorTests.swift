import KioskCore
import KioskInput
import Testing

/// A keyboard that names keys "k<code>" and counts resets.
private final class FakeKeyboard: KeySymbolTranslating {
    var resets = 0
    func keysymName(forKeyCode code: UInt32, isPressed: Bool) -> String? {
        code == 0 ? nil : "k\(code)"
    }
    func reset() { resets += 1 }
}

private let panel = Size(width: 800, height: 480)
private let touchDevice = InputDeviceInfo(id: InputDeviceID(1), name: "touch", capabilities: .touch)

@Suite("Input translator")
struct InputTranslatorTests {
    @Test("with zero devices nothing is known and the cursor sits at the panel centre")
    func zeroDevices() {
        let t = InputTranslator(
            mapper: TouchMapper(nativeSize: panel, displayTransform: .rotated90))
        #expect(t.devices.isEmpty && t.deviceList.isEmpty)
        #expect(t.cursor == Point(x: 240, y: 400))
    }

    @Test("devices are listed in the order they appeared and forgotten when removed")
    func deviceBookkeeping() {
        var t = InputTranslator(mapper: TouchMapper(nativeSize: panel))
        let keyboard = InputDeviceInfo(id: InputDeviceID(2), name: "kbd", capabilities: .keyboard)
        _ = t.translate([.deviceAdded(keyboard), .deviceAdded(touchDevice)])
        #expect(t.deviceList.map(\.id) == [InputDeviceID(1), InputDeviceID(2)])
        #expect(t.translate(.deviceRemoved(InputDeviceID(2))) == [.deviceRemoved(keyboard)])
        #expect(t.deviceList == [touchDevice])
        #expect(t.translate(.deviceRemoved(InputDeviceID(9))) == [])
    }

    @Test("a device coming back after vanishing mid-touch starts clean with id 0")
    func vanishAndReturn() {
        var t = InputTranslator(mapper: TouchMapper(nativeSize: panel))
        let out = t.translate([
            .deviceAdded(touchDevice),
            .touchDown(device: touchDevice.id, slot: 0, x: 0.5, y: 0.5, time: 1),
            .touchDown(device: touchDevice.id, slot: 1, x: 0.25, y: 0.5, time: 1),
            .deviceRemoved(touchDevice.id)
        ])
        #expect(out.suffix(2) == [.touch(.cancel(time: 1)), .deviceRemoved(touchDevice)])
        let back = InputDeviceInfo(id: InputDeviceID(7), name: "touch", capabilities: .touch)
        let again = t.translate([
            .deviceAdded(back), .touchDown(device: back.id, slot: 1, x: 0.5, y: 0.5, time: 9)
        ])
        #expect(
            again == [
                .deviceAdded(back), .touch(.down(id: 0, position: Point(x: 400, y: 240), time: 9))
            ])
    }

    @Test("a repeated down on a held slot ends the stale contact before starting the new one")
    func repeatedDown() {
        var t = InputTranslator(mapper: TouchMapper(nativeSize: panel))
        let out = t.translate([
            .touchDown(device: touchDevice.id, slot: 0, x: 0.5, y: 0.5, time: 1),
            .touchDown(device: touchDevice.id, slot: 0, x: 0.25, y: 0.25, time: 2)
        ])
        #expect(
            out == [
                .touch(.down(id: 0, position: Point(x: 400, y: 240), time: 1)),
                .touch(.up(id: 0, time: 2)),
                .touch(.down(id: 0, position: Point(x: 200, y: 120), time: 2))
            ])
    }

    @Test("the mouse finger takes the next free id while a real finger holds id 0")
    func pointerIDWithTouch() {
        var t = InputTranslator(mapper: TouchMapper(nativeSize: panel))
        let out = t.translate([
            .touchDown(device: touchDevice.id, slot: 0, x: 0, y: 0, time: 1),
            .pointerButton(
                device: InputDeviceID(2), button: InputTranslator.leftButton, isPressed: true,
                time: 2),
            .pointerButton(
                device: InputDeviceID(2), button: InputTranslator.leftButton, isPressed: true,
                time: 2.5)
        ])
        #expect(
            out.dropFirst().first == .touch(.down(id: 1, position: Point(x: 400, y: 240), time: 2)))
        #expect(out.count == 3)
    }

    @Test("keys go through the keyboard translator; keys without a symbol produce nothing")
    func keys() {
        var t = InputTranslator(mapper: TouchMapper(nativeSize: panel), keyboard: FakeKeyboard())
        #expect(
            t.translate(.key(device: InputDeviceID(1), code: 30, isPressed: true, time: 1))
                == [.key(KeyEvent(key: .other("k30"), isPressed: true, time: 1))])
        #expect(
            t.translate(.key(device: InputDeviceID(1), code: 0, isPressed: true, time: 1)) == [])
    }

    @Test("removing a keyboard resets the keymap state; removing a touchscreen does not")
    func keyboardReset() {
        let keyboard = FakeKeyboard()
        var t = InputTranslator(mapper: TouchMapper(nativeSize: panel), keyboard: keyboard)
        let kbd = InputDeviceInfo(id: InputDeviceID(2), name: "kbd", capabilities: .keyboard)
        _ = t.translate([
            .deviceAdded(kbd), .deviceAdded(touchDevice), .deviceRemoved(touchDevice.id)
        ])
        #expect(keyboard.resets == 0)
        _ = t.translate(.deviceRemoved(kbd.id))
        #expect(keyboard.resets == 1)
    }

    @Test("a new mapper clamps the cursor into the new panel and maps later touches with it")
    func mapperChange() {
        var t = InputTranslator(mapper: TouchMapper(nativeSize: panel))
        _ = t.translate(.pointerMotion(device: InputDeviceID(2), dx: 300, dy: 200, time: 1))
        #expect(t.cursor == Point(x: 700, y: 440))
        t.mapper = TouchMapper(nativeSize: panel, displayTransform: .rotated270)
        #expect(t.cursor == Point(x: 480, y: 440))
        #expect(
            t.translate(.touchDown(device: touchDevice.id, slot: 0, x: 0, y: 0, time: 2))
                == [.touch(.down(id: 0, position: Point(x: 0, y: 800), time: 2))])
    }

    @Test("non-finite pointer motion is ignored instead of poisoning the cursor")
    func nonFiniteMotion() {
        var t = InputTranslator(mapper: TouchMapper(nativeSize: panel))
        _ = t.translate(.pointerMotion(device: InputDeviceID(2), dx: .nan, dy: .infinity, time: 1))
        #expect(t.cursor == Point(x: 400, y: 240))
    }

    @Test("Key(keysymName:) maps the navigation keysyms and keeps every other name")
    func keysymNames() {
        let table: [(String, Key)] = [
            ("Left", .left), ("Right", .right), ("Up", .up), ("Down", .down), ("Return", .enter),
            ("KP_Enter", .enter), ("Escape", .escape), ("BackSpace", .backspace), ("Home", .home),
            ("Tab", .tab), ("space", .space), ("F1", .other("F1")), ("KP_Left", .other("KP_Left"))
        ]
        for (name, key) in table { #expect(Key(keysymName: name) == key) }
    }
}

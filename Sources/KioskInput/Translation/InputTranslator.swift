import KioskCore

/// Turns `RawInputEvent`s into touches in logical pixels and navigation keys. Pure: no libinput,
/// no clock; the same events always give the same output, which the recording tests rely on.
///
/// - Touch: each (device, slot) contact gets the smallest free touch id while it is down; its
///   normalised position goes through `mapper`. A frame is passed on only when something was
///   passed on since the last one.
/// - Pointer: relative motion moves a cursor clamped to the upright panel (no rotation: a mouse
///   on a desk moves in the picture's directions); absolute motion goes through `mapper` like a
///   touch (absolute pointers on kiosks are digitizers in mouse mode). The left button is one
///   finger through `PointerFinger`, the machine the compositor's pointer goes through too:
///   down/motion/up, each followed by a frame; it takes the smallest free id, which is 0 unless
///   fingers are down too.
/// - Keys: through `keyboard` to keysym names, then `Key(keysymName:)`.
/// - A device that vanishes with contacts down cancels the touch sequence (`TouchEvent.cancel`
///   ends every contact, so all contacts are forgotten). libinput's per-slot cancel does the same,
///   once.
public struct InputTranslator {
    /// Linux input code of the left button (BTN_LEFT).
    public static let leftButton: UInt32 = PointerFinger.leftButton

    /// The geometry touches go through. Change it when the panel size or orientation changes.
    public var mapper: TouchMapper {
        didSet { _ = finger.enter(at: clampedToPanel(cursor)) }
    }
    /// Known devices by id.
    public private(set) var devices: [InputDeviceID: InputDeviceInfo] = [:]
    /// The pointer's position in logical pixels; starts at the panel's centre.
    public var cursor: Point { finger.position }
    private var finger: PointerFinger

    private let keyboard: any KeySymbolTranslating
    private struct ContactKey: Hashable {
        var device: InputDeviceID
        var slot: Int32
    }
    private var contacts: [ContactKey: Int32] = [:]
    /// The device holding the left button, while pressed.
    private var pointerDevice: InputDeviceID?
    private var touchSinceFrame = false
    /// Time of the last timed event, for events libinput does not time (device removal).
    private var lastTime = 0.0

    public init(mapper: TouchMapper, keyboard: any KeySymbolTranslating = EvdevKeyNames()) {
        self.mapper = mapper
        self.keyboard = keyboard
        let size = mapper.logicalSize
        finger = PointerFinger(position: Point(x: size.width / 2, y: size.height / 2))
    }

    /// The devices in the order they appeared.
    public var deviceList: [InputDeviceInfo] { devices.values.sorted { $0.id < $1.id } }

    /// The touches, keys and device changes `event` means.
    public mutating func translate(_ event: RawInputEvent) -> [TranslatedInputEvent] {
        if let t = event.time { lastTime = t }
        switch event {
        case .deviceAdded(let info):
            devices[info.id] = info
            return [.deviceAdded(info)]
        case .deviceRemoved(let id):
            return removeDevice(id)
        case .touchDown(let device, let slot, let x, let y, let t):
            return touchDown(ContactKey(device: device, slot: slot), Point(x: x, y: y), t)
        case .touchMotion(let device, let slot, let x, let y, let t):
            guard let id = contacts[ContactKey(device: device, slot: slot)] else { return [] }
            touchSinceFrame = true
            return [.touch(.motion(id: id, position: mapped(x, y), time: t))]
        case .touchUp(let device, let slot, let t):
            guard let id = contacts.removeValue(forKey: ContactKey(device: device, slot: slot))
            else { return [] }
            touchSinceFrame = true
            return [.touch(.up(id: id, time: t))]
        case .touchCancel(_, _, let t):
            return cancelAll(t)
        case .touchFrame(_, let t):
            guard touchSinceFrame else { return [] }
            touchSinceFrame = false
            return [.touch(.frame(time: t))]
        case .pointerMotion(_, let dx, let dy, let t):
            guard dx.isFinite, dy.isFinite else { return [] }
            return moveCursor(to: clampedToPanel(cursor + Point(x: dx, y: dy)), t)
        case .pointerMotionAbsolute(_, let x, let y, let t):
            return moveCursor(to: mapped(x, y), t)
        case .pointerButton(let device, let button, let isPressed, let t):
            return pointerButton(device, button, isPressed, t)
        case .key(_, let code, let isPressed, let t):
            guard let name = keyboard.keysymName(forKeyCode: code, isPressed: isPressed) else {
                return []
            }
            return [.key(KeyEvent(key: Key(keysymName: name), isPressed: isPressed, time: t))]
        }
    }

    /// Translates a whole sequence.
    public mutating func translate(_ events: [RawInputEvent]) -> [TranslatedInputEvent] {
        events.flatMap { translate($0) }
    }

    private mutating func touchDown(_ key: ContactKey, _ p: Point, _ t: Double)
        -> [TranslatedInputEvent]
    {
        var out: [TranslatedInputEvent] = []
        // A second down on a held slot means its up was lost: end the stale contact first.
        if let stale = contacts.removeValue(forKey: key) {
            out.append(.touch(.up(id: stale, time: t)))
        }
        let id = freeID()
        contacts[key] = id
        touchSinceFrame = true
        out.append(.touch(.down(id: id, position: mapped(p.x, p.y), time: t)))
        return out
    }

    private mutating func moveCursor(to p: Point, _ t: Double) -> [TranslatedInputEvent] {
        finger.motion(to: p, time: t).map { .touch($0) }
    }

    private mutating func pointerButton(
        _ device: InputDeviceID, _ button: UInt32, _ isPressed: Bool, _ t: Double
    ) -> [TranslatedInputEvent] {
        // Only the device holding the press releases it.
        if !isPressed, pointerDevice != device { return [] }
        let events = finger.button(
            button, pressed: isPressed, time: t, id: isPressed ? freeID() : 0)
        if !events.isEmpty { pointerDevice = isPressed ? device : nil }
        return events.map { .touch($0) }
    }

    private mutating func removeDevice(_ id: InputDeviceID) -> [TranslatedInputEvent] {
        var out: [TranslatedInputEvent] = []
        let holdsContact = contacts.keys.contains { $0.device == id } || pointerDevice == id
        if holdsContact { out += cancelAll(lastTime) }
        if let info = devices.removeValue(forKey: id) {
            if info.capabilities.contains(.keyboard) { keyboard.reset() }
            out.append(.deviceRemoved(info))
        }
        return out
    }

    private mutating func cancelAll(_ t: Double) -> [TranslatedInputEvent] {
        guard !contacts.isEmpty || finger.isPressed else { return [] }
        contacts.removeAll()
        finger.forgetPress()
        pointerDevice = nil
        touchSinceFrame = false
        return [.touch(.cancel(time: t))]
    }

    private func freeID() -> Int32 {
        var used = Set(contacts.values)
        if let id = finger.pressID { used.insert(id) }
        var id: Int32 = 0
        while used.contains(id) { id += 1 }
        return id
    }

    private func mapped(_ x: Double, _ y: Double) -> Point {
        mapper.logicalPoint(fromDeviceNormalised: Point(x: x, y: y))
    }

    private func clampedToPanel(_ p: Point) -> Point {
        let size = mapper.logicalSize
        return Point(
            x: min(max(p.x, 0), max(size.width, 0)), y: min(max(p.y, 0), max(size.height, 0)))
    }
}

import KioskCore

/// What an input source hands the app: touches (in logical pixels of the upright panel), keys,
/// and device changes worth a log line.
public enum TranslatedInputEvent: Hashable, Sendable, CustomStringConvertible {
    case touch(TouchEvent)
    case key(KeyEvent)
    case deviceAdded(InputDeviceInfo)
    case deviceRemoved(InputDeviceInfo)

    /// One line, the format the recording tests compare against, e.g. `down id=0 x=200.0 y=240.0 t=1.0`.
    public var description: String {
        switch self {
        case .touch(.down(let id, let p, let t)): "down id=\(id) x=\(p.x) y=\(p.y) t=\(t)"
        case .touch(.motion(let id, let p, let t)): "motion id=\(id) x=\(p.x) y=\(p.y) t=\(t)"
        case .touch(.up(let id, let t)): "up id=\(id) t=\(t)"
        case .touch(.cancel(let t)): "cancel t=\(t)"
        case .touch(.frame(let t)): "frame t=\(t)"
        case .key(let k): "key \(k.key.name) \(k.isPressed ? "pressed" : "released") t=\(k.time)"
        case .deviceAdded(let d): "added id=\(d.id)"
        case .deviceRemoved(let d): "removed id=\(d.id)"
        }
    }

}

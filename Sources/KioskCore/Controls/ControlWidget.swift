/// A widget that changes a value (`type = "toggle" | "slider" | "stepper" | "choice" | "field"`):
/// it shows a `[[value]]` and, when the visitor changes it, carries out its `ControlEffects` with
/// the new value. What the visitor touches is a `ControlPart`; `ControlValueMath` turns part and shown
/// value into the new value.
public struct ControlWidget: Hashable, Sendable {
    public var kind: ControlKind
    /// Shown above or beside the control (may be empty).
    public var label: String
    /// The `[[value]]` it shows and changes.
    public var value: String
    public var effects: ControlEffects

    public init(kind: ControlKind, label: String, value: String, effects: ControlEffects) {
        self.kind = kind
        self.label = label
        self.value = value
        self.effects = effects
    }

    /// The name written in `type = "…"`.
    public var typeName: String { kind.typeName }
}

public enum ControlKind: Hashable, Sendable {
    /// On/off: the value is `on` or `off` text (`"on"`/`"off"` by default).
    case toggle(on: String, off: String)
    /// A number between `min` and `max` in `step`s, set by where the finger is on a track.
    case slider(ControlRange)
    /// A number between `min` and `max`, one `step` per tap on − or +.
    case stepper(ControlRange)
    /// One of a few labelled options, as a row of segments.
    case choice([ChoiceOption])
    /// A value typed on the on-screen pad or keyboard it opens when tapped (`type = "field"`).
    case field(FieldSpec)

    public var typeName: String {
        switch self {
        case .toggle: "toggle"
        case .slider: "slider"
        case .stepper: "stepper"
        case .choice: "choice"
        case .field: "field"
        }
    }
}

/// The numbers of a slider or stepper. `check` ensures min < max and step > 0.
public struct ControlRange: Hashable, Sendable {
    public var min: Double
    public var max: Double
    public var step: Double
    /// Drawn after the number (`"°C"`); never part of the value set or sent.
    public var unit: String?

    public init(min: Double, max: Double, step: Double, unit: String? = nil) {
        self.min = min
        self.max = max
        self.step = step
        self.unit = unit
    }
}

/// One segment of a `choice`: what it says and the value it stands for.
public struct ChoiceOption: Hashable, Sendable {
    public var label: String
    public var value: String

    public init(label: String, value: String) {
        self.label = label
        self.value = value
    }
}

/// What a control's change does. At least one is set (`check` says so otherwise).
public struct ControlEffects: Hashable, Sendable {
    /// Sets the `external` value itself: `set = true/false`; nil (not written) sets it when the
    /// value is `external` (the runner knows the source, the widget does not).
    public var setsValue: Bool?
    /// Seconds between two changes sent while a finger drags or taps quickly
    /// (`ControlRateLimiter`); the last change is always sent.
    public var sendInterval: Double
    /// Publishes `payload` with `{value}` replaced to `topic` on the `[mqtt]` broker.
    public var publish: PublishTemplate?
    /// Runs the program; every `{value}` in an argv entry is replaced, so the value is always
    /// inside one argv element (no shell ever sees it).
    public var run: ProgramAction?

    public init(
        setsValue: Bool? = nil, publish: PublishTemplate? = nil, run: ProgramAction? = nil,
        sendInterval: Double = ControlEffects.defaultSendInterval
    ) {
        self.setsValue = setsValue
        self.sendInterval = sendInterval
        self.publish = publish
        self.run = run
    }

    public static let defaultSendInterval = 0.25

    /// True when it neither sends nor runs anything (then it must set an external value).
    public var sendsNothing: Bool { publish == nil && run == nil }
}

/// An MQTT message to send with the control's new value in its payload.
public struct PublishTemplate: Hashable, Sendable {
    public var topic: String
    public var payload: String
    public var retain: Bool

    public init(topic: String, payload: String = "{value}", retain: Bool = false) {
        self.topic = topic
        self.payload = payload
        self.retain = retain
    }
}

/// The part of a control a tap (or a drag, or Enter) lands on.
public enum ControlPart: Hashable, Sendable {
    /// A toggle: flips it.
    case toggle
    /// A stepper's − (−1) or + (+1).
    case step(Int)
    /// A choice's option, by index.
    case option(Int)
    /// A slider's track at `fraction` (0 left … 1 right) of its width; nil until the Navigator
    /// knows where the finger is (a key press on the track changes nothing).
    case track(fraction: Double?)
    /// A field: opens its pad or keyboard (the runner does; the value does not change).
    case open
    /// A field's value typed and accepted (`FieldRules`) on its pad or keyboard.
    case entered(String)
}

/// A change asked of a control: which control (by name: the runner looks the control up in the
/// configuration shown when it acts), which part. The runner works out the new value.
public struct ControlInput: Hashable, Sendable, CustomStringConvertible {
    public var control: ControlName
    public var part: ControlPart

    public init(control: ControlName, part: ControlPart) {
        self.control = control
        self.part = part
    }

    public var description: String { "control \(control)" }
}

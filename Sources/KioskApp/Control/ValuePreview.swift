import KioskControl
import KioskCore
import KioskPlatform
import KioskRender

/// Live values for `render`: file values read once, the others fed from `--value NAME=PAYLOAD`
/// (the payload as the value's source would deliver it: JSON when the value has a `json` path),
/// the rest shown with their placeholders. Same store and extraction as a run.
enum ValuePreview {
    /// The lookup to draw with, and one line per payload or file that was refused.
    /// `schedule` values show `schedule` at `time` (default: now).
    static func lookup(
        for settings: ControlSettings, payloads: [String: String], schedule: Schedule = Schedule(),
        at time: LocalDateTime? = nil
    ) -> (LiveValueLookup, problems: [String]) {
        let now = MonotonicClock.now
        let store = ValueStore(definitions: settings.values, now: now)
        var problems: [String] = []
        for definition in settings.values {
            var bytes: [UInt8]?
            if let payload = payloads[definition.name] {
                bytes = Array(payload.utf8)
            } else if definition.source == .schedule {
                let reading = time ?? WallClockTime.now().localDateTime
                bytes = Array(schedule.payload(at: reading).utf8)
            } else if case .file(let path, _) = definition.source {
                switch ValueSources.readCapped(path, limit: store.limits.payloadBytes + 1) {
                case .success(let read): bytes = read
                case .failure(let error): problems.append("value \(definition.name): \(error)")
                }
            }
            if let bytes, let error = store.deliver(bytes, to: definition.name, at: now) {
                problems.append("value \(definition.name): \(error)")
            }
        }
        for name in payloads.keys where settings.value(name) == nil {
            problems.append("--value \(name): no [[value]] named \"\(name)\" in kiosk.toml")
        }
        return (store.snapshot(), problems)
    }
}

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
        for settings: ControlSettings, payloads: [String: [String]],
        schedule: Schedule = Schedule(),
        at time: LocalDateTime? = nil
    ) -> (LiveValueLookup, problems: [String]) {
        let now = MonotonicClock.now
        let store = ValueStore(definitions: settings.values, now: now)
        var problems: [String] = []
        for definition in settings.values {
            var bytes: [UInt8]?
            if let samples = payloads[definition.name], !samples.isEmpty {
                for (time, payload) in zip(sampleTimes(samples.count, definition, now), samples) {
                    if let error = store.deliver(Array(payload.utf8), to: definition.name, at: time)
                    {
                        problems.append("value \(definition.name): \(error)")
                    }
                }
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

    /// When the preview's samples of a value arrive: spread evenly over its history's window,
    /// the last one now (a sample count: one a second), so n samples draw the chart a run
    /// with that history would show.
    static func sampleTimes(_ count: Int, _ definition: ValueDefinition, _ now: Double) -> [Double]
    {
        var step = 1.0
        if case .duration(let seconds)? = definition.history, count > 1 {
            step = seconds / Double(count - 1)
        }
        return (0..<count).map { now - Double(count - 1 - $0) * step }
    }
}

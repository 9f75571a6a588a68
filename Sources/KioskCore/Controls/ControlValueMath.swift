/// The value a control takes when touched, and where its shown value puts it: pure, so the rules
/// (snapping to the step from `min`, clamping, formatting with the step's decimals) are tested
/// without a panel.
public enum ControlValueMath {
    /// The new value text after `part` was touched on a control showing `current` (nil: no value
    /// yet); nil when the touch changes nothing.
    public static func next(_ kind: ControlKind, current: String?, part: ControlPart) -> String? {
        let proposed: String?
        switch (kind, part) {
        case (.toggle(let on, let off), .toggle):
            proposed = current == on ? off : on
        case (.stepper(let range), .step(let direction)):
            let base = current.flatMap(number) ?? (direction > 0 ? range.min : range.max)
            let start = snapped(base, range)
            proposed = format(snapped(start + Double(direction) * range.step, range), range)
        case (.slider(let range), .track(let fraction?)):
            let f = Swift.min(Swift.max(fraction, 0), 1)
            proposed = format(snapped(range.min + f * (range.max - range.min), range), range)
        case (.choice(let options), .option(let index)) where options.indices.contains(index):
            proposed = options[index].value
        case (.field(let field), .entered(let text)):
            // The field as it is now checks the value again (the keypad checked it as the field
            // was when it opened; a reload in between may have narrowed the rules). Sent even
            // when it equals what is shown: the visitor confirmed it on purpose.
            return field.rules.problem(with: text, entry: field.entry) == nil ? text : nil
        default:
            proposed = nil
        }
        guard let proposed, proposed != current else { return nil }
        // "30" and "30.0" are the same setting: a number at its end of the range changes nothing.
        if case .toggle = kind { return proposed }
        if case .choice = kind { return proposed }
        if let old = current.flatMap(number), let new = number(proposed), old == new { return nil }
        return proposed
    }

    /// Where `text` puts a slider's knob (0 … 1); nil when it is not a number.
    public static func fraction(of text: String?, in range: ControlRange) -> Double? {
        guard let value = text.flatMap(number), range.max > range.min else { return nil }
        return Swift.min(Swift.max((value - range.min) / (range.max - range.min), 0), 1)
    }

    /// The number a value's text starts with (`"21.5"`, `"21.5 °C"`, `" -3"`, `"1e3"`); nil for
    /// none. The same reading as thresholds and histories (`Thresholds.leadingNumber`), so a
    /// slider and a gauge on one value agree.
    public static func number(_ text: String) -> Double? { Thresholds.leadingNumber(text) }

    /// `value` on the grid `min + k·step`, within `min … max`.
    static func snapped(_ value: Double, _ range: ControlRange) -> Double {
        guard range.step > 0 else { return Swift.min(Swift.max(value, range.min), range.max) }
        let steps = ((value - range.min) / range.step).rounded()
        let onGrid = range.min + steps * range.step
        return Swift.min(Swift.max(onGrid, range.min), range.max)
    }

    /// As many decimals as the step and min need (step 0.5 → "21.5", step 1 → "21"), so a value
    /// sent is what the panel shows, never "21.499999999".
    public static func format(_ value: Double, _ range: ControlRange) -> String {
        DecimalText.fixed(value, decimals: Swift.max(decimals(range.step), decimals(range.min)))
    }

    /// Decimals of `x` as written in a config (at most 6).
    static func decimals(_ x: Double) -> Int {
        for places in 0...6 {
            let scaled = x * power(places)
            if abs(scaled - scaled.rounded()) < 1e-6 * Swift.max(1, abs(scaled)) { return places }
        }
        return 6
    }

    private static func power(_ n: Int) -> Double {
        var p = 1.0
        for _ in 0..<n { p *= 10 }
        return p
    }
}

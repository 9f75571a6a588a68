import KioskCore

/// Controls that change a value: `toggle`, `slider`, `stepper`, `choice`, `field`
/// (docs/configuration.md, "Controls"). What they do is checked here (numbers, options, publish,
/// run); that the value exists, can be set and that publishing has a broker is checked with the
/// other value references (`ValueReferenceCheck`).
extension WidgetParser {
    static let controlCommonKeys = [
        "label", "value", "set", "publish", "run", "timeout", "interval"
    ]
    static let controlKeysByType: [String: [String]] = [
        "toggle": controlCommonKeys + ["on", "off"],
        "slider": controlCommonKeys + ["min", "max", "step", "unit"],
        "stepper": controlCommonKeys + ["min", "max", "step", "unit"],
        "choice": controlCommonKeys + ["options"],
        "field": controlCommonKeys + fieldKeys
    ]
    static let controlTypes = ["toggle", "slider", "stepper", "choice", "field"]
    static let optionKeys = ["label", "value"]
    /// A choice is a row of segments: more than this do not fit a fingertip each on a panel.
    static let maxChoiceOptions = 8

    func control(_ table: TableReader, type: String, what: String) -> Widget? {
        let label = table.string("label", allowEmpty: true) ?? ""
        let value = table.string("value", required: what)
        let effects = controlEffects(table, what: what)
        let kind: ControlKind?
        switch type {
        case "toggle":
            let on = table.string("on") ?? "on"
            let off = table.string("off") ?? "off"
            if on == off {
                context.error(
                    table.keyPath("off"),
                    "'on' and 'off' are both \"\(on)\"; a toggle needs two different values")
            }
            kind = .toggle(on: on, off: off)
        case "slider":
            kind = range(table, what: what).map(ControlKind.slider)
        case "stepper":
            kind = range(table, what: what).map(ControlKind.stepper)
        case "field":
            kind = fieldSpec(table, what: what).map(ControlKind.field)
        default:
            kind = choiceOptions(table).map(ControlKind.choice)
        }
        guard let value, let kind, let effects else { return nil }
        return .control(ControlWidget(kind: kind, label: label, value: value, effects: effects))
    }

    /// `min`, `max` (required), `step` (1), `unit`.
    private func range(_ table: TableReader, what: String) -> ControlRange? {
        let bound = ConfigLimits.number
        let min = table.number("min", above: -bound, allowMinimum: true)
        let max = table.number("max", above: -bound, allowMinimum: true)
        if !table.has("min") { table.missing("min", what) }
        if !table.has("max") { table.missing("max", what) }
        let step = table.number("step") ?? 1
        let unit = table.string("unit", allowEmpty: true)
        guard let min, let max else { return nil }
        guard min < max else {
            context.error(
                table.keyPath("max"),
                "must be greater than min (\(TableReader.format(min))), found \(TableReader.format(max))"
            )
            return nil
        }
        guard step <= max - min else {
            context.error(
                table.keyPath("step"),
                "must be at most max - min (\(TableReader.format(max - min))), found \(TableReader.format(step))"
            )
            return nil
        }
        return ControlRange(min: min, max: max, step: step, unit: unit)
    }

    /// `options = [{ label = "Eco", value = "eco" }, …]`: 2 to 8, values different.
    private func choiceOptions(_ table: TableReader) -> [ChoiceOption]? {
        guard table.has("options") else {
            table.missing("options", "a choice control")
            return nil
        }
        guard let readers = table.tables("options", limit: Self.maxChoiceOptions) else {
            return nil
        }
        var options: [ChoiceOption] = []
        for option in readers {
            option.checkKeys(Self.optionKeys, what: "a choice option")
            guard let label = option.string("label", required: "a choice option") else { continue }
            let value = option.string("value", allowEmpty: true) ?? label
            if options.contains(where: { $0.value == value }) {
                context.error(
                    option.keyPath("value"), "value \"\(value)\" is already another option's")
                continue
            }
            options.append(ChoiceOption(label: label, value: value))
        }
        guard options.count == readers.count else { return nil }
        guard options.count >= 2 else {
            context.error(
                table.keyPath("options"),
                "a choice needs at least 2 options, found \(options.count)")
            return nil
        }
        return options
    }

    /// `set`, `publish = { topic, payload = "{value}", retain }`, `run = [argv…]` (`timeout`),
    /// `interval` (seconds between changes sent while dragging).
    private func controlEffects(_ table: TableReader, what: String) -> ControlEffects? {
        let before = context.diagnostics.count
        let sets = table.bool("set")
        let publish = table.table("publish").flatMap {
            publishTemplate($0, defaultPayload: ControlEffects.placeholder)
        }
        var run: ProgramAction?
        if table.has("run") {
            run = programAction(table, example: "\"/usr/local/bin/set-point\", \"{value}\"")
        } else if table.has("timeout") {
            context.error(table.keyPath("timeout"), "'timeout' belongs to run = [...]")
        }
        let interval =
            table.number("interval", allowMinimum: true, maximum: 60)
            ?? ControlEffects.defaultSendInterval
        if sets == false, publish == nil, run == nil, !table.has("publish"), !table.has("run") {
            context.error(
                table.keyPath("set"),
                "\(what) with set = false needs publish = {...} or run = [...]: it would do nothing"
            )
        }
        guard context.diagnostics.count == before else { return nil }
        return ControlEffects(setsValue: sets, publish: publish, run: run, sendInterval: interval)
    }
}

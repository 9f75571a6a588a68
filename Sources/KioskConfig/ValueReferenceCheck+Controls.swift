import KioskCore

/// A control's value must be a single `[[value]]`; `set` needs an `external` one (the others
/// have a source of their own that would overwrite it); a control on a value it cannot set must
/// publish or run something, or a touch would do nothing; `publish` needs `[mqtt]`.
extension ValueReferenceCheck {
    static func checkControl(
        _ w: ControlWidget, at path: String, control: ControlSettings, names: [String],
        page: ParsedPage
    ) {
        guard let value = control.value(w.value) else {
            return unknown(w.value, at: path + ".value", names: names, page: page)
        }
        if value.isList {
            page.context.error(
                path + ".value",
                "value \"\(w.value)\" is a list (rows); a \(w.typeName) changes a single value")
            return
        }
        let external = value.source == .external
        if w.effects.setsValue == true, !external {
            page.context.error(
                path + ".set",
                "value \"\(w.value)\" comes from its \(sourceName(value.source)); only an external value can be set (publish = {...} or run = [...] tell its source instead)"
            )
        } else if !external, w.effects.sendsNothing {
            page.context.error(
                path + ".value",
                "value \"\(w.value)\" comes from its \(sourceName(value.source)), so the \(w.typeName) cannot set it; add publish = {...} or run = [...] to tell the source"
            )
        }
        if w.effects.publish != nil, control.mqtt == nil {
            page.context.error(
                path + ".publish",
                "publishing needs a broker: add [mqtt] broker = \"mqtt://host\" to kiosk.toml")
        }
    }

    private static func sourceName(_ source: ValueSource) -> String {
        switch source {
        case .file: "file"
        case .program: "program"
        case .mqtt: "MQTT topic"
        case .external: "setter"
        case .schedule: "schedule"
        }
    }
}

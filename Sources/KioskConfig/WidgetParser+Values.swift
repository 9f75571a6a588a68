import KioskCore

/// Widgets that show live values (`value`, `text` with `text = "…{name}…"`, `list` with
/// `rows = "name"`) and the actions that act outside the panel (`run`, `publish`). Value names
/// are checked against kiosk.toml's `[[value]]`s by `ValueReferenceCheck`.
extension WidgetParser {
    static let commandKeys = ["run", "timeout", "confirm", "publish", "name"]
    static let publishKeys = ["topic", "payload", "retain"]
    static let defaultRunTimeout = 30.0
    static let defaultMaxRows = 6

    func liveText(_ table: TableReader, what: String) -> Widget? {
        if table.has("markup") {
            context.error(
                table.keyPath("markup"),
                "set either 'markup' (Pango markup) or 'text' (plain text with {value} placeholders), not both"
            )
        }
        let template = table.string("text", required: what)
        let size = table.number("size", maximum: ConfigLimits.fontSize)
        let align = table.choice("align", TextAlignment.self, what: "alignment")
        return template.map {
            .liveText(LiveTextWidget(template: $0, size: size, alignment: align ?? .left))
        }
    }

    func valueWidget(_ table: TableReader, what: String) -> Widget? {
        let label = table.string("label", required: what, allowEmpty: true)
        let value = table.string("value", required: what)
        let unit = table.string("unit", allowEmpty: true)
        guard let label, let value else { return nil }
        return .value(ValueWidget(label: label, value: value, unit: unit))
    }

    func valueRows(_ table: TableReader, what: String) -> Widget? {
        if table.has("row") {
            context.error(
                table.keyPath("rows"),
                "a list takes either [[widget.row]] or rows = \"value\", not both")
        }
        let value = table.string("rows", required: what)
        let label = table.string("label", required: "a list with rows = \"…\"")
        let detail = table.string("detail", allowEmpty: true)
        let maxRows =
            table.integer("max_rows", minimum: 1, maximum: ConfigLimits.valueRows)
            ?? Self.defaultMaxRows
        let placeholder = table.string("placeholder", allowEmpty: true) ?? "—"
        guard let value, let label else { return nil }
        return .valueRows(
            ValueRowsWidget(
                value: value, label: label, detail: detail, maxRows: maxRows,
                placeholder: placeholder))
    }

    /// `run = ["argv", …]` (with `timeout`) or `publish = { topic, payload, retain }`, with
    /// optional `confirm` and `name`. nil when the table has neither; `.some(nil)` when it is
    /// wrong (reported).
    func commandAction(_ table: TableReader, label: String?) -> CommandAction?? {
        let hasRun = table.has("run")
        let hasPublish = table.has("publish")
        guard hasRun || hasPublish else {
            for key in ["timeout", "confirm", "name"] where table.has(key) {
                context.error(
                    table.keyPath(key),
                    "'\(key)' belongs to an action that runs a program (run = [...]) or publishes (publish = {...})"
                )
            }
            return table.has("timeout") || table.has("confirm") || table.has("name")
                ? .some(nil) : nil
        }
        let before = context.diagnostics.count
        for other in ["open", "action"] where table.has(other) {
            context.error(
                table.keyPath(other), "set one of 'open', 'action', 'run' or 'publish', not several"
            )
        }
        if hasRun && hasPublish {
            context.error(table.keyPath("publish"), "set either 'run' or 'publish', not both")
        }
        let name = table.string("name") ?? label ?? "action"
        let confirm = table.string("confirm")
        var effect: CommandAction.Effect?
        if hasRun {
            effect = programAction(table, example: "\"/usr/local/bin/restart-line\", \"2\"").map {
                .run($0)
            }
        } else if let publish = table.table("publish") {
            if table.has("timeout") {
                context.error(
                    table.keyPath("timeout"), "'timeout' belongs to run = [...], not to publish")
            }
            effect = publishTemplate(publish, defaultPayload: "").map {
                .publish(topic: $0.topic, payload: $0.payload, retain: $0.retain)
            }
        }
        guard context.diagnostics.count == before, let effect else { return .some(nil) }
        return .some(CommandAction(name: name, effect: effect, confirm: confirm))
    }
}

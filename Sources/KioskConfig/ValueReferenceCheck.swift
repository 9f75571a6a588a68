import KioskCore

/// Every value a widget names must be a `[[value]]` of kiosk.toml of the right kind: a list
/// value (`rows = …`) for a generated list, a single value for `value` and `{name}` widgets;
/// and `publish` actions need `[mqtt]`. Reported on the page, with the nearest known name.
enum ValueReferenceCheck {
    static func check(_ pages: [ParsedPage], values control: ControlSettings) {
        let names = control.values.map(\.name)
        for page in pages {
            guard let definition = page.definition, case .panel(let panel) = definition.content
            else { continue }
            for (index, widget) in panel.widgets.enumerated() {
                let path = "widget[\(index + 1)]"
                switch widget {
                case .value(let w):
                    single(w.value, at: path + ".value", control: control, names: names, page: page)
                case .liveText(let w):
                    for name in w.valueNames {
                        single(name, at: path + ".text", control: control, names: names, page: page)
                    }
                case .valueRows(let w):
                    guard let value = control.value(w.value) else {
                        unknown(w.value, at: path + ".rows", names: names, page: page)
                        continue
                    }
                    if !value.isList {
                        page.context.error(
                            path + ".rows",
                            "value \"\(w.value)\" is a single value; a list needs a [[value]] with rows = \"…\" and fields"
                        )
                    }
                case .control(let w):
                    checkControl(w, at: path, control: control, names: names, page: page)
                case .qr(let w):
                    if case .value(let name) = w.content {
                        single(
                            name, at: path + ".value", control: control, names: names, page: page)
                    }
                case .chart, .gauge, .bar:
                    checkCharted(widget, at: path, control: control, names: names, page: page)
                default: break
                }
                if control.mqtt == nil { checkPublish(widget, at: path, page: page) }
            }
        }
    }

    /// A chart's values need a history; a gauge's or bar's must be single values.
    private static func checkCharted(
        _ widget: Widget, at path: String, control: ControlSettings, names: [String],
        page: ParsedPage
    ) {
        let isChart: Bool
        if case .chart = widget { isChart = true } else { isChart = false }
        for (index, name) in widget.valueNames.enumerated() {
            let key =
                isChart && widget.valueNames.count > 1
                ? "\(path).values[\(index + 1)]" : "\(path).value"
            single(name, at: key, control: control, names: names, page: page)
            if isChart, let value = control.value(name), !value.isList, value.history == nil {
                page.context.error(
                    key,
                    "value \"\(name)\" keeps no history for a chart; add history = \"10m\" (or a sample count) to its [[value]]"
                )
            }
        }
    }

    static func single(
        _ name: String, at keyPath: String, control: ControlSettings, names: [String],
        page: ParsedPage
    ) {
        guard let value = control.value(name) else {
            return unknown(name, at: keyPath, names: names, page: page)
        }
        if value.isList {
            page.context.error(
                keyPath,
                "value \"\(name)\" is a list (rows); show it with a list widget: rows = \"\(name)\""
            )
        }
    }

    static func unknown(
        _ name: String, at keyPath: String, names: [String], page: ParsedPage
    ) {
        page.context.error(
            keyPath,
            "unknown value \"\(name)\" (define it in kiosk.toml with [[value]] name = \"\(name)\")"
                + Suggestion.hint(for: name, in: names))
    }

    private static func checkPublish(_ widget: Widget, at path: String, page: ParsedPage) {
        var actions: [(String, Action?)] = []
        if case .list(let list) = widget {
            actions = list.rows.enumerated().map {
                ("\(path).row[\($0.offset + 1)]", $0.element.action)
            }
        }
        if case .grid(let grid) = widget {
            actions = grid.tiles.enumerated().map {
                ("\(path).tile[\($0.offset + 1)]", $0.element.action)
            }
        }
        for (keyPath, action) in actions {
            if case .command(let command)? = action, case .publish = command.effect {
                page.context.error(
                    keyPath + ".publish",
                    "publishing needs a broker: add [mqtt] broker = \"mqtt://host\" to kiosk.toml")
            }
        }
    }
}

import KioskCore

/// `transition` and `back_transition` on a list row or grid tile (issue 14): a transition name or
/// `"none"`, or an inline table `{ type = "zoom", duration = 0.5, orientation = "…" }`.
/// `transition` with `open` is how the page is pushed; with `action = "back"`, how the page
/// leaves. `back_transition` with `open` is how the opened page leaves when it is popped.
extension WidgetParser {
    static let transitionKeys = ["transition", "back_transition"]
    static let noTransition = "none"

    /// `action` with the item's transitions; nil when they are wrong (reported) or the action is.
    func transitioned(_ action: (value: Action?, ok: Bool)?, _ table: TableReader) -> (
        value: Action?, ok: Bool
    )? {
        guard let action else { return nil }
        let before = context.diagnostics.count
        let push = override(table, "transition")
        let back = override(table, "back_transition")
        guard context.diagnostics.count == before else { return nil }
        guard push != nil || back != nil else { return action }
        switch action.value {
        case .open(let id)?:
            return (.openWith(id, ActionTransition(push: push, back: back)), true)
        case .back? where back == nil:
            return push.map { (.backWith($0), true) }
        case .back?:
            context.error(
                table.keyPath("back_transition"),
                "with action = \"back\" write transition = \"…\" (how the page leaves)")
            return nil
        default:
            let key = push != nil ? "transition" : "back_transition"
            context.error(
                table.keyPath(key), "a transition goes with open = \"…\" or action = \"back\"")
            return nil
        }
    }

    /// One of the two keys: nil when absent or wrong (reported).
    private func override(_ table: TableReader, _ key: String) -> TransitionOverride? {
        guard let value = table.value(key) else { return nil }
        if value.stringValue != nil {
            guard let name = table.string(key) else { return nil }
            if name == Self.noTransition { return TransitionOverride.none }
            guard let kind = table.choice(key, TransitionKind.self, what: "transition") else {
                return nil
            }
            return TransitionOverride(kind: kind)
        }
        guard let inner = table.table(key) else { return nil }
        inner.checkKeys(PageParser.transitionKeys, what: "a \(key) table")
        let before = context.diagnostics.count
        let kind = inner.choice("type", TransitionKind.self, what: "transition")
        if !inner.has("type") { context.error(inner.keyPath("type"), "required in a \(key) table") }
        let orientation = inner.choice(
            "orientation", TransitionOrientation.self, what: "orientation")
        let duration = inner.number(
            "duration", above: 0, allowMinimum: true, maximum: ConfigLimits.duration)
        guard context.diagnostics.count == before, let kind else { return nil }
        return TransitionOverride(kind: kind, orientation: orientation, duration: duration)
    }
}

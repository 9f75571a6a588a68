/// The control's new value put into what it sends: `{value}` in a payload or an argv entry.
/// The value is inserted as text, once; nothing in it is read as a placeholder again, and an
/// argv entry stays one entry whatever the value holds (spaces, quotes, `;`).
extension ControlEffects {
    public static let placeholder = "{value}"

    /// The payload to publish for `value`.
    public func payload(for value: String) -> String? {
        publish.map { Self.fill($0.payload, with: value) }
    }

    /// The program to run for `value`.
    public func program(for value: String) -> ProgramAction? {
        guard let run else { return nil }
        var program = run
        program.argv = run.argv.map { Self.fill($0, with: value) }
        return program
    }

    static func fill(_ template: String, with value: String) -> String {
        template.replacing(placeholder, with: value)
    }
}

extension ControlWidget {
    /// What its new `value` does, in the order it is done: the program first (a program still
    /// running holds the rest back), then the message. The same effects a row's or tile's
    /// action has, so both go out one way.
    public func effects(for value: String) -> [CommandAction.Effect] {
        var effects: [CommandAction.Effect] = []
        if let program = self.effects.program(for: value) { effects.append(.run(program)) }
        if let publish = self.effects.publish, let payload = self.effects.payload(for: value) {
            effects.append(.publish(topic: publish.topic, payload: payload, retain: publish.retain))
        }
        return effects
    }

    /// Its name as an action's: `KIOSK_ACTION`, a toast's first word, the `ActionRan` signal.
    public var actionName: String { label.isEmpty ? value : label }
}

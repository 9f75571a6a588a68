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

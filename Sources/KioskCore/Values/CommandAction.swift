/// A row, tile or button that acts outside the panel: runs a program or publishes an MQTT
/// message. Config makes it from `run = [...]` or `publish = { ... }`; the runner carries it out.
public struct CommandAction: Hashable, Sendable, CustomStringConvertible {
    public enum Effect: Hashable, Sendable {
        /// Runs a program (argv, no shell) with a timeout.
        case run(ProgramAction)
        /// Publishes `payload` to `topic` on the configured broker.
        case publish(topic: String, payload: String, retain: Bool)
    }

    /// The action's name: `KIOSK_ACTION` for a program, the toast's first word, the D-Bus
    /// `ActionRan` signal's second argument (`name = …`, default the row's or tile's label).
    public var name: String
    public var effect: Effect
    /// Asked in a dialog before it runs (`confirm = "Restart line 2?"`); nil runs at once.
    public var confirm: String?

    public init(name: String, effect: Effect, confirm: String? = nil) {
        self.name = name
        self.effect = effect
        self.confirm = confirm
    }

    public var description: String {
        switch effect {
        case .run: "run \(name)"
        case .publish(let topic, _, _): "publish \(name) to \(topic)"
        }
    }
}

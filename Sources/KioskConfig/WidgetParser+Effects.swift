import KioskCore

/// The two things an action or a control can do outside the panel, parsed one way for both:
/// `run = [argv…]` (with `timeout`) and `publish = { topic, payload, retain }`.
extension WidgetParser {
    /// `run = [argv…]`, `timeout`: nil (with an error) when the program is missing. `example`
    /// shows a run line that fits where it is written.
    func programAction(_ table: TableReader, example: String) -> ProgramAction? {
        let argv = table.strings("run", limit: ConfigLimits.argvEntries)?.map(\.value) ?? []
        let timeout =
            table.number("timeout", maximum: ConfigLimits.idleSeconds) ?? Self.defaultRunTimeout
        if let first = argv.first, !first.isEmpty {
            return ProgramAction(argv: argv, timeout: timeout)
        }
        if table.value("run")?.array != nil {
            context.error(
                table.keyPath("run"),
                "needs the program as its first entry, e.g. run = [\(example)] (no shell)")
        }
        return nil
    }

    /// `publish = { topic, payload, retain }`: nil (with an error) when the topic is missing or
    /// has MQTT wildcards; `payload` defaults to `defaultPayload`.
    func publishTemplate(_ reader: TableReader, defaultPayload: String) -> PublishTemplate? {
        reader.checkKeys(Self.publishKeys, what: "publish")
        let topic = reader.string("topic", required: "publish")
        let payload = reader.string("payload", allowEmpty: true) ?? defaultPayload
        let retain = reader.bool("retain") ?? false
        guard let topic else { return nil }
        guard !topic.contains(where: isMQTTWildcard) else {
            context.error(
                reader.keyPath("topic"),
                "must not contain the MQTT wildcards + or #; found \"\(topic)\"")
            return nil
        }
        return PublishTemplate(topic: topic, payload: payload, retain: retain)
    }
}

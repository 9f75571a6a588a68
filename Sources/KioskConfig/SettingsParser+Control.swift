import KioskCore

/// `[mqtt]`, `[dbus]` and `[[value]]` in kiosk.toml (docs/control.md): the outside world a panel
/// talks to. Every problem is reported under its key path; JSON paths and broker URLs are
/// parsed here so `check` names the column of a mistake.
extension SettingsParser {
    static let mqttKeys = [
        "broker", "client_id", "topic_prefix", "credentials_file", "ca_file", "keepalive",
        "screenshot_max_kib"
    ]
    static let dbusKeys = ["enabled"]
    static let valueKeys = [
        "name", "source", "path", "poll", "argv", "interval", "timeout", "topic", "json", "rows",
        "fields",
        "stale_after", "thresholds", "placeholder", "history"
    ]
    static let valueSources = ["file", "program", "mqtt", "external", "schedule"]
    static let thresholdKeys = ["warning_above", "alarm_above", "warning_below", "alarm_below"]
    /// Keys each source needs or allows besides the common ones.
    static let sourceKeys: [String: [String]] = [
        "file": ["path", "poll"], "program": ["argv", "interval", "timeout"], "mqtt": ["topic"],
        "external": [], "schedule": []
    ]

    func control(_ root: TableReader, paths: PathResolver) -> ControlSettings {
        var control = ControlSettings()
        if let table = root.table("mqtt") { control.mqtt = mqtt(table, paths: paths) }
        if let table = root.table("dbus") {
            table.checkKeys(Self.dbusKeys, what: "[dbus]")
            control.dbusEnabled = table.bool("enabled") ?? true
        }
        var names: Set<String> = []
        for table in root.tables("value", limit: ConfigLimits.values) ?? [] {
            let value = value(table, paths: paths)
            if let name = table.value("name")?.stringValue, !names.insert(name).inserted {
                context.error(table.keyPath("name"), "a value named \"\(name)\" is already defined")
                continue
            }
            if let value { control.values.append(value) }
        }
        if !root.has("mqtt"),
            let table = root.tables("value", limit: ConfigLimits.values)?.first(where: {
                $0.string("source") == "mqtt"
            })
        {
            context.error(
                table.keyPath("source"),
                "an mqtt value needs a broker: add [mqtt] broker = \"mqtt://host\"")
        }
        return control
    }

    func mqtt(_ table: TableReader, paths: PathResolver) -> MQTTSettings? {
        table.checkKeys(Self.mqttKeys, what: "[mqtt]")
        let clientID = table.string("client_id").flatMap {
            topicSafe($0, key: "client_id", in: table)
        }
        let topicPrefix = table.string("topic_prefix").flatMap {
            topicSafe($0, key: "topic_prefix", in: table)
        }
        let credentialsFile = table.string("credentials_file").map(paths.resolve)
        let caFile = table.string("ca_file").map(paths.resolve)
        let keepalive = table.integer("keepalive", minimum: 5, maximum: 3600) ?? 30
        let screenshotMaxKiB =
            table.integer("screenshot_max_kib", minimum: 16, maximum: 65536)
            ?? MQTTSettings.defaultScreenshotMaxKiB
        guard let text = table.string("broker", required: "[mqtt]") else { return nil }
        do {
            return MQTTSettings(
                broker: try BrokerURL(text), clientID: clientID, topicPrefix: topicPrefix,
                credentialsFile: credentialsFile, caFile: caFile, keepalive: keepalive,
                screenshotMaxKiB: screenshotMaxKiB)
        } catch {
            context.error(table.keyPath("broker"), error.description)
            return nil
        }
    }

    /// MQTT topic text without wildcards (`+`, `#`), which only subscriptions may use.
    func topicSafe(_ text: String, key: String, in table: TableReader) -> String? {
        guard !text.contains(where: isMQTTWildcard) else {
            context.error(
                table.keyPath(key), "must not contain the MQTT wildcards + or #; found \"\(text)\"")
            return nil
        }
        return text
    }

    func value(_ table: TableReader, paths: PathResolver) -> ValueDefinition? {
        let before = context.diagnostics.count
        let name = table.string("name", required: "every [[value]]")
        if let name, !ValueNameRules.isValid(name) {
            context.error(
                table.keyPath("name"),
                "\"\(name)\" is not a valid value name (use \(ValueNameRules.explanation))")
        }
        let sourceName = table.string("source", required: "every [[value]]") ?? ""
        guard let allowed = Self.sourceKeys[sourceName] else {
            if table.has("source") {
                context.error(
                    table.keyPath("source"),
                    "unknown value source \"\(sourceName)\""
                        + Suggestion.hint(for: sourceName, in: Self.valueSources))
            }
            return nil
        }
        let common = Self.valueKeys.filter { key in
            !Self.sourceKeys.values.contains { $0.contains(key) }
        }
        table.checkKeys(common + allowed, what: "a \(sourceName) value")
        let source: ValueSource?
        switch sourceName {
        case "file":
            let path = table.string("path", required: "a file value").map(paths.resolve)
            let poll = seconds(table, "poll")
            source = path.map { .file(path: $0, pollInterval: poll) }
        case "program":
            let argv = table.strings(
                "argv", required: "a program value", limit: ConfigLimits.argvEntries)?.map(\.value)
            if let argv, argv.isEmpty || argv[0].isEmpty {
                context.error(table.keyPath("argv"), "needs the program as its first entry")
            }
            let interval = seconds(table, "interval") ?? 10
            let timeout = seconds(table, "timeout") ?? min(interval, 30)
            source = argv.flatMap {
                $0.first?.isEmpty == false
                    ? .program(argv: $0, interval: interval, timeout: timeout) : nil
            }
        case "mqtt":
            let topic = table.string("topic", required: "an mqtt value")
            source = topic.map { .mqtt(topic: $0) }
        case "schedule":
            source = .schedule
        default:
            source = .external
        }
        let extraction = self.extraction(table)
        let thresholds = table.table("thresholds").map(thresholds)
        let definition = ValueDefinition(
            name: name ?? "", source: source ?? .external, extraction: extraction ?? .text,
            staleAfter: seconds(table, "stale_after"), thresholds: thresholds ?? nil,
            placeholder: table.string("placeholder", allowEmpty: true) ?? "—",
            history: history(table))
        return context.diagnostics.count == before ? definition : nil
    }

    /// `json = "path"` (one field), or `rows = "path"` with `fields = { name = "path", … }`, or
    /// neither (the whole payload as text).
    func extraction(_ table: TableReader) -> ValueExtraction? {
        if table.has("json") && table.has("rows") {
            context.error(
                table.keyPath("rows"), "set either 'json' (one field) or 'rows' (a list), not both")
            return nil
        }
        if let text = table.string("json", allowEmpty: true) {
            return jsonPath(text, at: table.keyPath("json")).map(ValueExtraction.json)
        }
        guard table.has("rows") else {
            if table.has("fields") {
                context.error(
                    table.keyPath("fields"), "'fields' needs rows = \"path of the array\"")
            }
            return .text
        }
        let array = table.string("rows", allowEmpty: true).flatMap {
            jsonPath($0, at: table.keyPath("rows"))
        }
        guard let fieldsTable = table.table("fields") else {
            if !table.has("fields") { table.missing("fields", "a list value") }
            return nil
        }
        var fields: [RowField] = []
        for (key, _) in fieldsTable.entries {
            guard let text = fieldsTable.string(key, allowEmpty: true),
                let path = jsonPath(text, at: fieldsTable.keyPath(key))
            else { continue }
            fields.append(RowField(name: key, path: path))
        }
        guard let array else { return nil }
        return .rows(array: array, fields: fields)
    }

    func jsonPath(_ text: String, at keyPath: String) -> JSONPath? {
        do {
            return try JSONPath(text)
        } catch {
            context.error(keyPath, error.description)
            return nil
        }
    }

    func thresholds(_ table: TableReader) -> Thresholds? {
        table.checkKeys(Self.thresholdKeys, what: "thresholds")
        func bound(_ key: String) -> Double? {
            table.number(
                key, above: -ConfigLimits.number, allowMinimum: true, maximum: ConfigLimits.number)
        }
        return Thresholds(
            warningAbove: bound("warning_above"), alarmAbove: bound("alarm_above"),
            warningBelow: bound("warning_below"), alarmBelow: bound("alarm_below"))
    }

    /// Seconds as a number (`30`, `0.5`) or text with a unit (`"30s"`, `"500ms"`, `"5m"`).
    func seconds(_ table: TableReader, _ key: String) -> Double? { table.seconds(key) }
}

/// What a value name may look like (it appears in `{name}` placeholders and `set NAME VALUE`).
enum ValueNameRules {
    static let explanation = "letters, digits, '.', '-' and '_'"
    static func isValid(_ name: String) -> Bool {
        !name.isEmpty && name.count <= 64
            && name.unicodeScalars.allSatisfy {
                $0.isASCII
                    && ($0.properties.isAlphabetic || ("0"..."9").contains($0)
                        || "._-".unicodeScalars.contains($0))
            }
    }
}

/// `"30s"`, `"500ms"`, `"5m"`, `"1h"` or a bare number of seconds.
enum Duration {
    static func seconds(_ text: String) -> Double? {
        let units: [(String, Double)] = [("ms", 0.001), ("s", 1), ("m", 60), ("h", 3600)]
        for (unit, factor) in units where text.hasSuffix(unit) {
            guard let number = Double(text.dropLast(unit.count).trimmingCharacters(in: " ")),
                number.isFinite
            else { return nil }
            return number * factor
        }
        return Double(text).flatMap { $0.isFinite ? $0 : nil }
    }
}

extension StringProtocol {
    fileprivate func trimmingCharacters(in set: String) -> String {
        String(drop { set.contains($0) }.reversed().drop { set.contains($0) }.reversed())
    }
}

/// An MQTT wildcard (`+`, `#`), which only subscriptions may use. Tested per Character, with the
/// Standard Library's search: `contains("+")` on a String runs Foundation's, whose code then
/// stays resident in `run` for one look at the config.
func isMQTTWildcard(_ c: Character) -> Bool { c == "+" || c == "#" }

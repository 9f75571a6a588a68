/// Where a value's bytes come from.
public enum ValueSource: Hashable, Sendable {
    /// A file, re-read when it changes (inotify on its folder) and every `pollInterval` seconds
    /// when given (for /sys and /proc files, which inotify does not report).
    case file(path: String, pollInterval: Double?)
    /// A program's stdout, run every `interval` seconds (never two at once), stopped after
    /// `timeout` seconds.
    case program(argv: [String], interval: Double, timeout: Double)
    /// The payload of messages on an MQTT topic.
    case mqtt(topic: String)
    /// Set from outside: D-Bus SetValue, the MQTT command `set NAME VALUE`, or the runner.
    case external
    /// The panel's `[[schedule]]` as JSON (`Schedule.payload(at:)`), delivered by the runner
    /// whenever the schedule's state changes and by `render` for its time.
    case schedule
}

/// How a source's bytes become the value.
public enum ValueExtraction: Hashable, Sendable {
    /// The whole payload as one line of text.
    case text
    /// One field of a JSON document.
    case json(JSONPath)
    /// Rows from a JSON array: each element must be an object; each row field is the text at
    /// its path inside the element (`fields`: row field name and path, in display order).
    case rows(array: JSONPath, fields: [RowField])
}

/// A named field of a generated row and where it sits in the array element.
public struct RowField: Hashable, Sendable {
    public var name: String
    public var path: JSONPath
    public init(name: String, path: JSONPath) {
        self.name = name
        self.path = path
    }
}

/// Everything about one named value.
public struct ValueDefinition: Hashable, Sendable {
    public var name: String
    public var source: ValueSource
    public var extraction: ValueExtraction
    /// Seconds without an update after which the value is marked stale (nil: never).
    public var staleAfter: Double?
    public var thresholds: Thresholds?
    /// Shown before the first value arrives.
    public var placeholder: String
    /// How much of its past the value keeps for charts (nil: none).
    public var history: HistoryLength?

    public init(
        name: String, source: ValueSource, extraction: ValueExtraction = .text,
        staleAfter: Double? = nil,
        thresholds: Thresholds? = nil, placeholder: String = "—", history: HistoryLength? = nil
    ) {
        self.history = history
        self.name = name
        self.source = source
        self.extraction = extraction
        self.staleAfter = staleAfter
        self.thresholds = thresholds
        self.placeholder = placeholder
    }

    /// True for values that generate list rows.
    public var isList: Bool {
        if case .rows = extraction { return true }
        return false
    }
}

/// Size limits on everything that comes from outside.
public struct ValueLimits: Hashable, Sendable {
    /// Bytes of one payload (file, program output, MQTT message).
    public var payloadBytes: Int
    /// Characters of one value or row field.
    public var valueCharacters: Int
    /// Rows of one generated list.
    public var rows: Int

    public init(payloadBytes: Int = 256 * 1024, valueCharacters: Int = 256, rows: Int = 200) {
        self.payloadBytes = payloadBytes
        self.valueCharacters = valueCharacters
        self.rows = rows
    }
}

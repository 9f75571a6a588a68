import KioskCore
import TOMLKit

/// Typed, checked access to one TOML table. Every getter reports what is wrong (wrong type,
/// out of range, unknown name) to the file's context under the full key path and returns nil,
/// so parsing continues and every problem is found in one pass.
struct TableReader {
    let path: String
    let context: FileContext
    /// Keys in the order TOMLKit gives them (sorted), with their values.
    let entries: [(key: String, value: TOMLValue)]

    init(table: TOMLTable, path: String, context: FileContext) {
        self.path = path
        self.context = context
        let keys = TOMLRelease.keys(of: table)
        entries = zip(keys, TOMLRelease.values(of: table, keys: keys)).map { (key: $0, value: $1) }
    }

    func keyPath(_ key: String) -> String { path.isEmpty ? key : path + "." + key }

    func value(_ key: String) -> TOMLValue? {
        entries.first { $0.key == key }?.value
    }

    func has(_ key: String) -> Bool { value(key) != nil }

    /// Reports every key not in `allowed`, suggesting the nearest allowed one. `what` names the
    /// table in the message ("a text widget").
    func checkKeys(_ allowed: [String], what: String) {
        for (key, _) in entries where !allowed.contains(key) {
            context.error(
                keyPath(key), "unknown key in \(what)" + Suggestion.hint(for: key, in: allowed))
        }
    }

    func missing(_ key: String, _ what: String) {
        context.error(keyPath(key), "required key is missing (\(what) needs it)")
    }

    func wrongType(_ key: String, expected: String, found value: TOMLValue) {
        context.error(keyPath(key), "expected \(expected), found \(Self.describe(value))")
    }

    static func describe(_ value: TOMLValue) -> String {
        switch value.type {
        case .string: "a string"
        case .int: "an integer"
        case .double: "a floating-point number"
        case .bool: "a boolean"
        case .table: "a table"
        case .array: "an array"
        case .date: "a date"
        case .time: "a time"
        case .dateTime: "a date-time"
        }
    }

    // MARK: Scalars

    func string(_ key: String, required what: String? = nil, allowEmpty: Bool = false) -> String? {
        guard let value = value(key) else {
            if let what { missing(key, what) }
            return nil
        }
        guard let string = value.stringValue else {
            wrongType(key, expected: "a string", found: value)
            return nil
        }
        if !allowEmpty && string.isEmpty {
            context.error(keyPath(key), "must not be empty")
            return nil
        }
        if let problem = Self.textProblem(string) {
            context.error(keyPath(key), problem)
            return nil
        }
        return string
    }

    /// Why `text` is too long to lay out in bounded time (`ConfigLimits.textScalars`,
    /// `ConfigLimits.wordScalars`), or nil.
    static func textProblem(_ text: String) -> String? {
        var count = 0
        var word = 0
        var longestWord = 0
        for scalar in text.unicodeScalars {
            count += 1
            if scalar.properties.isWhitespace || scalar == "-" || scalar == "/" {
                word = 0
            } else {
                word += 1
                longestWord = max(longestWord, word)
            }
        }
        if count > ConfigLimits.textScalars {
            return
                "text is \(count) characters long; at most \(ConfigLimits.textScalars) are allowed"
        }
        if longestWord > ConfigLimits.wordScalars {
            return
                "a word of \(longestWord) characters without a space; at most \(ConfigLimits.wordScalars) are allowed"
        }
        return nil
    }

    func bool(_ key: String) -> Bool? {
        guard let value = value(key) else { return nil }
        guard let bool = value.boolValue else {
            wrongType(key, expected: "true or false", found: value)
            return nil
        }
        return bool
    }

    func integer(_ key: String, minimum: Int, maximum: Int) -> Int? {
        guard let value = value(key) else { return nil }
        guard let int = value.intValue else {
            wrongType(key, expected: "an integer", found: value)
            return nil
        }
        guard int >= minimum else {
            context.error(keyPath(key), "must be at least \(minimum), found \(int)")
            return nil
        }
        guard int <= maximum else {
            context.error(keyPath(key), "must be at most \(maximum), found \(int)")
            return nil
        }
        return int
    }

    /// A number (integer or float), finite, greater than `minimum` (or equal when `allowMinimum`)
    /// and at most `maximum` (every number has a bound: see `ConfigLimits`).
    func number(
        _ key: String, above minimum: Double = 0, allowMinimum: Bool = false,
        maximum: Double = ConfigLimits.number
    ) -> Double? {
        guard let value = value(key) else { return nil }
        let number: Double
        if let int = value.intValue {
            number = Double(int)
        } else if let double = value.doubleValue {
            number = double
        } else {
            wrongType(key, expected: "a number", found: value)
            return nil
        }
        guard number.isFinite else {
            context.error(keyPath(key), "expected a finite number, found \(number)")
            return nil
        }
        let ok = allowMinimum ? number >= minimum : number > minimum
        guard ok else {
            let bound = Self.format(minimum)
            let rule = allowMinimum ? "at least \(bound)" : "greater than \(bound)"
            context.error(keyPath(key), "must be \(rule), found \(Self.format(number))")
            return nil
        }
        guard number <= maximum else {
            context.error(
                keyPath(key),
                "must be at most \(Self.format(maximum)), found \(Self.format(number))")
            return nil
        }
        return number
    }

    static func format(_ number: Double) -> String {
        number == number.rounded() && abs(number) < 1e15 ? String(Int(number)) : String(number)
    }

    func color(_ key: String) -> RGBA? {
        guard let string = string(key) else { return nil }
        guard let color = RGBA(hex: string) else {
            context.error(
                keyPath(key),
                "expected a colour like \"#rrggbb\" or \"#rrggbbaa\", found \"\(string)\"")
            return nil
        }
        return color
    }

    /// One of an enum's raw values, with a suggestion for a misspelt one.
    func choice<E: RawRepresentable & CaseIterable>(_ key: String, _ type: E.Type, what: String)
        -> E?
    where E.RawValue == String {
        guard let string = string(key, allowEmpty: true) else { return nil }
        if let value = E(rawValue: string) { return value }
        let names = E.allCases.map(\.rawValue)
        context.error(
            keyPath(key), "unknown \(what) \"\(string)\"" + Suggestion.hint(for: string, in: names))
        return nil
    }

    // MARK: Structure

    /// A sub-table (`[transition]`).
    func table(_ key: String) -> TableReader? {
        guard let value = value(key) else { return nil }
        guard let table = value.table else {
            wrongType(key, expected: "a table ([\(keyPath(key))])", found: value)
            return nil
        }
        return TableReader(table: table, path: keyPath(key), context: context)
    }

    /// An array of tables (`[[widget]]`), each reader's path carrying its 1-based index; more than
    /// `limit` is an error.
    func tables(_ key: String, limit: Int) -> [TableReader]? {
        guard let value = value(key) else { return nil }
        guard let array = value.array else {
            wrongType(key, expected: "an array of tables ([[\(keyPath(key))]])", found: value)
            return nil
        }
        guard array.count <= limit else {
            context.error(keyPath(key), "\(array.count) blocks; at most \(limit) are allowed")
            return nil
        }
        var readers: [TableReader] = []
        for i in 0..<array.count {
            let element = array[i].tomlValue
            let elementPath = keyPath(key) + "[\(i + 1)]"
            guard let table = element.table else {
                context.error(elementPath, "expected a table, found \(Self.describe(element))")
                continue
            }
            readers.append(TableReader(table: table, path: elementPath, context: context))
        }
        return readers
    }

    /// An array of at most `limit` strings, each with its key path (`faces[2]`); wrong elements are
    /// reported and left out.
    func strings(
        _ key: String, required what: String? = nil, limit: Int = ConfigLimits.containerChildren
    ) -> [(value: String, keyPath: String)]? {
        guard let value = value(key) else {
            if let what { missing(key, what) }
            return nil
        }
        guard let array = value.array else {
            wrongType(key, expected: "an array of strings", found: value)
            return nil
        }
        guard array.count <= limit else {
            context.error(keyPath(key), "\(array.count) entries; at most \(limit) are allowed")
            return nil
        }
        var result: [(value: String, keyPath: String)] = []
        for i in 0..<array.count {
            let element = array[i].tomlValue
            let elementPath = keyPath(key) + "[\(i + 1)]"
            guard let string = element.stringValue else {
                context.error(elementPath, "expected a string, found \(Self.describe(element))")
                continue
            }
            if let problem = Self.textProblem(string) {
                context.error(elementPath, problem)
                continue
            }
            result.append((string, elementPath))
        }
        return result
    }
}

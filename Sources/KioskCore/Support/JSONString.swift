/// A string written as a JSON string literal, for the few payloads and reports the panel writes
/// by hand (a schedule value, `bench --json`): quotes, backslashes and control characters escaped,
/// everything else as it is (JSON is UTF-8).
public enum JSONString {
    public static func quoted(_ text: String) -> String {
        var out = "\""
        for scalar in text.unicodeScalars {
            switch scalar {
            case "\"": out += "\\\""
            case "\\": out += "\\\\"
            case "\n": out += "\\n"
            case _ where scalar.value < 0x20:
                let hex = String(scalar.value, radix: 16)
                out += "\\u" + String(repeating: "0", count: 4 - hex.count) + hex
            default: out.unicodeScalars.append(scalar)
            }
        }
        return out + "\""
    }
}

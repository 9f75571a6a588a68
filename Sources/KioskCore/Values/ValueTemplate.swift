/// Text with `{name}` placeholders filled from live values: `"Line 2: {speed} m/min"`.
/// `{{` and `}}` stand for literal braces; an unknown name is left as written so the mistake
/// shows. Values are inserted as plain text, never re-read as placeholders.
public enum ValueTemplate {
    /// The names a template refers to, in order of appearance.
    public static func names(in template: String) -> [String] {
        var names: [String] = []
        _ = expand(template) { name in
            names.append(name)
            return nil
        }
        return names
    }

    /// `template` with each `{name}` replaced by `lookup(name)` (left as is when nil).
    public static func expand(_ template: String, lookup: (String) -> String?) -> String {
        var result = ""
        var index = template.startIndex
        while index < template.endIndex {
            let character = template[index]
            let next = template.index(after: index)
            if character == "{", next < template.endIndex, template[next] == "{" {
                result.append("{")
                index = template.index(after: next)
            } else if character == "}", next < template.endIndex, template[next] == "}" {
                result.append("}")
                index = template.index(after: next)
            } else if character == "{", let close = template[next...].firstIndex(of: "}") {
                let name = String(template[next..<close])
                result += lookup(name) ?? "{\(name)}"
                index = template.index(after: close)
            } else {
                result.append(character)
                index = next
            }
        }
        return result
    }
}

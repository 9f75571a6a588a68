import KioskCore

extension RGBA {
    /// "#rrggbb" for Pango markup (which takes no alpha in foreground).
    var hexRGB: String { String(description.prefix(7)) }
}

/// Escapes text for inclusion in Pango markup (a file name or message with '<' or '&' must not
/// break the page it is shown on).
public enum MarkupEscaping {
    public static func escape(_ s: String) -> String {
        var out = ""
        out.reserveCapacity(s.utf8.count)
        for c in s {
            switch c {
            case "&": out += "&amp;"
            case "<": out += "&lt;"
            case ">": out += "&gt;"
            case "\"": out += "&quot;"
            case "'": out += "&apos;"
            default: out.append(c)
            }
        }
        return out
    }
}

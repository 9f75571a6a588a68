import KioskCore

/// `[languages]` of kiosk.toml: the default language and the ones a visitor may pick. The
/// strings come from `lang/<code>.toml` (`LanguageFiles`), read by the loader.
extension SettingsParser {
    static let languagesKeys = ["default", "available"]

    /// A language code as `lang/` files are named: `en`, `de`, `pt-BR`, `zh-Hant`.
    static func isLanguageCode(_ code: String) -> Bool {
        let parts = code.split(separator: "-", omittingEmptySubsequences: false)
        guard let first = parts.first, (2...3).contains(first.count),
            first.allSatisfy({ $0.isASCII && $0.isLowercase })
        else { return false }
        return parts.dropFirst().allSatisfy { part in
            (2...8).contains(part.count)
                && part.allSatisfy { $0.isASCII && ($0.isLetter || $0.isNumber) }
        }
    }

    /// The default and the available codes, each with its key path; nil without `[languages]`
    /// or when it is wrong (reported).
    func languages(_ root: TableReader) -> (
        default: String, available: [(value: String, keyPath: String)]
    )? {
        guard let table = root.table("languages") else { return nil }
        table.checkKeys(Self.languagesKeys, what: "[languages]")
        guard let code = table.string("default", required: "[languages]") else { return nil }
        guard Self.isLanguageCode(code) else {
            context.error(
                table.keyPath("default"),
                "\"\(code)\" is not a language code; write one like \"en\", \"de\" or \"pt-BR\" (its strings are in lang/\(code).toml)"
            )
            return nil
        }
        var available = table.strings("available", limit: 32) ?? [(code, table.keyPath("default"))]
        let wrong = available.filter { !Self.isLanguageCode($0.value) }
        for (bad, keyPath) in wrong {
            context.error(
                keyPath, "\"\(bad)\" is not a language code; write one like \"en\" or \"pt-BR\"")
        }
        guard wrong.isEmpty else { return nil }
        if !available.contains(where: { $0.value == code }) {
            context.error(
                table.keyPath("available"),
                "the default language \"\(code)\" must be one of the available ones")
            return nil
        }
        var seen = Set<String>()
        available = available.filter { seen.insert($0.value).inserted }
        return (code, available)
    }
}

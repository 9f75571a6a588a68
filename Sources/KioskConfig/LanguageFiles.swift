import KioskCore
import TOMLKit

/// `lang/<code>.toml`: one file per language of `[languages] available`, a flat table of
/// `key = "text"` (sub-tables name keys with dots: `[museum] hall = "…"` is `museum.hall`) and an
/// optional `[language]` table with its own `name` ("Deutsch") and `rtl` (true for a script
/// written right to left that the code does not already say: ar, he, fa and ur do).
enum LanguageFiles {
    static let metaKeys = ["name", "rtl"]

    /// The catalog for `default` and `available`, reading each file; problems go to each file's
    /// own context (returned for the loader to report).
    static func catalog(
        default code: String, available: [(value: String, keyPath: String)],
        files: any ConfigFiles, kiosk: FileContext
    ) -> (catalog: LanguageCatalog, contexts: [FileContext]) {
        var strings: [String: [String: String]] = [:]
        var names: [String: String] = [:]
        var rightToLeft = Set<String>()
        var contexts: [FileContext] = []
        for (language, keyPath) in available {
            let file = "lang/\(language).toml"
            guard files.kind(of: file) == .file else {
                kiosk.error(
                    keyPath,
                    "no \(file) for language \"\(language)\"; write its strings there (key = \"text\")"
                )
                continue
            }
            switch ConfigLoader.parse(file, files: files) {
            case .failed(let context):
                contexts.append(context)
            case .parsed(let table, let context):
                contexts.append(context)
                let root = TableReader(table: table, path: "", context: context)
                var texts: [String: String] = [:]
                read(root, prefix: "", into: &texts)
                strings[language] = texts
                if let meta = root.table("language") {
                    meta.checkKeys(metaKeys, what: "[language]")
                    if let name = meta.string("name") { names[language] = name }
                    if meta.bool("rtl") == true { rightToLeft.insert(language) }
                }
                TOMLRelease.release(table)
            }
        }
        let catalog = LanguageCatalog(
            defaultLanguage: code, strings: strings, rightToLeftCodes: rightToLeft,
            available: available.map(\.value), names: names)
        return (catalog, contexts)
    }

    /// Every string of `table` under its dotted key; anything else is an error at its key.
    private static func read(
        _ table: TableReader, prefix: String, into strings: inout [String: String]
    ) {
        for (key, value) in table.entries {
            if prefix.isEmpty && key == "language" && value.table != nil { continue }
            let name = prefix.isEmpty ? key : prefix + "." + key
            if value.table != nil, let sub = table.table(key) {
                read(sub, prefix: name, into: &strings)
            } else if let text = table.string(key, allowEmpty: true) {
                strings[name] = text
            }
        }
    }
}

import KioskCore
import TOMLKit

/// Reads a config folder (`kiosk.toml` plus `pages/*.toml`) into a validated configuration.
///
/// It never stops at the first problem: every file is read, every key checked, and every
/// problem reported as one `Diagnostic`, sorted by file and line. The format is described in
/// docs/configuration.md.
public enum ConfigLoader {
    /// Config files above this size are refused (a wrong path should not eat a kiosk's memory).
    public static let maximumFileSize = ConfigLimits.fileBytes

    /// Loads the folder at `directory` (relative paths resolve against the working directory).
    public static func load(directory: String) -> ConfigLoadResult {
        load(files: DirectoryFiles(directory: directory))
    }

    static func load(files: any ConfigFiles) -> ConfigLoadResult {
        var diagnostics: [Diagnostic] = []
        func folderError(_ file: String, _ message: String) {
            diagnostics.append(Diagnostic(severity: .error, file: file, message: message))
        }
        switch files.kind(of: files.root) {
        case .missing:
            folderError(".", "config folder not found: \(files.root)")
            return ConfigLoadResult(configuration: nil, diagnostics: diagnostics)
        case .directory:
            break
        case let other:
            folderError(
                ".",
                "not a folder: \(files.root) \(other == .file ? "is a file" : other.explanation)")
            return ConfigLoadResult(configuration: nil, diagnostics: diagnostics)
        }
        let kioskKind = files.kind(of: "kiosk.toml")
        let pagesKind = files.kind(of: "pages")
        if kioskKind == .missing && pagesKind == .missing {
            folderError(".", "no kiosk.toml and no pages/ folder here; is this the config folder?")
            return ConfigLoadResult(configuration: nil, diagnostics: diagnostics)
        }

        let paths = PathResolver(files: files)

        // kiosk.toml
        let kioskContext = FileContext(file: "kiosk.toml")
        var settings: KioskSettings?
        var displaySettings: KioskSettings?
        // Checked against the pages even when other settings are wrong.
        var homeID: String?
        var kioskContextUsed = kioskContext
        var languageSpec: (default: String, available: [(value: String, keyPath: String)])?
        switch kioskKind {
        case .missing:
            folderError("kiosk.toml", "file not found (it names the home page and holds the theme)")
        case .file:
            switch parse("kiosk.toml", files: files) {
            case .parsed(let table, let context):
                kioskContextUsed = context
                let root = TableReader(table: table, path: "", context: context)
                settings = SettingsParser(context: context).settings(root, paths: paths)
                languageSpec = SettingsParser(context: context).languages(root)
                displaySettings = SettingsParser.displaySettings(table)
                homeID = root.value("home")?.stringValue
                TOMLRelease.release(table)
            case .failed(let context):
                kioskContextUsed = context
            }
        case let other:
            folderError("kiosk.toml", "\(other.explanation), expected a file")
        }

        // pages/*.toml
        var pages: [ParsedPage] = []
        switch pagesKind {
        case .missing:
            folderError("pages", "folder not found (it holds one .toml file per page)")
        case .directory:
            let names = (files.list("pages") ?? []).filter {
                $0.hasSuffix(".toml") && !$0.hasPrefix(".")
            }
            if names.isEmpty { folderError("pages", "no page files (*.toml) in the folder") }
            if names.count > ConfigLimits.pages {
                folderError(
                    "pages", "\(names.count) page files; at most \(ConfigLimits.pages) are allowed")
            } else {
                for name in names {
                    pages.append(page(name, files: files, paths: paths))
                }
            }
        case let other:
            folderError("pages", "\(other.explanation), expected a folder of page files")
        }

        let graph = PageGraph(pages: pages)
        // Without any page file, "unknown home page" would only repeat the folder error.
        let home = homeID.flatMap { $0.isEmpty || pages.isEmpty ? nil : PageID($0) }
        let settingsPages = settings?.pagesNamedInSettings ?? []
        graph.check(
            home: home, kiosk: kioskContextUsed, alsoShown: settingsPages.map(\.id))
        for (id, keyPath) in settingsPages where graph.byID[id] == nil {
            kioskContextUsed.error(keyPath, graph.unknown(id))
        }
        if let settings { ValueReferenceCheck.check(pages, values: settings.control) }
        var languageContexts: [FileContext] = []
        if let languageSpec {
            let (catalog, contexts) = LanguageFiles.catalog(
                default: languageSpec.default, available: languageSpec.available, files: files,
                kiosk: kioskContextUsed)
            settings?.languages = catalog
            languageContexts = contexts
        }
        LanguageKeyCheck.check(pages, catalog: settings?.languages, files: files)
        if let settings, settings.idle.homeAfter == nil {
            // Locked pages lock again when the panel goes home on idle; without it, never.
            for page in pages where page.definition?.lock != nil {
                page.context.warning(
                    "lock", "the page locks again only on idle; set [idle] home_after in kiosk.toml"
                )
            }
        }

        diagnostics += kioskContextUsed.diagnostics
        for page in pages { diagnostics += page.context.diagnostics }
        for context in languageContexts { diagnostics += context.diagnostics }
        diagnostics = sorted(diagnostics)

        guard !diagnostics.contains(where: { $0.severity == .error }), let settings else {
            return ConfigLoadResult(
                configuration: nil, diagnostics: diagnostics, displaySettings: displaySettings)
        }
        var definitions: [PageID: PageDefinition] = [:]
        for page in pages {
            guard let definition = page.definition else {
                // Every page without a definition reported an error; getting here is a loader bug.
                preconditionFailure("page \(page.id) has no definition but no error")
            }
            definitions[page.id] = definition
        }
        let configuration = KioskConfiguration(
            settings: settings, pages: definitions, directory: files.root)
        return ConfigLoadResult(configuration: configuration, diagnostics: diagnostics)
    }

    /// One page file: its id from `id =` or the file name, and its content.
    static func page(_ name: String, files: any ConfigFiles, paths: PathResolver) -> ParsedPage {
        let file = "pages/" + name
        let fileID = String(name.dropLast(".toml".count))
        let kind = files.kind(of: file)
        guard kind == .file else {
            let context = FileContext(file: file)
            context.error(nil, "\(kind.explanation), expected a page file")
            return ParsedPage(
                id: PageID(fileID), file: file, context: context, definition: nil, references: [])
        }
        let table: TOMLTable
        let context: FileContext
        switch parse(file, files: files) {
        case .parsed(let parsedTable, let parsedContext):
            (table, context) = (parsedTable, parsedContext)
        case .failed(let failedContext):
            return ParsedPage(
                id: PageID(fileID), file: file, context: failedContext, definition: nil,
                references: [])
        }
        let root = TableReader(table: table, path: "", context: context)
        var id = fileID
        var idKeyPath: String?
        if root.has("id") {
            idKeyPath = "id"
            if let written = root.string("id") {
                if PageIDRules.isValid(written) {
                    id = written
                } else {
                    context.error(
                        "id",
                        "\"\(written)\" is not a valid page id (use \(PageIDRules.explanation))")
                }
            }
        } else if !PageIDRules.isValid(fileID) {
            context.error(
                nil,
                "file name \"\(fileID)\" is not a valid page id (use \(PageIDRules.explanation)); rename the file or set id = \"…\""
            )
        }
        let title = root.string("title") ?? id
        var parser = PageParser(context: context, paths: paths)
        let content = parser.content(root)
        let lock = parser.lock(root)
        let definition = content.flatMap { content in
            context.hasErrors
                ? nil
                : PageDefinition(
                    id: PageID(id), title: title, content: content, sourceFile: file, lock: lock)
        }
        TOMLRelease.release(table)
        return ParsedPage(
            id: PageID(id), file: file, context: context, definition: definition,
            references: parser.references,
            idKeyPath: idKeyPath)
    }

    enum ParsedFile {
        /// The file's table and a context that can place keys on lines.
        case parsed(TOMLTable, FileContext)
        /// The file could not be read, decoded or parsed; the context says why.
        case failed(FileContext)
    }

    /// Reads, decodes and parses one file.
    static func parse(_ file: String, files: any ConfigFiles) -> ParsedFile {
        let context = FileContext(file: file)
        let bytes: [UInt8]
        switch files.read(file, limit: nil) {
        case .success(let read): bytes = read
        case .failure(let error):
            context.error(nil, "file \(error.explanation)")
            return .failed(context)
        }
        if bytes.isEmpty {
            context.error(nil, "file is empty")
            return .failed(context)
        }
        let text: String
        switch TextDecoding.decode(bytes, limit: maximumFileSize) {
        case .success(let decoded):
            text = decoded
        case .failure(let error):
            switch error.failure {
            case .tooLarge:
                context.error(
                    nil, "file is larger than \(maximumFileSize / 1024) KiB; is this a config file?"
                )
            case .nul(let line, let column):
                context.append(
                    Diagnostic(
                        severity: .error, file: file, line: line, column: column,
                        message: "file contains a NUL byte"))
            case .notUTF8(let line, let column, let byte):
                let hex = String(byte, radix: 16, uppercase: true)
                context.append(
                    Diagnostic(
                        severity: .error, file: file, line: line, column: column,
                        message:
                            "not UTF-8 text (byte 0x\(byte < 16 ? "0" : "")\(hex)); save the file as UTF-8"
                    ))
            }
            return .failed(context)
        }
        // Before toml++ builds a tree it would overflow the stack freeing (and before the
        // locator records a path per part of a 100,000-part key).
        if let deep = TOMLNestingScan.firstViolation(in: text) {
            context.append(
                Diagnostic(
                    severity: .error, file: file, line: deep.line, column: deep.column,
                    message: deep.message))
            return .failed(context)
        }
        let locator = SourceLocator(text: text)
        if let bad = locator.trap {
            // toml++ would assert on this. Whatever error comes first in the file wins: parse
            // everything before the line it starts on; if that fails, report that instead.
            let prefix = String(String.UnicodeScalarView(text.unicodeScalars.prefix(bad.lineStart)))
            if let table = try? TOMLTable(string: prefix) {
                TOMLRelease.release(table)
                context.append(
                    Diagnostic(
                        severity: .error, file: file, line: bad.position.line,
                        column: bad.position.column,
                        message: "TOML syntax: \(bad.message)"))
                return .failed(context)
            }
            return parseFailure(prefix, context: context)
        }
        if let table = try? TOMLTable(string: text) {
            // The caller releases the table once it has read it.
            return .parsed(table, FileContext(file: file, locator: locator))
        }
        return parseFailure(text, context: context)
    }

    /// The error TOMLKit reports for `text`, which is known to fail.
    static func parseFailure(_ text: String, context: FileContext) -> ParsedFile {
        do {
            TOMLRelease.release(try TOMLTable(string: text))
            context.error(nil, "TOML syntax: the file could not be parsed")
        } catch let error as TOMLParseError {
            context.append(
                Diagnostic(
                    severity: .error, file: context.file, line: error.source.begin.line,
                    column: error.source.begin.column, message: "TOML syntax: \(error.description)")
            )
        } catch {
            context.error(nil, "TOML syntax: \(error)")
        }
        return .failed(context)
    }

    /// Folder messages first, then kiosk.toml, then pages by name; inside a file, whole-file
    /// errors first, then by line, then whole-file warnings.
    static func sorted(_ diagnostics: [Diagnostic]) -> [Diagnostic] {
        func rank(_ file: String) -> Int {
            switch file {
            case ".": 0
            case "kiosk.toml": 1
            case "pages": 2
            default: 3
            }
        }
        return diagnostics.enumerated().sorted { a, b in
            let (x, y) = (a.element, b.element)
            if rank(x.file) != rank(y.file) { return rank(x.file) < rank(y.file) }
            if x.file != y.file { return x.file < y.file }
            func line(_ d: Diagnostic) -> Int { d.line ?? (d.severity == .warning ? Int.max : 0) }
            if line(x) != line(y) { return line(x) < line(y) }
            if (x.column ?? 0) != (y.column ?? 0) { return (x.column ?? 0) < (y.column ?? 0) }
            return a.offset < b.offset
        }.map(\.element)
    }
}

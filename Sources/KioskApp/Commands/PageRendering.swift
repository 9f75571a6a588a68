import Glibc
import KioskConfig
import KioskCore
import KioskRender

/// `kiosk-shell render`: pages (optionally after a scripted interaction) drawn headless into PNG
/// files with the same code that draws them on screen.
public struct PageRendering {
    public var configDirectory: String
    /// Logical size; nil = the config's preview size.
    public var size: Size?
    /// Output scale; nil = the config's preview scale.
    public var scale: Double?
    /// An action script (`tap 400,300; drag …; wait 300ms; key Right; open settings; back`).
    public var actions: String?
    /// Seconds after the script's start to draw; nil = once everything has settled.
    public var at: Double?
    /// How the picture is turned onto the panel; nil = the config's `[display] rotation`. `size`
    /// stays the logical (upright) size; the PNG has the panel's native size.
    public var rotation: DisplayTransform?
    /// Live values to draw with, as their sources would deliver them (`--value NAME=PAYLOAD`);
    /// file values are read once, the others show their placeholders.
    /// A value given several times gets each payload in turn: samples for its history.
    public var values: [String: [String]] = [:]
    /// The language to draw in (`[languages] available`); nil = the default language.
    public var language: String?

    public init(
        configDirectory: String, size: Size? = nil, scale: Double? = nil, actions: String? = nil,
        at: Double? = nil,
        rotation: DisplayTransform? = nil
    ) {
        self.rotation = rotation
        self.configDirectory = configDirectory
        self.size = size
        self.scale = scale
        self.actions = actions
        self.at = at
    }

    /// A failure that stops `render`, with its exit code.
    public struct Failure: Error, CustomStringConvertible {
        public var lines: [String]
        public var exitCode: KioskExitCode
        public var description: String { lines.joined(separator: "\n") }
        public init(lines: [String], exitCode: KioskExitCode) {
            self.lines = lines
            self.exitCode = exitCode
        }
    }

    /// Loads the config, or fails with every diagnostic and exit code 78.
    public func loadConfiguration() throws(Failure) -> (KioskConfiguration, warnings: [String]) {
        let result = ConfigLoader.load(directory: configDirectory)
        guard let configuration = result.configuration, !result.hasErrors else {
            throw Failure(lines: result.diagnostics.map(\.description), exitCode: .configError)
        }
        if let language, configuration.settings.languages?.offers(language) != true {
            let offered = configuration.settings.languages.map {
                "one of " + $0.available.joined(separator: ", ")
            }
            throw Failure(
                lines: [
                    "render: --language \(language): \(offered ?? "kiosk.toml has no [languages]")"
                ], exitCode: .configError)
        }
        return (configuration.localized(to: language), result.warnings.map(\.description))
    }

    /// Checks `out` before anything is drawn, and for `intoFolder` creates the folder: a missing
    /// parent folder, a folder where a file goes or a file where a folder goes is said in words.
    public func prepareOutput(_ out: String, intoFolder: Bool) throws(Failure) {
        func fail(_ message: String) -> Failure {
            Failure(
                lines: ["render: --out \(out.oneLineForMessage): \(message)"], exitCode: .failure)
        }
        let (exists, isFolder) = LocalPath.kind(of: out)
        let parent = LocalPath.parent(of: out)
        let (parentExists, parentIsFolder) =
            parent.isEmpty ? (true, true) : LocalPath.kind(of: parent)
        if intoFolder {
            if exists && !isFolder {
                throw fail("is an existing file; --all writes one PNG per page into a folder")
            }
            if !exists {
                if parentExists && !parent.isEmpty && !parentIsFolder {
                    throw fail("\(parent) is a file, not a folder")
                }
                guard LocalPath.createFolders(out) else {
                    throw fail("cannot create the folder (\(String(cString: strerror(errno))))")
                }
            }
            guard access(out, W_OK) == 0 else { throw fail("the folder is not writable") }
        } else {
            if exists && isFolder {
                throw fail("is a folder; give the PNG file to write, e.g. \(out)/page.png")
            }
            if !parentExists { throw fail("the folder \(parent) does not exist") }
            if !parent.isEmpty && !parentIsFolder {
                throw fail("\(parent) is a file, not a folder")
            }
            guard access(parent.isEmpty ? "." : parent, W_OK) == 0 else {
                throw fail("the folder \(parent.isEmpty ? "." : parent) is not writable")
            }
        }
    }

    /// Renders `pages` and writes `<out>` (one page) or `<out>/<id>.png` (`intoFolder`).
    /// Returns the files written.
    public func render(
        configuration: KioskConfiguration, pages: [PageID], out: String, intoFolder: Bool,
        now: WallClockTime = .now()
    ) throws(Failure) -> [String] {
        let script = try actionScript()
        let renderer = previewRenderer(for: configuration, at: now.localDateTime)
        var written: [String] = []
        for page in pages {
            let navigator = try previewNavigator(
                configuration, root: page, renderer: renderer, name: page.rawValue)
            script?.play(on: navigator, until: at)
            let path = intoFolder ? out + "/" + page.rawValue + ".png" : out
            try write(navigator.scene(), renderer: renderer, now: now, to: path)
            written.append(path)
            // Each page is drawn once: keeping its surfaces would only grow memory (--all).
            renderer.surfaces.removeAll()
        }
        return written
    }
}

extension String {
    /// The text with control characters as `\u{…}` escapes, for paths in one-line messages.
    var oneLineForMessage: String {
        String(
            unicodeScalars.map {
                $0.value < 0x20 || $0.value == 0x7F
                    ? "\\u{\(String($0.value, radix: 16))}" : String($0)
            }.joined())
    }
}

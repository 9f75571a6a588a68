import KioskCore
import TOMLKit

/// Turns the table of `kiosk.toml` into settings, reporting every problem to the file's context.
struct SettingsParser {
    let context: FileContext

    static let rootKeys = [
        "home", "app_id", "state_file", "preview", "theme", "idle", "display", "input", "mqtt",
        "dbus", "value", "schedule", "languages"
    ]
    static let previewKeys = ["width", "height", "scale"]
    static let themeColorKeys = [
        "background", "surface", "text", "muted_text", "accent", "on_accent", "divider"
    ]
    static let themeSizeKeys = ["title_size", "body_size", "small_size"]
    static let themeSpaceKeys = ["padding", "spacing", "corner_radius"]
    static var themeKeys: [String] { themeColorKeys + ["font"] + themeSizeKeys + themeSpaceKeys }
    static let idleKeys = [
        "home_after", "blank_after", "backlight", "screensaver", "screensaver_after"
    ]
    static var inputKeys: [String] { ["source"] + inputGeometryKeys }

    /// The settings, or nil when something is wrong (already reported). `home` is checked against
    /// the pages by the loader.
    func settings(_ root: TableReader, paths: PathResolver) -> KioskSettings? {
        root.checkKeys(Self.rootKeys, what: "kiosk.toml")
        let before = context.errorCount
        var settings = KioskSettings(
            home: PageID(root.string("home", required: "kiosk.toml") ?? ""))
        if let appID = root.string("app_id") { settings.appID = appID }
        if let stateFile = root.string("state_file", allowEmpty: true) {
            if stateFile.isEmpty || stateFile.hasPrefix("/") {
                settings.stateFile = stateFile
            } else {
                context.error(
                    "state_file",
                    "expected an absolute path such as \"/var/lib/kiosk-shell/navigation\", or \"\" to never save the navigation; found \"\(stateFile)\""
                )
            }
        }
        if let preview = root.table("preview") {
            preview.checkKeys(Self.previewKeys, what: "[preview]")
            previewSize(preview, into: &settings)
        }
        if let table = root.table("theme") { settings.theme = theme(table) }
        if let idle = root.table("idle") {
            idle.checkKeys(Self.idleKeys, what: "[idle]")
            settings.idle = IdleSettings(
                homeAfter: idle.number("home_after", maximum: ConfigLimits.idleSeconds),
                blankAfter: idle.number("blank_after", maximum: ConfigLimits.idleSeconds),
                backlight: backlight(idle),
                screensaver: idle.string("screensaver").map { PageID($0) },
                screensaverAfter: idle.number(
                    "screensaver_after", maximum: ConfigLimits.idleSeconds)
                    ?? IdleSettings.defaultScreensaverAfter)
        }
        if let input = root.table("input") {
            input.checkKeys(Self.inputKeys, what: "[input]")
            if let source = input.choice("source", InputSource.self, what: "input source") {
                settings.input.source = source
            }
            inputGeometry(input, into: &settings.input.geometry)
        }
        if let display = root.table("display") {
            self.display(display, into: &settings.input.geometry)
            settings.renderThreads = renderThreads(display)
            output(display, into: &settings.output)
        }
        settings.control = control(root, paths: paths)
        checkInputSource(root, into: &settings)
        settings.schedule = schedule(root)
        return context.errorCount == before ? settings : nil
    }

    /// The valid parts of `[display]`, `[input]` and `[preview]` over the defaults, whatever else
    /// is wrong (the problems are reported by `settings(_:)`, not here).
    static func displaySettings(_ table: TOMLTable) -> KioskSettings {
        let scratch = FileContext(file: "kiosk.toml")
        let root = TableReader(table: table, path: "", context: scratch)
        let parser = SettingsParser(context: scratch)
        var settings = KioskSettings(home: PageID(""))
        // weston's kiosk-shell shows only windows whose app_id weston.ini names: the error page
        // must carry the operator's, or a config broken at start would leave the panel black.
        if let appID = root.string("app_id") { settings.appID = appID }
        if let preview = root.table("preview") { parser.previewSize(preview, into: &settings) }
        if let input = root.table("input") {
            parser.inputGeometry(input, into: &settings.input.geometry)
        }
        if let display = root.table("display") {
            parser.display(display, into: &settings.input.geometry)
            parser.output(display, into: &settings.output)
        }
        parser.checkInputSource(root, into: &settings)
        return settings
    }

    /// `[preview]` width, height and scale: each in range, and the surface they make (`width ×
    /// scale` by `height × scale`) within `ConfigLimits.surfaceSide`.
    func previewSize(_ preview: TableReader, into settings: inout KioskSettings) {
        let width = preview.number("width", maximum: ConfigLimits.length)
        let height = preview.number("height", maximum: ConfigLimits.length)
        let scale = preview.number("scale", maximum: ConfigLimits.scale)
        let size = Size(
            width: width ?? settings.previewSize.width,
            height: height ?? settings.previewSize.height)
        let s = scale ?? settings.previewScale
        for (key, side) in [("width", size.width), ("height", size.height)]
        where side * s > ConfigLimits.surfaceSide {
            context.error(
                preview.keyPath(key),
                "\(TableReader.format(side)) at scale \(TableReader.format(s)) is \(TableReader.format((side * s).rounded(.up))) pixels; at most \(TableReader.format(ConfigLimits.surfaceSide)) are allowed"
            )
            return
        }
        settings.previewSize = size
        settings.previewScale = s
    }

    /// `[idle] backlight`: a device name in /sys/class/backlight (not a path).
    func backlight(_ idle: TableReader) -> String? {
        guard let name = idle.string("backlight") else { return nil }
        guard !name.contains("/" as Character), name != ".", name != "..",
            !name.contains(where: \.isWhitespace)
        else {
            context.error(
                idle.keyPath("backlight"),
                "expected a device name from /sys/class/backlight such as \"rpi_backlight\", not a path; found \"\(name)\""
            )
            return nil
        }
        return name
    }

    /// `[theme]` over the standard theme.
    func theme(_ table: TableReader) -> Theme {
        table.checkKeys(Self.themeKeys, what: "[theme]")
        var theme = Theme.standard
        let colors: [(String, WritableKeyPath<Theme, RGBA>)] = [
            ("background", \.background), ("surface", \.surface), ("text", \.text),
            ("muted_text", \.mutedText), ("accent", \.accent), ("on_accent", \.onAccent),
            ("divider", \.divider)
        ]
        for (key, path) in colors {
            if let color = table.color(key) { theme[keyPath: path] = color }
        }
        if let font = table.string("font") { theme.fontFamily = font }
        let sizes: [(String, WritableKeyPath<Theme, Double>, Bool)] = [
            ("title_size", \.titleSize, false), ("body_size", \.bodySize, false),
            ("small_size", \.smallSize, false), ("padding", \.padding, true),
            ("spacing", \.spacing, true), ("corner_radius", \.cornerRadius, true)
        ]
        for (key, path, zeroAllowed) in sizes {
            // Font sizes are the ones without a zero.
            let maximum = zeroAllowed ? ConfigLimits.spacing : ConfigLimits.fontSize
            if let value = table.number(key, above: 0, allowMinimum: zeroAllowed, maximum: maximum)
            {
                theme[keyPath: path] = value
            }
        }
        return theme
    }
}

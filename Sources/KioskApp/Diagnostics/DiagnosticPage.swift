import KioskConfig
import KioskCore
import KioskRender

/// The full-screen page shown instead of the kiosk when the config cannot be used at start
/// (Ubuntu Frame's diagnostic screen, kiosk-peers.md §6.7): what is wrong, file by file, so a
/// technician at the panel can fix it. It is an ordinary panel of widgets, drawn by the page
/// renderer, in a configuration of its own; the runner replaces it as soon as the config loads.
public enum DiagnosticPage {
    /// Not a valid id in config files (':' is not allowed there), so it never collides.
    public static let pageID = PageID("kiosk-shell:diagnostics")
    /// At most this many errors are listed; the rest are counted.
    public static let maximumRows = 10
    /// A dark red that says "not the kiosk" from across a room.
    public static let background = RGBA(red: 80.0 / 255, green: 16.0 / 255, blue: 16.0 / 255)  // #501010

    /// A configuration whose only page lists `errors` of the folder `directory`. `displaySettings`
    /// (`ConfigLoadResult.displaySettings`, when kiosk.toml parsed) brings the broken config's
    /// `[display]` rotation, `[input]` geometry, `[preview]` size and `app_id`, so the page is
    /// shown, drawn and touched the way the panel is mounted.
    public static func configuration(
        errors: [Diagnostic], directory: String, displaySettings: KioskSettings? = nil
    ) -> KioskConfiguration {
        let page = PageDefinition(
            id: pageID, title: "Config errors",
            content: .panel(panel(errors: errors, directory: directory)))
        var settings = KioskSettings(home: pageID)
        if let displaySettings {
            settings.input = displaySettings.input
            settings.appID = displaySettings.appID
            settings.previewSize = displaySettings.previewSize
            settings.previewScale = displaySettings.previewScale
        }
        settings.stateFile = ""
        return KioskConfiguration(settings: settings, pages: [pageID: page], directory: directory)
    }

    /// Error rows past about the third run below a portrait or small screen: the line under the
    /// title says so, where it is always seen, and how many there are in all.
    static func introduction(errorCount: Int) -> String {
        let text = "Fix the files below; this page reloads by itself as soon as they are saved."
        guard errorCount > 3 else { return text }
        return text + " The list scrolls: drag it up to see all \(counted(errorCount, "error"))."
    }

    static func panel(errors: [Diagnostic], directory: String) -> Panel {
        let count = counted(errors.count, "error")
        var widgets: [Widget] = [
            .title(
                TitleWidget(
                    text: "The kiosk config cannot be used", subtitle: "\(directory): \(count)")),
            .text(TextWidget(markup: MarkupEscaping.escape(introduction(errorCount: errors.count))))
        ]
        widgets += DiagnosticRows.widgets(for: errors, limit: maximumRows, directory: directory)
        return Panel(widgets: widgets, background: background)
    }
}

/// The error lines of the diagnostic page and the error banner.
enum DiagnosticRows {
    static func widgets(for errors: [Diagnostic], limit: Int, directory: String) -> [Widget] {
        var widgets: [Widget] = errors.prefix(limit).map { error in
            .text(
                TextWidget(
                    markup: "<tt>" + MarkupEscaping.escape(shortened(error.description)) + "</tt>",
                    size: 16))
        }
        if errors.count > limit {
            let more = errors.count - limit
            widgets.append(
                .text(
                    TextWidget(
                        markup: MarkupEscaping.escape(
                            "… and \(more) more \(more == 1 ? "error" : "errors"): kiosk-shell check --config \(shortened(directory))"
                        ),
                        size: 16)))
        }
        return widgets
    }

    /// Characters of one error line shown; longer ones end in "…" (a line quoting a long value
    /// would otherwise push the rest off the screen). `kiosk-shell check` prints them whole.
    static let maximumLineLength = 200

    static func shortened(_ line: String) -> String {
        let scalars = line.unicodeScalars
        guard scalars.count > maximumLineLength else { return line }
        return String(String.UnicodeScalarView(scalars.prefix(maximumLineLength - 1))) + "…"
    }

}

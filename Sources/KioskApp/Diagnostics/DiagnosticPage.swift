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
    public static let maximumRows = 14
    /// A dark red that says "not the kiosk" from across a room.
    public static let background = RGBA(red: 80.0 / 255, green: 16.0 / 255, blue: 16.0 / 255)  // #501010

    /// A configuration whose only page lists `errors` of the folder `directory`.
    public static func configuration(errors: [Diagnostic], directory: String) -> KioskConfiguration {
        let page = PageDefinition(id: pageID, title: "Config errors", content: .panel(panel(errors: errors, directory: directory)))
        var settings = KioskSettings(home: pageID)
        settings.stateFile = ""
        return KioskConfiguration(settings: settings, pages: [pageID: page], directory: directory)
    }

    static func panel(errors: [Diagnostic], directory: String) -> Panel {
        let count = counted(errors.count, "error")
        var widgets: [Widget] = [
            .title(TitleWidget(text: "The kiosk config cannot be used", subtitle: "\(directory): \(count)")),
            .text(TextWidget(markup: "Fix the files below; this page reloads by itself as soon as they are saved.")),
        ]
        widgets += DiagnosticRows.widgets(for: errors, limit: maximumRows, directory: directory)
        return Panel(widgets: widgets, background: background)
    }
}

/// The error lines of the diagnostic page and the error banner.
enum DiagnosticRows {
    static func widgets(for errors: [Diagnostic], limit: Int, directory: String) -> [Widget] {
        var widgets: [Widget] = errors.prefix(limit).map { error in
            .text(TextWidget(markup: "<tt>" + MarkupEscaping.escape(error.description) + "</tt>", size: 16))
        }
        if errors.count > limit {
            widgets.append(
                .text(
                    TextWidget(
                        markup: MarkupEscaping.escape("… and \(errors.count - limit) more: kiosk-shell check --config \(directory)"),
                        size: 16)))
        }
        return widgets
    }

}

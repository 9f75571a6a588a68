import KioskCore

/// What run actions put over the pages: a toast along the bottom (progress, then the outcome,
/// gone by itself) and a confirmation dialog (`confirm = "…"`) that takes every touch until
/// answered. Like the error banner, each is a panel page added to the renderer's configuration
/// under an id config files cannot use, drawn as one more layer over the navigation's Scene.
struct ControlOverlay {
    static let toastID = PageID("kiosk-shell:toast")
    static let dialogID = PageID("kiosk-shell:confirm")
    /// Seconds a toast with an outcome stays up.
    static let toastSeconds = 4.0
    /// Widest toast and dialog card, logical pixels.
    static let maximumWidth = 640.0
    /// Touch targets are at least this tall (logical pixels; 48 is the usual minimum).
    static let buttonHeight = 64.0
    static let margin = 24.0

    /// A toast: its headline (one line, plain text) and whether it reports a failure.
    struct Toast: Hashable {
        var text: String
        var isFailure: Bool
        var isProgress: Bool
    }

    /// A dialog asking before `command` runs on `page`.
    struct Dialog {
        var question: String
        var command: CommandAction
        var page: PageID
    }

    var toast: Toast?
    var dialog: Dialog?

    var isEmpty: Bool { toast == nil && dialog == nil }

    /// `configuration` with the overlay's pages added (for the renderer only).
    func adding(to configuration: KioskConfiguration) -> KioskConfiguration {
        var copy = configuration
        let theme = configuration.settings.theme
        if let toast { copy.pages[Self.toastID] = Self.toastPage(toast, theme: theme) }
        if let dialog { copy.pages[Self.dialogID] = Self.dialogPage(dialog.question) }
        return copy
    }

    static func toastPage(_ toast: Toast, theme: Theme) -> PageDefinition {
        let mark = toast.isProgress ? "…" : toast.isFailure ? "✕" : "✓"
        // Plain text: braces doubled so the template shows them as written.
        let text = "\(mark)  \(toast.text)".replacingBraces()
        let line = LiveTextWidget(template: text, size: theme.bodySize * 1.2)
        let background = toast.isFailure ? RGBA(red: 0.45, green: 0.12, blue: 0.14) : theme.surface
        return PageDefinition(
            id: toastID, title: "Action", content: .panel(Panel(widgets: [.liveText(line)], background: background)))
    }

    static func dialogPage(_ question: String) -> PageDefinition {
        let buttons = GridWidget(
            columns: 2, tileHeight: buttonHeight,
            tiles: [Tile(label: "Cancel", style: .tile), Tile(label: "Run", style: .button)])
        return PageDefinition(
            id: dialogID, title: "Confirm",
            content: .panel(Panel(widgets: [.title(TitleWidget(text: question)), .grid(buttons)])))
    }

    /// The card of a toast or dialog whose content is `contentHeight` tall: centred, at the
    /// bottom (toast) or in the middle (dialog) of the viewport.
    static func frame(viewport: Size, contentHeight: Double, centred: Bool) -> Rect {
        let width = min(maximumWidth, max(1, viewport.width - 2 * margin))
        let height = min(max(1, contentHeight), max(1, viewport.height - 2 * margin)).rounded(.up)
        let x = ((viewport.width - width) / 2).rounded()
        let y = centred ? ((viewport.height - height) / 2).rounded() : viewport.height - margin - height
        return Rect(x: x, y: y, width: width, height: height)
    }

    /// The layer drawing page `id` at `frame` on an output of `scale`.
    static func layer(_ id: PageID, frame: Rect, scale: Double) -> SceneLayer {
        SceneLayer(
            content: .panel(id), size: frame.size,
            transform: Matrix4.translation(x: frame.minX, y: frame.minY).then(.scale(x: scale, y: scale)))
    }

    /// Dims everything under the dialog.
    static func shade(viewport: Size, scale: Double) -> SceneLayer {
        SceneLayer(
            content: .solid(RGBA(red: 0, green: 0, blue: 0, alpha: 0.55)), size: viewport,
            transform: .scale(x: scale, y: scale))
    }
}

extension String {
    /// The text as a `ValueTemplate` that shows it literally.
    fileprivate func replacingBraces() -> String {
        var result = ""
        for character in self {
            result.append(character)
            if character == "{" || character == "}" { result.append(character) }
        }
        return result
    }
}

import KioskCore
import KioskRender

/// A line along the bottom of the screen about a run or publish action: its progress, then its
/// outcome, gone by itself after `seconds` (the `OverlayService` keeps the lifetime). Touches
/// pass through it to the page.
final class ToastOverlay: Overlay {
    static let surfaceID = PageID("kiosk-shell:toast")
    /// Seconds a toast with an outcome stays up.
    static let seconds = 4.0

    /// Its headline (one line, plain text) and what it reports.
    let text: String
    let isFailure: Bool
    let isProgress: Bool
    private(set) var layers: [SceneLayer] = []
    private(set) var frame: Rect?

    init(text: String, isFailure: Bool, isProgress: Bool) {
        self.text = text
        self.isFailure = isFailure
        self.isProgress = isProgress
    }

    var level: OverlayLevel { .toast }

    func panels(theme: Theme) -> [PageID: Panel] {
        [Self.surfaceID: panel(theme: theme)]
    }

    func panel(theme: Theme) -> Panel {
        let mark = isProgress ? "…" : isFailure ? "✕" : "✓"
        // Plain text: braces doubled so the template shows them as written.
        let line = LiveTextWidget(
            template: "\(mark)  \(text)".replacingBraces(), size: theme.bodySize * 1.2)
        let background = isFailure ? RGBA(red: 0.45, green: 0.12, blue: 0.14) : theme.surface
        return Panel(widgets: [.liveText(line)], background: background)
    }

    func layout(in space: OverlaySpace) {
        let width = OverlayCard.width(viewport: space.viewport)
        let height = space.layout(panel(theme: space.theme), width: width).contentHeight
        let frame = OverlayCard.frame(
            viewport: space.viewport, contentHeight: height, centred: false)
        self.frame = frame
        layers = [space.layer(Self.surfaceID, frame: frame)]
    }

    /// A toast never takes a touch: the page under it stays usable.
    func takesTouch(at point: Point) -> Bool { false }
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

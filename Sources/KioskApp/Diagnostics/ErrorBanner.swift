import KioskConfig
import KioskCore

/// The banner across the top of the screen after a config edit that could not be applied: the
/// last good pages stay on screen and work under it; it lists the errors until a tap on it
/// dismisses it (or a good edit replaces it).
///
/// Shown by `ErrorBannerOverlay` in the overlay layer: its panel is drawn under an id config
/// files cannot use, as one more layer over the navigation's Scene; the configuration never
/// holds it.
public struct ErrorBanner: Hashable, Sendable {
    public static let pageID = PageID("kiosk-shell:config-errors")
    /// At most this many errors are listed; the rest are counted.
    public static let maximumRows = 5
    /// The banner never covers more than this share of the screen height.
    public static let maximumHeightShare = 0.6

    public var errors: [Diagnostic]
    public var directory: String

    public init(errors: [Diagnostic], directory: String) {
        self.errors = errors
        self.directory = directory
    }

    public var page: PageDefinition {
        let count = counted(errors.count, "error")
        var widgets: [Widget] = [
            .title(
                TitleWidget(
                    text: "Config change not applied",
                    subtitle: "\(count); the last good pages stay on screen. Tap here to dismiss."))
        ]
        widgets += DiagnosticRows.widgets(
            for: errors, limit: Self.maximumRows, directory: directory)
        return PageDefinition(
            id: Self.pageID, title: "Config errors",
            content: .panel(Panel(widgets: widgets, background: DiagnosticPage.background)))
    }

    /// The banner's rectangle in logical pixels: full width, `contentHeight` tall (clamped).
    public static func frame(viewport: Size, contentHeight: Double) -> Rect {
        let height = min(max(contentHeight, 1), (viewport.height * maximumHeightShare).rounded())
        return Rect(x: 0, y: 0, width: viewport.width, height: height.rounded(.up))
    }

    /// The layer drawing the banner at `frame` on an output of `scale`.
    public static func layer(frame: Rect, scale: Double) -> SceneLayer {
        SceneLayer(
            content: .panel(pageID), size: frame.size,
            transform: Matrix4.translation(x: frame.minX, y: frame.minY).then(
                .scale(x: scale, y: scale)))
    }
}

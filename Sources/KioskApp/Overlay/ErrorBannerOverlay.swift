import KioskCore
import KioskRender

/// The config error banner (`ErrorBanner`) over the last good pages: full width at the top, as
/// tall as its text (at most `ErrorBanner.maximumHeightShare` of the screen); a tap on it
/// dismisses it, touches elsewhere go to the pages.
final class ErrorBannerOverlay: Overlay {
    let banner: ErrorBanner
    /// Runs when a tap dismissed it.
    private let dismissed: () -> Void
    private(set) var layers: [SceneLayer] = []
    private(set) var frame: Rect?

    init(_ banner: ErrorBanner, dismissed: @escaping () -> Void) {
        self.banner = banner
        self.dismissed = dismissed
    }

    var level: OverlayLevel { .banner }

    func panels(theme: Theme) -> [PageID: Panel] {
        guard case .panel(let panel) = banner.page.content else { return [:] }
        return [ErrorBanner.pageID: panel]
    }

    func layout(in space: OverlaySpace) {
        guard case .panel(let panel) = banner.page.content else { return }
        let height = space.layout(panel, width: space.viewport.width).contentHeight
        let frame = ErrorBanner.frame(viewport: space.viewport, contentHeight: height)
        self.frame = frame
        layers = [ErrorBanner.layer(frame: frame, scale: space.scale)]
    }

    func touchEnded(wentDownAt point: Point) -> OverlayTouchOutcome {
        dismissed()
        return .closes
    }
}

import KioskCore
import KioskRender

/// Something drawn over the composited pages that is not a page: the config error banner, a
/// toast, a confirmation dialog, a field's keypad or keyboard. The
/// `OverlayService` owns every overlay shown: it lays them out, stacks their layers over the
/// navigation's Scene by `level`, gives their panels to the surface cache (never to the
/// configuration) and asks them first about every touch.
protocol Overlay: AnyObject {
    /// Where it sits in the stack; one overlay per level (a new toast replaces the old one).
    var level: OverlayLevel { get }
    /// The panels its layers show, by surface id (ids with a ':', which config files cannot use).
    func panels(theme: Theme) -> [PageID: Panel]
    /// Places it on `space`; afterwards `layers` and `frame` describe it.
    func layout(in space: OverlaySpace)
    /// Its layers over the pages, in output pixels (empty before the first `layout`).
    var layers: [SceneLayer] { get }
    /// Where it draws, logical pixels: the damage when it comes, changes or goes.
    var frame: Rect? { get }
    /// Whether a touch going down at `point` (logical pixels) is its own: the whole sequence is
    /// then kept from the pages and `touchEnded` runs when the finger lifts.
    func takesTouch(at point: Point) -> Bool
    /// A touch it took, which went down at `point`, ended: whether it stays up.
    func touchEnded(wentDownAt point: Point) -> OverlayTouchOutcome
    /// A key was pressed while it is shown: nil lets the key go on to the pages.
    func keyPressed(_ key: Key) -> OverlayTouchOutcome?
}

extension Overlay {
    /// By default an overlay takes the touches on its frame and stays up.
    func takesTouch(at point: Point) -> Bool { frame?.contains(point) ?? false }
    func touchEnded(wentDownAt point: Point) -> OverlayTouchOutcome { .stays }
    /// By default keys go to the pages.
    func keyPressed(_ key: Key) -> OverlayTouchOutcome? { nil }
}

/// The stacking order of overlays, bottom first.
enum OverlayLevel: Int, Comparable, CaseIterable {
    /// The config error banner across the top.
    case banner
    /// A toast along the bottom (touches pass through it).
    case toast
    /// A modal dialog: it takes every touch until answered.
    case dialog

    static func < (a: OverlayLevel, b: OverlayLevel) -> Bool { a.rawValue < b.rawValue }
}

/// What a touch an overlay took leads to.
enum OverlayTouchOutcome: Equatable {
    case stays
    /// It stays and shows something new (a key typed): laid out and drawn again.
    case changed
    /// The overlay goes (answered, dismissed).
    case closes
}

/// Where overlays are laid out: the navigation's viewport, its scale and theme, and the page
/// renderer that measures their panels.
struct OverlaySpace {
    var viewport: Size
    var scale: Double
    var theme: Theme
    let renderer: PageRenderer

    /// How `panel` lays out `width` logical pixels wide (at most the viewport tall).
    func layout(_ panel: Panel, width: Double) -> PanelLayout {
        renderer.layout(
            panel: panel, size: Size(width: width, height: viewport.height), theme: theme)
    }

    /// The shade a modal overlay (the confirm dialog, a field's keypad) lays over everything
    /// under its card.
    static let modalShade = RGBA(red: 0, green: 0, blue: 0, alpha: 0.55)

    /// A modal overlay's layers: the whole screen dimmed (`modalShade`), and surface `id` on
    /// `card` over it.
    func modalLayers(_ id: PageID, card: Rect) -> [SceneLayer] {
        let shade = SceneLayer(
            content: .solid(Self.modalShade), size: viewport,
            transform: .scale(x: scale, y: scale))
        return [shade, layer(id, frame: card)]
    }

    /// The layer showing surface `id` at `frame`.
    func layer(_ id: PageID, frame: Rect) -> SceneLayer {
        SceneLayer(
            content: .panel(id), size: frame.size,
            transform: Matrix4.translation(x: frame.minX, y: frame.minY).then(
                .scale(x: scale, y: scale)))
    }
}

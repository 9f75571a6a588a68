import KioskCore
import KioskPlatform
import KioskRender

/// Owns the overlay layer: the overlays shown (one per `OverlayLevel`), their lifetimes, their
/// layout and layers over the navigation's Scene, and the touches they take.
///
/// The renderer's configuration never changes for an overlay: its panels go to the surface
/// cache's overlay panels, its layers are stacked over the pages by `FramePipeline`, and the
/// damage when one comes, changes or goes is its own footprint (the Scenes differ only there).
/// `InputRouter` asks `touchDown` first; only touches no overlay takes reach the pages.
final class OverlayService {
    /// Bottom first.
    private(set) var overlays: [any Overlay] = []
    private let surfaces: PageSurfaceCache
    private var theme: Theme
    /// The viewport and scale, once the output is sized (nothing is drawn before).
    private var placement: (viewport: Size, scale: Double)?
    /// Contacts an overlay took, with where they went down.
    private var contacts: [Int32: (overlay: any Overlay, point: Point)] = [:]
    /// When overlays with a lifetime go, monotonic seconds.
    private var deadlines: [ObjectIdentifier: Double] = [:]
    /// Fires at the earliest deadline; nil until `expire(on:)` gives a loop (tests call `expire(now:)`).
    private var expiryTimer: LoopTimer?
    /// Something on screen changed: the runner asks for a frame.
    var onChange: (() -> Void)?

    init(surfaces: PageSurfaceCache, theme: Theme) {
        self.surfaces = surfaces
        self.theme = theme
    }

    /// Expires overlays by themselves, on `loop`'s clock.
    func expire(on loop: EventLoop) throws(PlatformError) {
        expiryTimer = try LoopTimer(loop: loop) { [unowned self] in expire(now: MonotonicClock.now)
        }
        armExpiry()
    }

    // MARK: showing and removing

    /// Shows `overlay` over the others of lower levels, replacing any at its level; with
    /// `seconds`, it goes by itself after that long.
    func show(_ overlay: any Overlay, for seconds: Double? = nil, now: Double = MonotonicClock.now)
    {
        removeOverlays { $0.level == overlay.level }
        let index = overlays.firstIndex { $0.level > overlay.level } ?? overlays.endIndex
        overlays.insert(overlay, at: index)
        if let seconds { deadlines[ObjectIdentifier(overlay)] = now + seconds }
        changed()
    }

    /// Removes `overlay` if it is shown.
    func remove(_ overlay: any Overlay) {
        if removeOverlays(where: { $0 === overlay }) { changed() }
    }

    /// Removes the overlays at `levels`.
    func remove(levels: Set<OverlayLevel>) {
        if removeOverlays(where: { levels.contains($0.level) }) { changed() }
    }

    /// A modal dialog is open (a field's keypad or keyboard, a PIN pad, a confirmation): the
    /// visitor is busy over the pages.
    var isDialogOpen: Bool { shown(at: .dialog) != nil }

    /// The overlay at `level`, if one is shown.
    func shown(at level: OverlayLevel) -> (any Overlay)? {
        overlays.first { $0.level == level }
    }

    /// Removes the overlays whose lifetime ended by `now`.
    func expire(now: Double) {
        let due = Set(deadlines.filter { $0.value <= now }.keys)
        if removeOverlays(where: { due.contains(ObjectIdentifier($0)) }) { changed() }
    }

    /// The earliest time an overlay goes by itself.
    var nextExpiry: Double? { deadlines.values.min() }

    @discardableResult
    private func removeOverlays(where leaves: (any Overlay) -> Bool) -> Bool {
        let before = overlays.count
        for overlay in overlays where leaves(overlay) {
            deadlines[ObjectIdentifier(overlay)] = nil
            contacts = contacts.filter { $0.value.overlay !== overlay }
        }
        overlays.removeAll(where: leaves)
        return overlays.count != before
    }

    // MARK: layout and drawing

    /// The output was sized (or turned): overlays are laid out again.
    func place(viewport: Size, scale: Double) {
        placement = (viewport, scale)
        changed()
    }

    /// The shown configuration's theme (at start and after a reload).
    func use(theme: Theme) {
        guard theme != self.theme else { return }
        self.theme = theme
        changed()
    }

    /// Every overlay's layers, bottom first, to draw over the pages.
    var layers: [SceneLayer] {
        placement == nil ? [] : overlays.flatMap(\.layers)
    }

    /// What the overlays cover, logical pixels: the damage they add to the pages.
    var damageRects: [Rect] {
        placement == nil ? [] : overlays.compactMap(\.frame)
    }

    private func changed() {
        var panels: [PageID: Panel] = [:]
        for overlay in overlays { panels.merge(overlay.panels(theme: theme)) { _, new in new } }
        surfaces.setOverlayPanels(panels)
        if let placement {
            let space = OverlaySpace(
                viewport: placement.viewport, scale: placement.scale, theme: theme,
                renderer: surfaces.renderer)
            for overlay in overlays { overlay.layout(in: space) }
        }
        armExpiry()
        onChange?()
    }

    private func armExpiry() {
        guard let expiryTimer else { return }
        if let next = nextExpiry {
            expiryTimer.arm(after: max(0.001, next - MonotonicClock.now))
        } else {
            expiryTimer.disarm()
        }
    }

    // MARK: touches

    /// A touch went down at `point`: true when an overlay (the topmost that wants it) takes its
    /// whole sequence, false when it goes to the pages.
    func touchDown(_ id: Int32, at point: Point) -> Bool {
        guard placement != nil, let overlay = overlays.last(where: { $0.takesTouch(at: point) })
        else { return false }
        contacts[id] = (overlay, point)
        return true
    }

    /// A touch lifted: the overlay that took it, if still shown, hears of it.
    func touchUp(_ id: Int32) {
        guard let contact = contacts.removeValue(forKey: id),
            overlays.contains(where: { $0 === contact.overlay })
        else { return }
        settle(contact.overlay, contact.overlay.touchEnded(wentDownAt: contact.point))
    }

    /// A key was pressed: true when the topmost overlay that wants keys took it.
    func keyPressed(_ key: Key) -> Bool {
        for overlay in overlays.reversed() {
            guard let outcome = overlay.keyPressed(key) else { continue }
            settle(overlay, outcome)
            return true
        }
        return false
    }

    private func settle(_ overlay: any Overlay, _ outcome: OverlayTouchOutcome) {
        switch outcome {
        case .stays: break
        case .changed: changed()
        case .closes: remove(overlay)
        }
    }

    /// The touches in progress ended without effect (a cancel, a new geometry).
    func touchesCancelled() {
        contacts = [:]
    }
}

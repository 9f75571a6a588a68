import KioskCore
import KioskRender

/// Draws Scenes: page surfaces from the cache (rasterised once, redrawn when their content
/// changes), composited by the CPU compositor. The same code draws `render`'s PNGs and the
/// frames on screen.
public final class FrameRenderer {
    public private(set) var configuration: KioskConfiguration
    public let surfaces: PageSurfaceCache
    let compositor: LayerCompositor
    /// Threads composing each frame (`[display] threads`, or one per core up to
    /// `LayerCompositor.maximumThreads`); the pixels are the same for any count.
    public var threads: Int {
        get { compositor.threads }
        set { compositor.threads = newValue }
    }
    /// How the upright picture is turned onto the panel (`[display] rotation`): Scenes come in
    /// logical (upright) output pixels and are drawn turned into a native-size buffer. We turn
    /// the picture ourselves instead of `wl_surface.set_buffer_transform` (see docs/panels.md, "Touch input and rotation").
    public let orientation: DisplayOrientation
    /// The orientation's transform (`render` and `bench`, which own their renderer, set it here).
    public var displayTransform: DisplayTransform {
        get { orientation.transform }
        set { orientation.transform = newValue }
    }
    /// Hit regions per page and size: laying a page out measures text, so keep it.
    private var targetCache: [TargetKey: (targets: [PanelTarget], contentHeight: Double)] = [:]

    private struct TargetKey: Hashable {
        var page: PageID
        var width: Double
        var height: Double
    }

    public init(
        configuration: KioskConfiguration, scale: Double,
        orientation: DisplayOrientation = DisplayOrientation()
    ) {
        self.configuration = configuration
        self.orientation = orientation
        surfaces = PageSurfaceCache(configuration: configuration, scale: scale)
        compositor = LayerCompositor(threads: FrameRenderer.threads(for: configuration))
    }

    static func threads(for configuration: KioskConfiguration) -> Int {
        configuration.settings.renderThreads ?? LayerCompositor.defaultThreads
    }

    /// Replaces the configuration (live reload): pages that changed are drawn again.
    public func update(configuration newConfiguration: KioskConfiguration) {
        configuration = newConfiguration
        surfaces.update(configuration: newConfiguration)
        compositor.threads = FrameRenderer.threads(for: newConfiguration)
        targetCache = [:]
    }

    /// The tappable items of a panel at `size`, in page-local logical pixels (Navigator's
    /// `PanelMeasuring`).
    public func targets(page: PageID, size: Size) -> [PanelTarget] {
        measured(page: page, size: size).targets
    }

    /// How tall a panel's content is on a page of `size` (`PanelLayout.contentHeight`, Navigator's
    /// `PanelMeasuring`); the page's height for a container or an unknown page.
    public func contentHeight(page: PageID, size: Size) -> Double {
        measured(page: page, size: size).contentHeight
    }

    private func measured(page: PageID, size: Size) -> (
        targets: [PanelTarget], contentHeight: Double
    ) {
        let key = TargetKey(page: page, width: size.width, height: size.height)
        if let cached = targetCache[key] { return cached }
        guard case .panel(let panel)? = configuration.pages[page]?.content else {
            return ([], size.height)
        }
        let layout = surfaces.renderer.layout(
            panel: panel, size: size, theme: configuration.settings.theme)
        let result = (
            layout.hitRegions.map { PanelTarget(rect: $0.rect, action: $0.action) },
            layout.contentHeight
        )
        if targetCache.count > 256 { targetCache = [:] }
        targetCache[key] = result
        return result
    }

    /// Draws `scene` into a new buffer of the scene's output size. `minified`: turning faces
    /// read their pages' narrower copies where squeezed beyond 2×, as a running kiosk's frames do
    /// (false draws them from the pages alone, for comparisons).
    public func render(_ upright: Scene, now: WallClockTime, minified: Bool = true)
        throws(RenderError) -> ImageBuffer
    {
        let scene = turned(upright)
        let target = try ImageBuffer(
            width: Int(scene.outputSize.width), height: Int(scene.outputSize.height))
        _ = surfaces.prepare(for: scene, now: now)
        if !minified { surfaces.storeForTurning([:]) }
        compositor.compose(scene: scene, surfaces: surfaces, into: target)
        // A running kiosk stores turning faces' smaller copies after its first moving frame;
        // a picture of the middle of a turn shows what the frames after that show.
        if minified, !compositor.turningSurfaces.isEmpty,
            surfaces.storeForTurning(compositor.turningSurfaces, pairs: false, limit: .max) > 0
        {
            compositor.compose(scene: scene, surfaces: surfaces, into: target)
        }
        return target
    }

    /// Draws `scene` into `target`, which holds `previous` already: only what changed is drawn.
    /// Returns the damaged output rectangles (empty when nothing changed).
    /// Both scenes are upright; `target` and the damage are in native (turned) output pixels.
    public func draw(
        _ upright: Scene, into target: ImageBuffer, previous uprightPrevious: Scene?,
        now: WallClockTime
    ) -> OutputDamage {
        let frame = prepare(upright, previous: uprightPrevious, now: now)
        compose(frame, into: target)
        return frame.damage
    }

    /// A frame whose damage is known and whose surfaces are ready, not yet composed: between
    /// the two the output can bring its buffer up to `previous` outside the damage.
    public struct PreparedFrame {
        /// The scene turned onto the panel.
        let scene: Scene
        /// False when there was no previous scene: everything is composed.
        let hasPrevious: Bool
        /// What `compose` will draw, in native output pixels (empty: nothing).
        public let damage: OutputDamage
    }

    /// Readies the page surfaces for `upright` and computes its damage against `previous` (nil:
    /// everything), without touching any output buffer.
    public func prepare(_ upright: Scene, previous uprightPrevious: Scene?, now: WallClockTime)
        -> PreparedFrame
    {
        let scene = turned(upright)
        let previous = uprightPrevious.map(displayTransform.apply(to:))
        let update = surfaces.prepare(for: scene, now: now)
        let damage = OutputDamage(
            previous: previous, current: scene, surfaceDamage: update.damage,
            surfaceScale: surfaces.scale)
        return PreparedFrame(scene: scene, hasPrevious: previous != nil, damage: damage)
    }

    /// Composes a prepared frame into `target` (which must hold the previous scene outside the
    /// damage): the damage's bounds, or everything without a previous scene.
    public func compose(_ frame: PreparedFrame, into target: ImageBuffer) {
        guard let bounds = frame.damage.bounds else { return }
        compositor.compose(
            scene: frame.scene, surfaces: surfaces, into: target,
            damage: frame.hasPrevious ? bounds : nil)
    }

    /// `upright` turned onto the panel by the orientation, with the compositor mirroring the
    /// output when the transform flips it.
    private func turned(_ upright: Scene) -> Scene {
        compositor.mirrorsOutput = displayTransform.isFlipped
        return displayTransform.apply(to: upright)
    }
}

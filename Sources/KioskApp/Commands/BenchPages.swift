import KioskConfig
import KioskCore
import KioskRender

/// The page surfaces `kiosk-shell bench` composes: every panel page of the config rasterised at
/// the bench size (logical = output pixels). Without a usable config (or with fewer than two
/// panels) generated page-like surfaces stand in, so the compositor is still measured.
final class BenchPages {
    let renderer = PageRenderer()
    let theme: Theme
    let context = RenderContext(now: WallClockTime(secondsSinceEpoch: 1_700_000_000, timeZone: "UTC"))
    /// Panel pages by id, sorted.
    let panels: [(id: PageID, panel: Panel)]
    private var buffers: [PageID: ImageBuffer] = [:]
    /// The two pages transitions move between and the cube alternates.
    private let faceIDs: [PageID]
    let size: Size

    /// A clock page ready for a clock-only frame.
    struct ClockFrame {
        let panel: Panel
        let layout: PanelLayout
        let region: DynamicRegion
        let buffer: ImageBuffer
        let content: LayerContent
        let scene: Scene
    }

    init(directory: String, size: Size, progress: (String) -> Void) throws(RenderError) {
        self.size = size
        let loaded = ConfigLoader.load(directory: directory)
        if let configuration = loaded.configuration, !loaded.hasErrors {
            theme = configuration.settings.theme
            panels = configuration.pages.values.compactMap { page -> (id: PageID, panel: Panel)? in
                guard case .panel(let panel) = page.content else { return nil }
                return (page.id, panel)
            }.sorted { $0.id < $1.id }
        } else {
            progress("config \(directory) unusable (\(loaded.errors.count) error\(loaded.errors.count == 1 ? "" : "s")): generated pages stand in")
            theme = .standard
            panels = []
        }
        for (id, panel) in panels {
            buffers[id] = try renderer.render(panel: panel, size: size, scale: 1, theme: theme, context: context)
        }
        var faces = Array(panels.prefix(2).map(\.id))
        let tints: [UInt32] = [0xFF30_6090, 0xFF90_4030]
        while faces.count < 2 {
            let id = PageID("bench-generated-\(faces.count)")
            buffers[id] = try CubeFrame.pageSurface(width: Int(size.width), height: Int(size.height), tint: tints[faces.count])
            faces.append(id)
        }
        faceIDs = faces
    }

    var first: ImageBuffer? { buffers[faceIDs[0]] }
    var second: ImageBuffer? { buffers[faceIDs[1]] }

    /// What cube face (or transition page) `index` shows: the two face pages alternately.
    func content(face index: Int) -> LayerContent {
        .panel(faceIDs[((index % 2) + 2) % 2])
    }

    func surface(for content: LayerContent) -> ImageBuffer? {
        guard case .panel(let id) = content else { return nil }
        return buffers[id]
    }

    /// The first panel with a clock (or a generated one with a large clock), drawn in its own
    /// buffer, shown full-size by one identity (translation) layer.
    func clockFrame() throws(RenderError) -> ClockFrame? {
        var candidates = panels
        candidates.append((PageID("bench-clock"), Panel(widgets: [.clock(ClockWidget(format: "%H:%M:%S", size: 96))])))
        for (id, panel) in candidates {
            let layout = renderer.layout(panel: panel, size: size, theme: theme)
            guard let region = layout.dynamicRegions.first(where: {
                if case .clock = $0.source { return true } else { return false }
            }) else { continue }
            let buffer = try renderer.render(panel: panel, size: size, scale: 1, theme: theme, context: context)
            let content = LayerContent.panel(id)
            let layer = SceneLayer(content: content, size: size, transform: .identity)
            let scene = Scene(outputSize: size, background: .black, layers: [layer], isAnimating: false)
            return ClockFrame(panel: panel, layout: layout, region: region, buffer: buffer, content: content, scene: scene)
        }
        return nil
    }
}

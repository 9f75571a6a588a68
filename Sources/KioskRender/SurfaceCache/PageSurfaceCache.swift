import KioskCore

/// Page and chrome surfaces for the compositor: each `.panel` and `.chrome` layer content of a
/// scene rasterised once at the layer's size × `scale`, kept while it is useful, and brought up to
/// date by redrawing only what changed (a clock whose text moved on, a file value whose file
/// changed).
///
/// Per frame: `prepare(for:now:)`, then hand `surface(for:)` to the compositor and the returned
/// damage to `OutputDamage`. Arm one timer for `nextClockDeadline(now:)` instead of polling.
///
/// Memory stays bounded: surfaces of the current scene are always kept; others are kept while
/// used within the last `retainedPrepares` prepares and while everything fits `byteBudget`,
/// least recently used dropped first (pages looked ahead for, `rasteriseAhead`, last). Chrome
/// surfaces are kept only while on screen, since an animated tab bar is a new content every frame.
///
/// A content shown by two layers of different sizes at once gets one surface, at the larger
/// width and height; the compositor scales it onto the smaller layer.
///
/// Single-threaded, like the renderers it uses.
public final class PageSurfaceCache: LayerSurfaces {
    /// The pages and theme surfaces are drawn from. Replace with `update(configuration:)`.
    public private(set) var configuration: KioskConfiguration
    /// Draws pages; share it with anything else drawing panels to share fonts and images.
    public let renderer: PageRenderer
    let chromeRenderer: ChromeRenderer
    /// Surface pixels per logical pixel. Changing it re-rasterises each surface when next prepared.
    public var scale: Double
    /// Most bytes for all surfaces together; nil = `defaultSurfaces` surfaces the size of the
    /// output (taken from each prepared scene). Surfaces of the current scene are never evicted,
    /// so the total exceeds this when the scene alone needs more.
    public var byteBudget: Int?
    /// How many prepares a surface that left the scene stays cached even within the budget.
    public var retainedPrepares: Int
    /// The default budget in output-sized surfaces: 4, 33 MB at 1920x1080. Enough for a cube
    /// turn (the two faces on screen) and both neighbours of the face it started from rasterised
    /// ahead; more pages stay only as long as they fit. Each surface costs as much as a swap
    /// buffer, and on a small board memory is what runs out first.
    public static let defaultSurfaces = 4

    /// Receives one line per problem worth a log entry (a file value's file holds binary data, a
    /// QR code cannot be drawn).
    public var log: ((String) -> Void)? {
        didSet {
            renderer.qrFailures.log = log
            files.onBinary = log.map { log in
                { path in
                    log(
                        "file value \"\(path)\" holds binary data, not text; showing \"\(FileValueText.binaryPlaceholder)\""
                    )
                }
            }
        }
    }

    var entries: [LayerContent: SurfaceEntry] = [:]
    /// Panels drawn over the pages (toasts, dialogs, banners) that the configuration does not
    /// hold: set with `setOverlayPanels(_:)`, so one coming or going never replaces the
    /// configuration.
    public internal(set) var overlayPanels: [PageID: Panel] = [:]
    /// Where value widgets read live values; nil shows their placeholders. Values are compared
    /// with what each surface shows at every prepare, so only changed regions are redrawn.
    public var liveValues: LiveValueLookup?
    let files: FileValueReader
    /// Contents of the last prepared scene.
    var current: Set<LayerContent> = []
    var prepareCount = 0
    /// The last prepared scene's output size (the default budget follows it).
    var lastOutputSize = Size(width: 0, height: 0)
    /// Bumped whenever cached pixels become stale (configuration, invalidation): a surface
    /// rasterised ahead for an older generation is dropped.
    public internal(set) var generation = 0
    /// The pages the last `rasteriseAhead` asked for: kept past `retainedPrepares` (a long drag),
    /// dropped last when over the budget.
    var likely: Set<LayerContent> = []
    /// Pages being rasterised ahead, with the bytes they will take.
    var aheadPending: [LayerContent: Int] = [:]
    /// Draws pages ahead on its own thread (`rasteriseAhead`); nil: ahead pages are drawn on the
    /// caller's thread.
    public var aheadRasteriser: AheadRasteriser?
    /// Builds the turning pages' layouts off the loop (`storeForTurning`); made on first use.
    var turningLayouts: TurningLayoutBuilder?
    var triedTurningLayouts = false
    /// Pages rasterised by `prepare`, i.e. on the frame path, since the cache was made. A frame
    /// that shows a page for the first time without a hitch adds nothing here.
    public internal(set) var rasterisedOnFramePath = 0
    /// Pages rasterised ahead and taken into the cache.
    public internal(set) var aheadRasterised = 0

    /// - Parameters:
    ///   - readFile: reads a file value's file; the default reads at most 4 KiB. Called only when
    ///     the file's stamp changed (see `FileValueReader`).
    public init(
        configuration: KioskConfiguration, renderer: PageRenderer = PageRenderer(),
        scale: Double = 1,
        byteBudget: Int? = nil, retainedPrepares: Int = 120,
        readFile: @escaping (String) -> String? = RenderContext.readSmallFile
    ) {
        self.configuration = configuration
        self.renderer = renderer
        chromeRenderer = ChromeRenderer(text: renderer.text)
        self.scale = scale
        self.byteBudget = byteBudget
        self.retainedPrepares = max(0, retainedPrepares)
        files = FileValueReader(read: readFile)
    }

    /// The surface the compositor draws for `content`, or nil when it has none (a `.solid`, or a
    /// content not in the last prepared scene and already evicted).
    public func surface(for content: LayerContent) -> ImageBuffer? {
        entries[content]?.buffer
    }

    /// Bytes held by all cached surfaces.
    public var memoryBytes: Int {
        entries.values.reduce(0) { $0 + $1.bytes }
    }

    /// The contents that currently have a surface.
    public var cachedContents: Set<LayerContent> { Set(entries.keys) }

    /// File value paths shown in the last prepared scene, for the app to watch (inotify) or poll.
    public var watchedFiles: Set<String> {
        var paths: Set<String> = []
        for content in current {
            guard let layout = entries[content]?.layout else { continue }
            for region in layout.dynamicRegions {
                if case .file(let path) = region.source { paths.insert(path) }
            }
        }
        return paths
    }

    /// Replaces the configuration. Surfaces of pages whose panel changed, and all of them when the
    /// theme changed, are redrawn from scratch when next prepared; pages that no longer exist (or
    /// are no longer panels) are dropped; the rest keep their pixels.
    public func update(configuration new: KioskConfiguration) {
        let themeChanged = new.settings.theme != configuration.settings.theme
        configuration = new
        generation += 1
        for (content, entry) in entries {
            switch content {
            case .panel(let id):
                guard let panel = self.panel(id, in: new) else {
                    entries[content] = nil
                    continue
                }
                if themeChanged || panel != entry.panel { entry.isValid = false }
            case .chrome:
                if themeChanged { entry.isValid = false }
            case .solid:
                break
            }
        }
    }

    /// Redraws `page`'s surface from scratch when next prepared (its files or images were
    /// replaced on disk, a reload was asked for).
    public func invalidate(page: PageID) {
        generation += 1
        entries[.panel(page)]?.isValid = false
    }

    /// Redraws every surface from scratch when next prepared and forgets every file stamp.
    /// Frees every surface (e.g. between the pages of `render --all`, which never come back).
    public func removeAll() {
        generation += 1
        entries.removeAll()
        files.removeAll()
        renderer.images.removeAll()
    }

    /// Images the panels with a surface draw: decoded images of pages that left the cache (or
    /// the configuration) are dropped with them, so their memory goes back.
    var imagePathsOfCachedPanels: Set<String> {
        var paths: Set<String> = []
        for content in entries.keys {
            guard case .panel(let id) = content, let panel = self.panel(id, in: configuration)
            else { continue }
            for widget in panel.widgets {
                switch widget {
                case .image(let image): paths.insert(image.path)
                case .grid(let grid): paths.formUnion(grid.tiles.compactMap(\.icon))
                default: break
                }
            }
        }
        return paths
    }

    public func invalidateAll() {
        generation += 1
        for entry in entries.values { entry.isValid = false }
        files.removeAll()
    }

    /// When the text of a clock in the last prepared scene can next change: the top of the next
    /// second for a format showing seconds, else the top of the next minute; nil when no clock is
    /// on screen. The caller prepares a frame then; the cache redraws only clocks whose text changed.
    public func nextClockDeadline(now: WallClockTime) -> WallClockTime? {
        let t = now.secondsSinceEpoch
        guard t.isFinite else { return nil }
        var everySecond = false
        var anyClock = false
        for content in current {
            guard let layout = entries[content]?.layout else { continue }
            for region in layout.dynamicRegions {
                guard case .clock = region.source else { continue }
                anyClock = true
                everySecond = everySecond || region.updatesEverySecond
            }
        }
        guard anyClock else { return nil }
        // Every zone in use today is offset from UTC by whole minutes, so UTC minute boundaries
        // are local ones too.
        let step = everySecond ? 1.0 : 60.0
        let next = ((t / step).rounded(.down) + 1) * step
        return WallClockTime(secondsSinceEpoch: next, timeZone: now.timeZone)
    }

    /// The panel `id` shows (an overlay's, or a page of `configuration`), or nil when there is
    /// no such page or it is a container.
    func panel(_ id: PageID, in configuration: KioskConfiguration) -> Panel? {
        if let overlay = overlayPanels[id] { return overlay }
        guard case .panel(let panel)? = configuration.page(id)?.content else { return nil }
        return panel
    }
}

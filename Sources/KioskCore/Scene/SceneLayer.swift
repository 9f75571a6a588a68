/// What one layer of the Scene shows.
public enum LayerContent: Hashable, Sendable {
    /// A leaf panel's surface, rasterised by the renderer (cached) at the layer's `size`.
    case panel(PageID)
    /// A flat colour: backgrounds, placeholders, dividers.
    case solid(RGBA)
    /// Navigation chrome the renderer draws (tab bar, drill-down column header).
    case chrome(Chrome)
}

/// Navigation chrome drawn by the renderer rather than by a page.
public enum Chrome: Hashable, Sendable {
    /// A tab bar with the tabs' titles and the highlight, which moves from the tab a switch
    /// leaves to the one it selects (sliding between neighbours, fading across farther ones,
    /// never lighting a tab in between).
    case tabBar(titles: [String], highlight: TabHighlight)
    /// A stack's or drill-down column's header: a title, whether a back button shows, and the
    /// title of the page it goes back to ("" = a bare chevron).
    case header(title: String, showsBack: Bool, backTitle: String = "")
    /// One part of a header while two headers change places (`HeaderMotion`): the bar opaque,
    /// the other parts on a transparent layer the header's size.
    case headerPart(HeaderPart)
    /// The keyboard focus ring around a row or tile: the layer is the item grown by
    /// `ChromeMetrics.focusRingOutset` on each side, transparent but for the ring.
    case focusRing
}

/// Where a tab bar's highlight is: `progress` of the way from tab `from` to tab `to`; at rest
/// both are the selected tab.
public struct TabHighlight: Hashable, Sendable {
    public var from: Int
    public var to: Int
    public var progress: Double

    public init(from: Int, to: Int, progress: Double) {
        self.from = from
        self.to = to
        self.progress = progress.isFinite ? min(max(progress, 0), 1) : 1
    }

    /// At rest on tab `selected`.
    public init(selected: Int) { self.init(from: selected, to: selected, progress: 1) }

    /// How lit tab `index` is, 0 … 1: the leaving tab fades as the arriving one lights, every
    /// other tab stays unlit.
    public func nearness(of index: Int) -> Double {
        if from == to { return index == to ? 1 : 0 }
        if index == to { return progress }
        if index == from { return 1 - progress }
        return 0
    }
}

/// One layer: a flat rectangle of `size` logical pixels, placed on the output by a projective
/// transform. The renderer needs nothing else to draw a frame.
public struct SceneLayer: Hashable, Sendable {
    public var content: LayerContent
    /// The layer's own size in logical pixels; its plane spans (0, 0)–(width, height), z = 0.
    public var size: Size
    /// Maps a layer-local logical point (x, y, 0, 1) to output pixels (homogeneous; divide by w).
    /// Includes the output scale and any perspective.
    public var transform: Matrix4
    /// 0 = invisible, 1 = opaque.
    public var opacity: Double
    /// Black drawn over the layer at this alpha (0 = none), as the seeds' dimming overlays.
    public var dim: Double
    /// Output-pixel rectangle outside which nothing of this layer is drawn; nil = the output.
    public var clip: Rect?
    /// The size of the whole content in logical pixels when the layer shows only a window of it
    /// (a scrolled panel); nil = the content is the layer's `size`. The renderer rasterises the
    /// content at this size and the layer's plane shows the part starting at `contentOffset`,
    /// so a scrolled panel on a turning cube face stays inside its face without any clip.
    public var contentSize: Size?
    /// Where the layer's window starts in its content, logical pixels (zero unless scrolled).
    public var contentOffset: Point

    public init(
        content: LayerContent, size: Size, transform: Matrix4, opacity: Double = 1, dim: Double = 0,
        clip: Rect? = nil, contentSize: Size? = nil, contentOffset: Point = .zero
    ) {
        self.content = content
        self.size = size
        self.transform = transform
        self.opacity = opacity
        self.dim = dim
        self.clip = clip
        self.contentSize = contentSize
        self.contentOffset = contentOffset
    }

    /// The size the content is rasterised at: `contentSize`, else `size`.
    public var sourceSize: Size { contentSize ?? size }
}

/// Everything on screen at one instant, back to front.
public struct Scene: Hashable, Sendable {
    /// Output size in pixels.
    public var outputSize: Size
    /// Fills the output before the first layer.
    public var background: RGBA
    public var layers: [SceneLayer]
    /// True while something moves: the backend keeps requesting frames.
    public var isAnimating: Bool

    public init(outputSize: Size, background: RGBA, layers: [SceneLayer], isAnimating: Bool) {
        self.outputSize = outputSize
        self.background = background
        self.layers = layers
        self.isAnimating = isAnimating
    }
}

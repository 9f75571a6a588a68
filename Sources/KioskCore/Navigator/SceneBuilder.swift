/// Collects the layers of one Scene while the tree draws itself: a container adds its own layers
/// and hands its children back through `draw`, so nested containers compose (a stack on a cube
/// face is drawn through the face's pose).
public struct SceneBuilder {
    /// The layers so far, back to front.
    public internal(set) var layers: [SceneLayer] = []
    /// Colours of backgrounds, dividers and placeholders.
    public let theme: Theme
    /// Output pixels per logical pixel (a scrolled panel's offset is rounded to them).
    public let scale: Double
    let pages: [PageID: PageDefinition]
    /// The focused item to ring (`SceneBuilder+FocusRing`), nil when keys are not in use.
    var focusRing: FocusRingMark?

    init(theme: Theme, scale: Double, pages: [PageID: PageDefinition]) {
        self.theme = theme
        self.scale = scale
        self.pages = pages
    }

    /// The title a page shows in chrome (tab bars, headers): its configured title, else its id.
    public func title(of id: PageID) -> String { pages[id]?.title ?? id.rawValue }

    /// Draws `node` (a container's layers, or a panel's one layer) into `frame` under `placement`.
    public mutating func draw(
        _ node: NavigationNode, frame: Rect, placement: Matrix4, look: SceneLook
    ) {
        if let container = node as? any Container {
            container.draw(in: frame, placement: placement, look: look, into: &self)
        } else {
            let layer = panelLayer(node, frame: frame, placement: placement, look: look)
            layers.append(layer)
            if let ring = focusRing, ring.node === node {
                addFocusRing(ring.item, over: layer, frame: frame, placement: placement, look: look)
            }
        }
    }

    /// Adds a layer of flat colour or chrome over `rect` (local).
    public mutating func addFlat(
        _ content: LayerContent, _ rect: Rect, placement: Matrix4, look: SceneLook
    ) {
        layers.append(
            SceneLayer(
                content: content, size: rect.size,
                transform: Matrix4.translation(x: rect.minX, y: rect.minY).then(placement),
                opacity: look.opacity, dim: look.dim, clip: look.clip))
    }

    /// The Scene layer of a panel at `frame` (local) under `placement`. A scrolling panel's layer
    /// keeps the frame's size and names the window of its content it shows.
    func panelLayer(_ node: NavigationNode, frame: Rect, placement: Matrix4, look: SceneLook)
        -> SceneLayer
    {
        var layer = SceneLayer(
            content: .panel(node.id), size: frame.size,
            transform: Matrix4.translation(x: frame.minX, y: frame.minY).then(placement),
            opacity: look.opacity, dim: look.dim, clip: look.clip)
        if let panel = node as? PanelNode, panel.scroll.isScrollable {
            layer.contentSize = panel.contentSize(frame: frame.size)
            layer.contentOffset = Point(x: 0, y: (panel.scroll.offset * scale).rounded() / scale)
        }
        return layer
    }
}

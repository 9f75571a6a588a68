/// The keyboard focus ring as its own Scene layer, right above the focused page's layer: moving
/// the focus redraws a ring-sized layer, not the page, and the ring rides every pose of its page
/// (a turning cube face, a page sliding in).
struct FocusRingMark {
    /// The panel node whose item is focused.
    let node: NavigationNode
    /// The item in the panel's content coordinates (`PanelTarget.rect`).
    let item: Rect
}

extension SceneBuilder {
    /// Adds the ring around `item` of the panel drawn as `panel` at `frame` under `placement`,
    /// clipped to the panel's frame (a row scrolled half out of view is ringed only where it shows).
    mutating func addFocusRing(
        _ item: Rect, over panel: SceneLayer, frame: Rect, placement: Matrix4, look: SceneLook
    ) {
        let out = ChromeMetrics.focusRingOutset
        let ring = Rect(
            x: frame.minX + item.minX - out,
            y: frame.minY + item.minY - panel.contentOffset.y - out,
            width: item.width + 2 * out, height: item.height + 2 * out)
        let clipped = look.clipped(to: frame, placement: placement)
        layers.append(
            SceneLayer(
                content: .chrome(.focusRing), size: ring.size,
                transform: Matrix4.translation(x: ring.minX, y: ring.minY).then(placement),
                opacity: look.opacity, dim: look.dim, clip: clipped.clip))
    }
}

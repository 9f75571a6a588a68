/// Turns the live tree into the Scene: every visible panel and piece of chrome as a layer with
/// its projective transform in output pixels. Each container draws its own part
/// (`Container.draw`); nested containers compose through `SceneBuilder.draw`.
extension Navigator {
    /// Everything on screen at the current time.
    public func scene() -> Scene {
        var builder = SceneBuilder(
            theme: configuration.settings.theme, scale: scale, pages: configuration.pages)
        builder.focusRing = focusRingMark()
        builder.draw(
            root, frame: Rect(size: viewport), placement: Matrix4.scale(x: scale, y: scale),
            look: SceneLook())
        return Scene(
            outputSize: Size(
                width: (viewport.width * scale).rounded(),
                height: (viewport.height * scale).rounded()),
            background: configuration.settings.theme.background, layers: builder.layers,
            isAnimating: isAnimating)
    }

    /// The focused item of the page in view, when a key was used since the last touch.
    private func focusRingMark() -> FocusRingMark? {
        guard let focused = focusedItem else { return nil }
        let targets = activeTargets()
        guard targets.indices.contains(focused.item) else { return nil }
        return FocusRingMark(node: activeNode, item: targets[focused.item].rect)
    }
}

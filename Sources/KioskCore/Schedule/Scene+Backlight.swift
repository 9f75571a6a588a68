extension Scene {
    /// The picture as a viewer sees it with the backlight at `percent`: black at 0, the layers
    /// and background darkened in proportion below 100. `render --time` shows a dim evening this
    /// way, and the runner dims like this where it has no backlight to turn down.
    public func seen(atBacklight percent: Int) -> Scene {
        let level = Double(min(max(percent, 0), 100)) / 100
        guard level < 1 else { return self }
        var scene = self
        if level == 0 {
            scene.layers = []
            scene.background = RGBA(red: 0, green: 0, blue: 0)
            return scene
        }
        // Light through the panel scales what the layer shows: (1 - dim) becomes (1 - dim)·level.
        scene.layers = layers.map { layer in
            var dimmed = layer
            dimmed.dim = 1 - (1 - layer.dim) * level
            return dimmed
        }
        scene.background = RGBA(
            red: background.red * level, green: background.green * level,
            blue: background.blue * level, alpha: background.alpha)
        return scene
    }
}

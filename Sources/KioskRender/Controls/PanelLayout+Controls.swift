import KioskCore

/// Layout of toggles, sliders, steppers and choices: a card whose height depends only on the
/// kind and the theme (never on the value), its touch targets as hit regions carrying a
/// `ControlInput` (the control by name), and the whole card as one live region redrawn when the
/// value changes.
extension PanelLayout {
    static func controlWidget(
        _ w: ControlWidget, named name: ControlName, at origin: Point, width: Double, page: Rect,
        index: Int, theme: Theme
    ) -> (height: Double, hits: [HitRegion], regions: [DynamicRegion]) {
        let height = ControlGeometry.height(w.kind, bodySize: theme.bodySize)
        let card = Rect(x: origin.x, y: origin.y, width: width, height: height)
        let geometry = ControlGeometry(w.kind, card: card, bodySize: theme.bodySize)
        var hits: [HitRegion] = []
        for (item, target) in geometry.parts.enumerated() {
            // A slider's band is not clipped: the touch's fraction is measured over its width.
            guard let visible = target.rect.intersection(page) else { continue }
            hits.append(
                HitRegion(
                    rect: visible.height == target.rect.height ? target.rect : visible,
                    action: .control(ControlInput(control: name, part: target.part)),
                    widgetIndex: index, itemIndex: item))
        }
        var regions: [DynamicRegion] = []
        if let visible = card.intersection(page) {
            regions.append(
                DynamicRegion(rect: visible, source: .value(name: w.value), widgetIndex: index))
        }
        return (height, hits, regions)
    }
}

import KioskCore

/// A right-to-left page is the left-to-right layout reflected about the page's vertical centre
/// line: the first tile at the right, a row's parts and a control's targets on the other side.
/// Hit and dynamic regions are reflected with the frames, so a tap lands on what is drawn there.
extension PanelLayout {
    mutating func mirrorForRightToLeft() {
        let page = Rect(size: size)
        widgets = widgets.map { frame in
            WidgetFrame(
                widgetIndex: frame.widgetIndex, frame: frame.frame.mirrored(within: page),
                parts: frame.parts.map { $0.mirrored(within: page) })
        }
        hitRegions = hitRegions.map { region in
            var region = region
            region.rect = region.rect.mirrored(within: page)
            return region
        }
        dynamicRegions = dynamicRegions.map { region in
            var region = region
            region.rect = region.rect.mirrored(within: page)
            return region
        }
    }
}

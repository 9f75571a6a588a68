import KioskCore

/// Draws leaf panels into image buffers. Holds the text context and the decoded-image cache, so
/// keep one renderer per thread and reuse it; not thread-safe.
///
/// All drawing is in logical pixels; a buffer is `size × scale` pixels and text is rasterised at
/// the buffer's resolution (crisp at scale 2, not scaled up). Content taller than the page is
/// clipped at its bottom edge (see PanelLayout); there is no scrolling yet.
public final class PageRenderer {
    /// Measures and shapes all text this renderer draws.
    public let text: TextContext
    let images: ImageCache
    /// Where a QR code that could not be drawn is reported (once per reason).
    let qrFailures = QRFailureLog()
    /// Each chart's lines between samples, so a sample scrolls them (`ChartLineLayer`).
    let chartLayers = ChartLayerCache()

    public init(imageCacheCapacity: Int = 24) {
        text = TextContext()
        images = ImageCache(capacity: max(1, imageCacheCapacity))
    }

    /// Where `panel`'s widgets, hit regions and dynamic regions go on a page of `size`.
    public func layout(panel: Panel, size: Size, theme: Theme) -> PanelLayout {
        PanelLayout(panel: panel, size: size, theme: theme, text: text)
    }

    /// A new buffer of `size × scale` pixels with `panel` drawn in it. `focusedItem` indexes the
    /// layout's hit regions and draws that one with an accent outline.
    public func render(
        panel: Panel, size: Size, scale: Double, theme: Theme, context: RenderContext,
        focusedItem: Int? = nil
    ) throws(RenderError) -> ImageBuffer {
        let buffer = try PageRenderer.makeBuffer(size: size, scale: scale)
        let layout = self.layout(panel: panel, size: size, theme: theme)
        draw(
            panel: panel, layout: layout, into: buffer, scale: scale, theme: theme,
            context: context, focusedItem: focusedItem)
        return buffer
    }

    /// Draws `panel`, laid out as `layout`, over the whole of `buffer` (its pixels are `layout.size
    /// × scale`; anything beyond is left as it was).
    public func draw(
        panel: Panel, layout: PanelLayout, into buffer: ImageBuffer, scale: Double, theme: Theme,
        context: RenderContext, focusedItem: Int? = nil
    ) {
        let cairo = CairoContext(target: buffer)
        cairo.scale(by: PageRenderer.sane(scale))
        cairo.clip(to: Rect(size: layout.size))
        cairo.clear(to: panel.background ?? theme.background)
        let type = Typography(theme: theme, text: text, panel: panel)
        for frame in layout.widgets where frame.widgetIndex < panel.widgets.count {
            drawWidget(
                panel.widgets[frame.widgetIndex], frame: frame, in: cairo, type: type,
                context: context)
        }
        if let focusedItem, layout.hitRegions.indices.contains(focusedItem) {
            drawFocus(
                layout.hitRegions[focusedItem], panel: panel, layout: layout, in: cairo,
                theme: theme)
        }
    }

    /// Redraws one dynamic region (a clock, a file value) of a page already drawn in `buffer`,
    /// leaving every other pixel alone. Returns the damaged rectangle in buffer pixels.
    @discardableResult
    public func redraw(
        _ region: DynamicRegion, panel: Panel, layout: PanelLayout, into buffer: ImageBuffer,
        scale: Double,
        theme: Theme, context: RenderContext
    ) -> Rect {
        let s = PageRenderer.sane(scale)
        // Whole pixels, so the background fill does not leave half-blended edges behind.
        let x0 = (region.rect.minX * s).rounded(.down)
        let y0 = (region.rect.minY * s).rounded(.down)
        let x1 = min((region.rect.maxX * s).rounded(.up), Double(buffer.width))
        let y1 = min((region.rect.maxY * s).rounded(.up), Double(buffer.height))
        let damage = Rect(x: x0, y: y0, width: max(0, x1 - x0), height: max(0, y1 - y0))
        guard !damage.isEmpty,
            let frame = layout.widgets.first(where: { $0.widgetIndex == region.widgetIndex }),
            frame.widgetIndex < panel.widgets.count
        else { return .zero }
        let cairo = CairoContext(target: buffer, redrawing: damage)
        cairo.clip(to: damage)
        cairo.scale(by: s)
        cairo.clip(to: Rect(size: layout.size))
        cairo.clear(to: panel.background ?? theme.background)
        drawWidget(
            panel.widgets[frame.widgetIndex], frame: frame, in: cairo,
            type: Typography(theme: theme, text: text, panel: panel),
            context: context)
        return damage
    }

    /// A transparent buffer for a page of `size` logical pixels at `scale`.
    public static func makeBuffer(size: Size, scale: Double) throws(RenderError) -> ImageBuffer {
        let w = size.width * scale
        let h = size.height * scale
        guard w.isFinite, h.isFinite, w >= 1, h >= 1, w <= 16384, h <= 16384 else {
            throw .surfaceCreation(
                width: w.isFinite ? Int(w) : 0, height: h.isFinite ? Int(h) : 0,
                reason: "size \(size) at scale \(scale) is out of range")
        }
        return try ImageBuffer(width: Int(w.rounded(.up)), height: Int(h.rounded(.up)))
    }

    static func sane(_ scale: Double) -> Double {
        scale.isFinite && scale > 0 ? min(scale, 16) : 1
    }

    private func drawFocus(
        _ region: HitRegion, panel: Panel, layout: PanelLayout, in cairo: CairoContext, theme: Theme
    ) {
        // Outline the whole row or tile, not its clipped hit rectangle.
        var rect = region.rect
        if let frame = layout.widgets.first(where: { $0.widgetIndex == region.widgetIndex }),
            frame.parts.indices.contains(region.itemIndex)
        {
            rect = frame.parts[region.itemIndex]
        }
        let out = ChromeMetrics.focusRingOutset
        cairo.strokeFocusRing(inside: rect.insetBy(dx: -out, dy: -out), theme: theme)
    }
}

import KioskCore

/// Draws navigation chrome (a tab bar, a drill-down column header) into buffers. Like
/// PageRenderer, single-threaded; share a TextContext with the page renderer to share fonts.
public final class ChromeRenderer {
    public let text: TextContext

    public init(text: TextContext = TextContext()) { self.text = text }

    /// A new buffer of `size × scale` pixels with `chrome` drawn in it.
    public func render(_ chrome: Chrome, size: Size, scale: Double, theme: Theme)
        throws(RenderError) -> ImageBuffer
    {
        let buffer = try PageRenderer.makeBuffer(size: size, scale: scale)
        draw(chrome, size: size, into: buffer, scale: scale, theme: theme)
        return buffer
    }

    /// Draws `chrome` as `size` logical pixels over the top-left of `buffer`.
    public func draw(
        _ chrome: Chrome, size: Size, into buffer: ImageBuffer, scale: Double, theme: Theme
    ) {
        let cairo = CairoContext(target: buffer)
        cairo.scale(by: PageRenderer.sane(scale))
        cairo.clip(to: Rect(size: size))
        if case .focusRing = chrome {
            cairo.clear(to: RGBA(red: 0, green: 0, blue: 0, alpha: 0))
            cairo.strokeFocusRing(inside: Rect(size: size), theme: theme)
            return
        }
        if case .headerPart(let part) = chrome, part != .bar {
            // The words of a header in motion go on a transparent layer over the one bar.
            cairo.clear(to: RGBA(red: 0, green: 0, blue: 0, alpha: 0))
            drawHeaderPart(part, size: size, in: cairo, theme: theme)
            return
        }
        cairo.clear(to: theme.surface)
        switch chrome {
        case .focusRing:
            break
        case .headerPart(let part):
            drawHeaderPart(part, size: size, in: cairo, theme: theme)
        case .tabBar(let titles, let highlight):
            drawTabBar(titles: titles, highlight: highlight, size: size, in: cairo, theme: theme)
        case .header(let title, let showsBack, let backTitle):
            drawHeader(
                title: title, back: showsBack ? backTitle : nil, size: size, in: cairo, theme: theme
            )
        }
    }

    /// The cells of a tab bar of `count` tabs: equal widths, whole-pixel edges, the first at the
    /// left (right to left: at the right). A tap in cell `i` selects tab `i` (the Navigator
    /// hit-tests the same order through `LayoutDirection.fraction(at:along:)`).
    public static func tabRects(
        count: Int, size: Size, direction: LayoutDirection = .leftToRight
    ) -> [Rect] {
        guard count > 0 else { return [] }
        let pitch = size.width / Double(count)
        return (0..<count).map { i in
            let left = (Double(i) * pitch).rounded()
            let right = (Double(i + 1) * pitch).rounded()
            return Rect(x: left, y: 0, width: right - left, height: size.height)
                .placed(in: Rect(size: size), for: direction)
        }
    }

    /// Where a header's back button takes taps: its leading part (the left end, right to left the
    /// right end), full height (the Navigator hit-tests the same
    /// `ChromeMetrics.backButtonWidth(headerWidth:)`).
    public static func backButtonRect(size: Size, direction: LayoutDirection = .leftToRight)
        -> Rect
    {
        Rect(
            x: 0, y: 0, width: ChromeMetrics.backButtonWidth(headerWidth: size.width),
            height: size.height
        ).placed(in: Rect(size: size), for: direction)
    }

    private func drawTabBar(
        titles: [String], highlight: TabHighlight, size: Size, in cairo: CairoContext,
        theme: Theme
    ) {
        // The bar sits at the bottom of its container: the hairline separates it from the page.
        cairo.fill(Rect(x: 0, y: 0, width: size.width, height: 1), color: theme.divider)
        let cells = ChromeRenderer.tabRects(
            count: titles.count, size: size, direction: theme.layoutDirection)
        guard !cells.isEmpty else { return }
        let last = cells.count - 1
        // Between neighbours the pill slides from the leaving tab's cell to the arriving one's;
        // farther apart it fades out of one and into the other, so no tab in between is lit.
        let from = min(max(highlight.from, 0), last)
        let to = min(max(highlight.to, 0), last)
        let a = cells[from].insetBy(dx: 12, dy: 10)
        let b = cells[to].insetBy(dx: 12, dy: 10)
        let t = highlight.progress
        let pills: [(Rect, Double)] =
            abs(to - from) <= 1
            ? [
                (
                    Rect(
                        x: a.minX + (b.minX - a.minX) * t, y: a.minY,
                        width: a.width + (b.width - a.width) * t, height: a.height), 1
                )
            ]
            : [(a, 1 - t), (b, t)]
        for (pill, share) in pills where share > 0 {
            cairo.fillRoundedRect(
                pill, radius: min(theme.cornerRadius, pill.height / 2),
                color: theme.accent.withAlpha(0.16 * share))
        }

        for (index, (title, cell)) in zip(titles, cells).enumerated() {
            let nearness = highlight.nearness(of: index)
            let color = mix(theme.mutedText, theme.accent, nearness)
            let layout = TextLayout(
                context: text, text: title, family: theme.fontFamily, size: theme.smallSize * 1.125,
                weight: nearness > 0.5 ? .bold : .regular, width: max(0, cell.width - 32),
                alignment: .center,
                ellipsizes: true, direction: theme.layoutDirection)
            layout.draw(
                in: cairo, at: Point(x: cell.minX + 16, y: cell.midY - layout.size.height / 2),
                color: color)
        }
    }

    /// The title centred between two back-button-wide margins; the back button (chevron and the
    /// previous page's title, ellipsized) in the accent colour at the leading edge. The same
    /// parts as a header in motion draws one by one (`HeaderPart`), so the two look alike.
    private func drawHeader(
        title: String, back: String?, size: Size, in cairo: CairoContext, theme: Theme
    ) {
        drawHeaderPart(.bar, size: size, in: cairo, theme: theme)
        drawHeaderPart(.title(title, besideBack: back != nil), size: size, in: cairo, theme: theme)
        guard let back else { return }
        drawHeaderPart(.chevron, size: size, in: cairo, theme: theme)
        if !back.isEmpty { drawHeaderPart(.backLabel(back), size: size, in: cairo, theme: theme) }
    }

    private static let chevronX = 16.0

    private func drawHeaderPart(
        _ part: HeaderPart, size: Size, in cairo: CairoContext, theme: Theme
    ) {
        let side = ChromeMetrics.backButtonWidth(headerWidth: size.width)
        let direction = theme.layoutDirection
        let bar = Rect(size: size)
        switch part {
        case .bar:
            cairo.fill(
                Rect(x: 0, y: size.height - 1, width: size.width, height: 1), color: theme.divider)
        case .title(let title, let besideBack):
            // Centred on the header when it fits between two back-button margins
            // (UINavigationBar); a longer title uses the room right of the back button before it
            // is ellipsized.
            let natural = TextLayout(
                context: text, text: title, family: theme.fontFamily, size: theme.bodySize,
                weight: .bold)
            let fitsCentred = natural.size.width <= size.width - 2 * side
            let left = fitsCentred ? side : (besideBack ? side + 4 : 16)
            let layout = TextLayout(
                context: text, text: title, family: theme.fontFamily, size: theme.bodySize,
                weight: .bold,
                width: max(0, fitsCentred ? size.width - 2 * side : size.width - left - 16),
                alignment: .center,
                ellipsizes: true, direction: direction)
            // Right to left the room beside the back button is at the left.
            let box = Rect(
                x: left, y: size.height / 2 - layout.size.height / 2,
                width: layout.width ?? 0, height: layout.size.height
            ).placed(in: bar, for: direction)
            layout.draw(in: cairo, at: box.origin, color: theme.text)
        case .chevron:
            // Back points toward where the reading came from: left, or right to left right.
            let x = direction == .rightToLeft ? size.width - Self.chevronX : Self.chevronX
            cairo.strokeChevron(
                center: Point(x: x, y: size.height / 2), height: 22,
                pointsLeft: direction == .leftToRight, lineWidth: 3, color: theme.accent)
        case .backLabel(let back):
            let labelX = Self.chevronX + 12
            let label = TextLayout(
                context: text, text: back, family: theme.fontFamily, size: theme.bodySize,
                weight: .regular,
                width: max(0, side - labelX - 4), alignment: .left, ellipsizes: true,
                direction: direction)
            let box = Rect(
                x: labelX, y: size.height / 2 - label.size.height / 2,
                width: label.width ?? 0, height: label.size.height
            ).placed(in: bar, for: direction)
            label.draw(in: cairo, at: box.origin, color: theme.accent)
        }
    }

    private func mix(_ a: RGBA, _ b: RGBA, _ t: Double) -> RGBA {
        RGBA(
            red: a.red + (b.red - a.red) * t, green: a.green + (b.green - a.green) * t,
            blue: a.blue + (b.blue - a.blue) * t, alpha: a.alpha + (b.alpha - a.alpha) * t)
    }
}

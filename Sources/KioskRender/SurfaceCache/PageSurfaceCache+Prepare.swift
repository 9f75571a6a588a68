import KioskCore

extension PageSurfaceCache {
    /// Makes sure every `.panel` and `.chrome` content of `scene` has an up-to-date surface at
    /// its layer's `sourceSize` (a scrolled panel's whole content) × `scale`, and says which surface pixels changed. Clocks are redrawn only
    /// when their text differs from what the surface shows (a minute clock once a minute however
    /// often this is called); file values only when the file's value changed. Then drops
    /// surfaces beyond the retention and the byte budget.
    public func prepare(for scene: Scene, now: WallClockTime) -> SurfaceUpdate {
        prepareCount += 1
        var order: [LayerContent] = []
        var sizes: [LayerContent: Size] = [:]
        for layer in scene.layers {
            if case .solid = layer.content { continue }
            // A scrolled panel is rasterised whole (`sourceSize`); its layer shows a window.
            let size = layer.sourceSize
            if let seen = sizes[layer.content] {
                sizes[layer.content] = Size(
                    width: max(seen.width, size.width), height: max(seen.height, size.height))
            } else {
                order.append(layer.content)
                sizes[layer.content] = size
            }
        }
        current = Set(order)
        var update = SurfaceUpdate()
        for content in order {
            guard let size = sizes[content] else { continue }
            prepare(content, size: size, now: now, update: &update)
        }
        lastOutputSize = scene.outputSize
        evict(outputSize: scene.outputSize)
        files.keepOnly(watchedFiles)
        renderer.images.keepOnly(imagePathsOfCachedPanels)
        return update
    }

    private func prepare(
        _ content: LayerContent, size: Size, now: WallClockTime, update: inout SurfaceUpdate
    ) {
        var panel: Panel?
        switch content {
        case .panel(let id):
            guard let p = self.panel(id, in: configuration) else {
                entries[content] = nil
                update.missing[content] =
                    configuration.page(id) == nil
                    ? "no page \"\(id)\" in the configuration"
                    : "page \"\(id)\" is a container, not a panel"
                return
            }
            panel = p
        case .chrome:
            panel = nil
        case .solid:
            return
        }
        if let entry = entries[content], entry.isValid, entry.size == size, entry.scale == scale {
            entry.lastUse = prepareCount
            if let panel, let layout = entry.layout {
                let wasOpaque = entry.buffer.knownOpacity == true
                let rects = refresh(entry, panel: panel, layout: layout, now: now)
                if !rects.isEmpty {
                    update.damage[content] = rects
                    // A chart at 10 samples/s redraws one card; the rest of the page is as
                    // opaque as it was, so only the redrawn pixels need a look.
                    entry.buffer.recordOpacity(redrawn: rects, wasOpaque: wasOpaque)
                }
            }
            return
        }
        // Draw from scratch, into the old buffer when its pixel size still fits.
        let buffer: ImageBuffer
        if let old = entries[content], let pixels = PageSurfaceCache.pixelSize(size, scale: scale),
            old.buffer.width == pixels.width, old.buffer.height == pixels.height
        {
            buffer = old.buffer
            // The partly covered last row and column are not repainted by a clipped clear.
            CairoContext(target: buffer).clear(to: RGBA(red: 0, green: 0, blue: 0, alpha: 0))
        } else {
            entries[content] = nil
            do {
                buffer = try PageRenderer.makeBuffer(size: size, scale: scale)
            } catch {
                update.missing[content] = error.description
                return
            }
        }
        let entry = SurfaceEntry(buffer: buffer, size: size, scale: scale, lastUse: prepareCount)
        let theme = configuration.settings.theme
        switch content {
        case .chrome(let chrome):
            chromeRenderer.draw(chrome, size: size, into: buffer, scale: scale, theme: theme)
        case .panel:
            guard let panel else { return }
            let layout = renderer.layout(panel: panel, size: size, theme: theme)
            let context = renderContext(for: layout, now: now)
            renderer.draw(
                panel: panel, layout: layout, into: buffer, scale: scale, theme: theme,
                context: context)
            entry.panel = panel
            entry.layout = layout
            entry.shown = layout.dynamicRegions.map {
                PageSurfaceCache.shownValue($0, context: context)
            }
        case .solid:
            return
        }
        // Recorded once here, so the compositor never rescans a surface per frame.
        buffer.recordOpacity()
        entries[content] = entry
        update.damage[content] = [entry.bounds]
        update.rasterised.insert(content)
        if case .panel = content { rasterisedOnFramePath += 1 }
    }

    /// Redraws the dynamic regions whose value changed; returns the damaged surface pixels.
    private func refresh(
        _ entry: SurfaceEntry, panel: Panel, layout: PanelLayout, now: WallClockTime
    ) -> [Rect] {
        guard !layout.dynamicRegions.isEmpty else { return [] }
        let context = renderContext(for: layout, now: now)
        var rects: [Rect] = []
        for (index, region) in layout.dynamicRegions.enumerated() where index < entry.shown.count {
            let value = PageSurfaceCache.shownValue(region, context: context)
            guard value != entry.shown[index] else { continue }
            let rect = renderer.redraw(
                region, panel: panel, layout: layout, into: entry.buffer, scale: entry.scale,
                theme: configuration.settings.theme, context: context)
            entry.shown[index] = value
            if !rect.isEmpty { rects.append(rect) }
        }
        return rects
    }

    /// A context whose files are the reader's current contents, so what is drawn is exactly what
    /// was compared.
    private func renderContext(for layout: PanelLayout, now: WallClockTime) -> RenderContext {
        var values: [String: String] = [:]
        for region in layout.dynamicRegions {
            guard case .file(let path) = region.source, values[path] == nil else { continue }
            if let contents = files.contents(at: path) { values[path] = contents }
        }
        let snapshot = values
        var context = RenderContext(now: now, readFile: { snapshot[$0] })
        if let liveValues {
            context.values = liveValues.value
            context.rows = liveValues.rows
            context.chartData = liveValues.charts
        }
        return context
    }

    /// What a region shows: the clock's text, or the file's trimmed value (nil = placeholder).
    static func shownValue(_ region: DynamicRegion, context: RenderContext) -> String? {
        switch region.source {
        case .clock(let format): context.now.formatted(format)
        case .file(let path): context.fileValue(at: path)
        case .value, .template, .row, .chart: context.shownLiveValue(region.source)
        }
    }

    /// The pixel size `PageRenderer.makeBuffer` gives, or nil when it would refuse.
    static func pixelSize(_ size: Size, scale: Double) -> (width: Int, height: Int)? {
        let w = (size.width * scale).rounded(.up)
        let h = (size.height * scale).rounded(.up)
        guard w.isFinite, h.isFinite, w >= 1, h >= 1, w <= 16384, h <= 16384 else { return nil }
        return (Int(w), Int(h))
    }

    /// Drops chrome that left the scene, pages unused for `retainedPrepares`, then the least
    /// recently used pages not in the scene until the total fits the budget.
    private func evict(outputSize: Size) {
        for (content, entry) in entries where !current.contains(content) {
            if case .chrome = content {
                entries[content] = nil
            } else if prepareCount - entry.lastUse > retainedPrepares && !likely.contains(content) {
                // The pages looked ahead for stay through a long drag; only the budget drops them.
                entries[content] = nil
            }
        }
        let budget = byteBudget ?? PageSurfaceCache.defaultBudget(outputSize: outputSize)
        var total = memoryBytes
        guard total > budget else { return }
        // Pages not looked ahead for before those that were; oldest first; among equals the larger.
        let candidates = entries.filter { !current.contains($0.key) }
            .sorted {
                (likely.contains($0.key) ? 1 : 0, $0.value.lastUse, -$0.value.bytes)
                    < (likely.contains($1.key) ? 1 : 0, $1.value.lastUse, -$1.value.bytes)
            }
        for (content, entry) in candidates where total > budget {
            entries[content] = nil
            total -= entry.bytes
        }
    }

    /// `defaultSurfaces` ARGB32 surfaces the size of the output.
    static func defaultBudget(outputSize: Size) -> Int {
        let bytes = Double(defaultSurfaces) * 4 * outputSize.width * outputSize.height
        guard bytes.isFinite, bytes > 0 else { return 0 }
        return Int(min(bytes, Double(Int.max / 2)))
    }
}

import KioskCore

/// Rasterising ahead: pages the next gesture or tap may show are drawn in idle time (on the
/// `aheadRasteriser`'s thread when there is one), so the first frame of a transition finds their
/// surfaces ready. Only within the byte budget: to make room, only surfaces neither on screen
/// nor wanted are dropped, least recently used first.
extension PageSurfaceCache {
    /// Asks for `wanted` (nearest first) to be rasterised ahead. Returns how many were started:
    /// contents already cached at that size, already on their way, not panels, or beyond the
    /// budget are skipped. Without a rasteriser they are drawn at once on this thread.
    @discardableResult
    public func rasteriseAhead(_ wanted: [(content: LayerContent, size: Size)], now: WallClockTime)
        -> Int
    {
        let budget = byteBudget ?? PageSurfaceCache.defaultBudget(outputSize: lastOutputSize)
        likely = Set(wanted.map(\.content))
        let keep = current.union(likely)
        var started = 0
        for (content, size) in wanted {
            guard case .panel(let id) = content, let panel = self.panel(id, in: configuration),
                aheadPending[content] == nil
            else { continue }
            if let entry = entries[content], entry.isValid, entry.size == size, entry.scale == scale
            {
                continue
            }
            let job = AheadJob(
                content: content, panel: panel, size: size, scale: scale,
                theme: configuration.settings.theme, now: now,
                generation: generation)
            guard makeRoom(for: job.bytes, budget: budget, keeping: keep) else { break }
            aheadPending[content] = job.bytes
            started += 1
            if let aheadRasteriser {
                aheadRasteriser.submit(job)
            } else {
                AheadRasteriser.draw(job, with: renderer)
                adopt(job)
            }
        }
        return started
    }

    /// Takes the surfaces the rasteriser finished into the cache (call on the cache's thread when
    /// its `notificationFD` is readable). Returns how many were kept: a result the configuration,
    /// the scale or a frame's own rasterisation overtook is dropped.
    @discardableResult
    public func adoptAhead() -> Int {
        guard let aheadRasteriser else { return 0 }
        var kept = 0
        for job in aheadRasteriser.takeFinished() where adopt(job) { kept += 1 }
        return kept
    }

    /// Pages started ahead and not yet in the cache.
    public var aheadOutstanding: Int { aheadPending.count }

    @discardableResult
    private func adopt(_ job: AheadJob) -> Bool {
        aheadPending[job.content] = nil
        guard job.generation == generation, job.scale == scale, let buffer = job.buffer,
            let layout = job.layout
        else {
            return false
        }
        if let entry = entries[job.content], entry.isValid, entry.size == job.size,
            entry.scale == job.scale
        {
            return false
        }
        let entry = SurfaceEntry(
            buffer: buffer, size: job.size, scale: job.scale, lastUse: prepareCount)
        entry.panel = job.panel
        entry.layout = layout
        entry.shown = job.shown
        entries[job.content] = entry
        aheadRasterised += 1
        return true
    }

    /// Drops surfaces not in `keeping`, least recently used first, until `bytes` more fit the
    /// budget (counting surfaces on their way); false when they cannot.
    private func makeRoom(for bytes: Int, budget: Int, keeping: Set<LayerContent>) -> Bool {
        var total = memoryBytes + aheadPending.values.reduce(0, +)
        guard total + bytes > budget else { return true }
        let candidates = entries.filter { !keeping.contains($0.key) }.sorted {
            $0.value.lastUse < $1.value.lastUse
        }
        for (content, entry) in candidates where total + bytes > budget {
            entries[content] = nil
            total -= entry.bytes
        }
        return total + bytes <= budget
    }
}

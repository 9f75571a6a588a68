import KioskCore

/// The display transform and compositor touches (see `RunnerGeometry`).
extension KioskRunner {
    /// A configure gave the window `surfaceSize` (native orientation): the Navigator's viewport.
    /// A new size or a turned output (width and height swapped) arrives the same way and the
    /// Navigator re-lays out keeping its navigation.
    func viewport(forSurface surfaceSize: Size) -> Size {
        renderer.displayTransform = geometry.displayTransform
        let logical = geometry.configured(surfaceSize: surfaceSize)
        if geometry.displayTransform != .normal {
            log.info("display turned \(geometry.displayTransform): pages laid out at \(Int(logical.width))x\(Int(logical.height))")
        }
        return logical
    }

    func deliverFromCompositor(_ event: TouchEvent) {
        if let mapped = geometry.fromCompositor(event) { deliver(mapped) }
    }

    func deliverFromCompositor(_ event: KeyEvent) {
        if let key = geometry.fromCompositor(event) { deliver(key) }
    }
}

import KioskCore
import KioskDRM
import KioskFrames
import KioskPlatform
import KioskRender
import Logging

#if canImport(Glibc)
    import Glibc
#endif

/// The output without a compositor (`[display] backend = "drm"`): `KMSDisplay`'s dumb buffers
/// lent through the swap chain every output uses (`SwapChain`: which buffer, what to repair),
/// drawn just before the loop waits when a frame is wanted and a buffer is free (a flip event
/// frees it). Nothing moves: no frame is drawn and no flip requested.
final class DRMOutputBackend: OutputBackend {
    private let display: KMSDisplay
    private let loop: EventLoop
    private let swapChain: SwapChain<DumbFrameBuffer>
    private var needsFrame = false
    private var started = false
    private var hook: EventLoop.SourceID?
    var onConfigure: ((Size, Int) -> Void)?
    var onDraw: ((OutputFrame, Double) -> [Rect])?
    var onFrameFinished: (() -> Void)?
    var onLost: ((String) -> Void)?
    var onCloseRequested: (() -> Void)?
    var onSessionActive: ((Bool) -> Void)?

    /// Opens the seat and the card and picks the output `settings.output` asks for.
    init(loop: EventLoop, settings: KioskSettings, log: Logger) throws(BackendError) {
        let output = settings.output
        let options = KMSDisplay.Options(
            connector: output.connector, mode: output.mode,
            // Unset (or empty): the first card with connectors (CardSelection; a Pi's display is
            // not always card0).
            devicePath: environment("KIOSK_DRM_DEVICE").flatMap { $0.isEmpty ? nil : $0 },
            // KIOSK_DRM_LEGACY=1 tries the legacy API on a driver that offers atomic (tests).
            allowAtomic: environment("KIOSK_DRM_LEGACY") != "1", vtSwitching: output.vtSwitching)
        do {
            display = try KMSDisplay(loop: loop, options: options) { level, line in
                switch level {
                case .debug: log.debug("\(line)")
                case .info: log.info("\(line)")
                case .warning: log.warning("\(line)")
                case .error: log.error("\(line)")
                }
            }
        } catch {
            throw BackendError(error.description)
        }
        self.loop = loop
        swapChain = SwapChain(capacity: options.bufferCount)
        display.onConfigure = { [unowned self] width, height in
            configured(width: width, height: height)
        }
        display.onRedrawAll = { [unowned self] in redrawAll() }
        display.onSessionActive = { [unowned self] active in onSessionActive?(active) }
        display.onLost = { [unowned self] reason in onLost?(reason) }
        // The first wait reports the size (the owner has set the callbacks by then, as a
        // compositor's first configure arrives once the loop runs).
        hook = loop.addBeforeWaitHook { [unowned self] in
            if !started {
                started = true
                display.start()
            }
            if needsFrame, display.canPresent { drawFrame() }
        }
    }

    func setNeedsFrame() { needsFrame = true }

    func setDisplayPowered(_ on: Bool) { display.setPowered(on) }

    func switchVirtualTerminal(_ vt: Int) -> Bool { display.switchVT(vt) }

    var statisticsSummary: String? { display.summary }

    var lastPresented: Double? { display.lastShown }

    /// The display's page-flip (or mode-set) completion, passed straight on.
    var onPresented: (() -> Void)? {
        get { display.onFlipped }
        set { display.onFlipped = newValue }
    }

    func shutDown() {
        if let hook { loop.removeHook(hook) }
        hook = nil
        display.shutDown()
    }

    /// New dumb buffers (the old ones are gone): the chain starts again.
    private func configured(width: Int, height: Int) {
        swapChain.reset()
        onConfigure?(Size(width: Double(width), height: Double(height)), 1)
        needsFrame = true
    }

    /// Every buffer is treated as new: the next frame is drawn whole.
    private func redrawAll() {
        swapChain.forgetContents()
        needsFrame = true
    }

    private func drawFrame() {
        let size = display.size
        // The chain makes the wrappers of the display's buffers in order, one per index.
        guard
            let index = swapChain.acquire(
                width: size.width, height: size.height,
                make: { _, _ in
                    DumbFrameBuffer(display: display, index: swapChain.buffers.count)
                })
        else { return }  // both on screen or flipping: the flip event brings the next chance
        needsFrame = false
        let frame: OutputFrame
        do {
            frame = try OutputFrame(wrapping: swapChain.lend(index, scale: 1))
        } catch {
            onLost?(error.description)
            return
        }
        let damage = swapChain.damage(onDraw?(frame, MonotonicClock.now) ?? [], drawnInto: index)
        if !damage.isEmpty {
            swapChain.present(index, damage: damage)
            display.present(index)
        }
        onFrameFinished?()
    }

}

private func environment(_ name: String) -> String? {
    getenv(name).map { String(cString: $0) }
}

/// One of `KMSDisplay`'s dumb buffers as the swap chain sees it: busy while on screen or
/// waiting for its flip. Made anew (with the chain) whenever the display makes new buffers.
private final class DumbFrameBuffer: SwapBuffer {
    private unowned let display: KMSDisplay
    private let index: Int
    let pixels: UnsafeMutableRawPointer
    let width: Int
    let height: Int
    let stride: Int

    init(display: KMSDisplay, index: Int) {
        self.display = display
        self.index = index
        (pixels, width, height, stride) = display.buffer(at: index)
    }

    var isBusy: Bool { display.isBusy(index) }
}

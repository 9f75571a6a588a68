import KioskCore
import KioskDRM
import KioskPlatform
import KioskRender
import KioskWayland
import Logging

#if canImport(Glibc)
import Glibc
#endif

/// The output without a compositor (`[display] backend = "drm"`): `KMSDisplay`'s dumb buffers
/// lent as frames with the same swap-chain rule as the other outputs (`DamageHistory`: a reused
/// buffer is repaired from the last frame outside the new damage, `FrameRepair`), drawn just
/// before the loop waits when a frame is wanted and a buffer is free (a flip event frees it).
/// Nothing moves: no frame is drawn and no flip requested.
final class DRMOutputBackend: OutputBackend {
    private let display: KMSDisplay
    private let loop: EventLoop
    private var history: DamageHistory
    /// The buffer holding the newest frame (presented, on screen or waiting for its flip).
    private var lastDrawn: Int?
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
            allowAtomic: environment("KIOSK_DRM_LEGACY") != "1")
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
        history = DamageHistory(buffers: display.bufferCount)
        display.onConfigure = { [unowned self] width, height in configured(width: width, height: height) }
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

    var statisticsSummary: String? { display.summary }

    func shutDown() {
        if let hook { loop.removeHook(hook) }
        hook = nil
        display.shutDown()
    }

    private func configured(width: Int, height: Int) {
        history = DamageHistory(buffers: display.bufferCount)
        lastDrawn = nil
        onConfigure?(Size(width: Double(width), height: Double(height)), 1)
        needsFrame = true
    }

    /// Every buffer is treated as new: the next frame is drawn whole.
    private func redrawAll() {
        history = DamageHistory(buffers: display.bufferCount)
        lastDrawn = nil
        needsFrame = true
    }

    private func drawFrame() {
        needsFrame = false
        let index = display.nextBuffer
        let memory = display.buffer(at: index)
        let image: ImageBuffer
        do {
            image = try ImageBuffer(wrapping: memory.pixels, width: memory.width, height: memory.height, stride: memory.stride)
        } catch {
            onLost?(error.description)
            return
        }
        let holds = lastDrawn != nil || !history.isFresh(index)
        let repair = FrameRepair.chain(
            buffer: index, lastShown: lastDrawn, history: history, pixels: { display.buffer(at: $0).pixels },
            stride: memory.stride, width: memory.width, height: memory.height)
        let frame = OutputFrame(image: image, scale: 1, holdsPreviousFrame: holds, repair: repair)
        let damage = onDraw?(frame, MonotonicClock.now) ?? []
        if !damage.isEmpty {
            frame.repair(outside: damage)
            history.drew(index, damage: damage.map { DamageHistory.pixelRegion($0, width: memory.width, height: memory.height) })
            lastDrawn = index
            display.present(index)
        }
        onFrameFinished?()
    }

}

private func environment(_ name: String) -> String? {
    getenv(name).map { String(cString: $0) }
}

import KioskCore
import KioskFrames
import KioskPlatform
import KioskRender
import KioskWayland
import Logging

/// The output on a Wayland compositor: a fullscreen `WaylandWindow` on the connection in
/// `WAYLAND_DISPLAY`, its display attached to the event loop. The compositor's seat is the
/// `seat` input source of the same connection.
final class WaylandOutputBackend: OutputBackend {
    private var display: WaylandDisplay?
    private var window: WaylandWindow?
    let seat: WaylandSeatInput
    private let log: Logger
    /// The display power last asked for (`setDisplayPowered`), so only a change acts.
    private var powered = true

    var onConfigure: ((Size, Int) -> Void)?
    var onDraw: ((OutputFrame, Double) -> [Rect])?
    var onFrameFinished: (() -> Void)?
    var onLost: ((String) -> Void)?
    var onCloseRequested: (() -> Void)?

    /// Connects, makes the window (sized from `settings`' preview size until a configure says
    /// otherwise) and attaches the connection to `loop`.
    init(loop: EventLoop, settings: KioskSettings, title: String, log: Logger)
        throws(BackendError)
    {
        let display: WaylandDisplay
        let window: WaylandWindow
        do {
            display = try WaylandDisplay()
            let preview = settings.previewSize
            window = try WaylandWindow(
                display: display,
                configuration: WindowConfiguration(
                    appID: settings.appID, title: title,
                    defaultSize: (Self.pixels(preview.width), Self.pixels(preview.height))))
        } catch {
            throw BackendError(error.description)
        }
        self.display = display
        self.window = window
        self.log = log
        seat = WaylandSeatInput(window: window)
        window.onConfigure = { [unowned self] size, scale in onConfigure?(size, scale) }
        window.onDraw = { [unowned self] buffer, time in draw(buffer, time: time) }
        window.onFrameFinished = { [unowned self] in onFrameFinished?() }
        window.onCloseRequested = { [unowned self] in onCloseRequested?() }
        display.onClosed = { [unowned self] reason in onLost?(reason) }
        do {
            try display.attach(to: loop)
        } catch {
            throw BackendError(error.description)
        }
    }

    /// A preview size as whole pixels; SurfaceSizing clamps what the compositor cannot show.
    private static func pixels(_ value: Double) -> Int {
        value.isFinite ? Int(max(1, min(value, Double(SurfaceSizing.maximumBufferSide)))) : 1
    }

    private func draw(_ buffer: PixelBuffer, time: Double) -> [Rect] {
        let frame: OutputFrame
        do {
            frame = try OutputFrame(wrapping: buffer)
        } catch {
            onLost?(error.description)
            return []
        }
        return onDraw?(frame, time) ?? []
    }

    func setNeedsFrame() { window?.setNeedsFrame() }

    /// wlr-output-power-management where the compositor offers it (sway, cage); otherwise the
    /// runner's black frame is what the panel shows (weston).
    func setDisplayPowered(_ on: Bool) {
        guard on != powered, let window else { return }
        powered = on
        if window.setOutputsPowered(on) {
            log.info("output power \(on ? "on" : "off") (wlr-output-power-management)")
        } else if !on {
            log.info(
                "the compositor offers no output power control (wlr-output-power-management): display off is a black frame"
            )
        }
    }

    var statisticsSummary: String? { window?.statistics.summary }

    var lastPresented: Double? { window?.lastPresented }

    /// wp_presentation's `presented` for our surface, passed straight on.
    var onPresented: (() -> Void)? {
        get { window?.onPresented }
        set { window?.onPresented = newValue }
    }

    func shutDown() {
        seat.stop()
        // Proxies go before the connection (a released buffer must find its owner alive).
        window = nil
        display?.detach()
        display = nil
    }
}

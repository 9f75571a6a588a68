import KioskCore
import KioskPlatform
import KioskWayland
import Logging

/// A fullscreen window on the compositor in `WAYLAND_DISPLAY`, run on an event loop: what
/// `kiosk-shell run` and `kiosk-shell calibrate` share.
enum WaylandSession {
    /// Connects and makes the window (`title`, sized from `settings` until a configure says
    /// otherwise), hands both to `started` to wire up, and runs `loop` until it is stopped.
    /// When the compositor goes away, logs why, calls `lost` and stops the loop. Returns nil
    /// after a stop, `.failure` when the connection could not be made (logged).
    static func run(
        loop: EventLoop, settings: KioskSettings, title: String, log: Logger, lost: @escaping () -> Void,
        started: (WaylandDisplay, WaylandWindow) -> Void
    ) -> KioskExitCode? {
        do {
            let display = try WaylandDisplay()
            let preview = settings.previewSize
            let window = try WaylandWindow(
                display: display,
                configuration: WindowConfiguration(
                    appID: settings.appID, title: title, defaultSize: (Int(preview.width), Int(preview.height))))
            started(display, window)
            display.onClosed = { reason in
                log.error("\(reason)")
                lost()
                loop.stop()
            }
            try display.attach(to: loop)
            try loop.run()
            return nil
        } catch let error as WaylandError {
            log.error("\(error.description)")
        } catch let error as PlatformError {
            log.error("\(error.description)")
        } catch {
            log.error("\(error)")
        }
        return .failure
    }
}

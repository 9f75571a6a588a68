import KioskControl
import KioskCore
import KioskPlatform
import KioskRender

/// The control layer in the run (docs/control.md): live values feed the page surfaces (one
/// frame for any number of updates: the store coalesces, the frame takes the latest), run and
/// publish actions with their toasts and confirmation dialog (overlays, `OverlayService`), and
/// remote control over D-Bus and the MQTT command topic, which both end in `perform(_:)`.
extension KioskRunner {
    /// Starts (or, when `[mqtt]`, `[dbus]` or the values changed, restarts) the hub for the
    /// good configuration's control settings.
    func applyControlSettings() {
        let settings = config.good?.settings.control ?? ControlSettings()
        if let hub = control, hub.settings == settings { return }
        control?.stop()
        control = nil
        // The actions a toast or dialog were about belong to the old settings.
        pipeline.overlays.remove(levels: [.toast, .dialog])
        guard settings != ControlSettings() else {
            pipeline.renderer.surfaces.liveValues = nil
            return
        }
        let hub = ControlHub(
            settings: settings, loop: loop, log: log, delegate: RemoteControl(runner: self),
            busAddress: nil)
        hub.store.onChange = { [unowned self] in output?.setNeedsFrame() }
        hub.controls.onChange = { [unowned self] in output?.setNeedsFrame() }
        hub.controls.current = { [unowned self] name, page in config.shown.control(name, on: page) }
        hub.controls.send = { [unowned self] widget, value, page in
            send(
                widget.effects(for: value),
                for: ActionKey(page: page.rawValue, action: widget.actionName),
                by: .control(value: value))
        }
        hub.mqtt?.onCommand = { [unowned self] (command: RemoteCommand) in
            do {
                try perform(command)
                log.info("MQTT command: \(command)")
            } catch {
                log.warning("MQTT command \"\(command)\" refused: \(error)")
            }
        }
        hub.programs.onProgress = { [unowned self] (key: ActionKey) in
            pipeline.overlays.show(
                ToastOverlay(text: "\(key.action): running", isFailure: false, isProgress: true))
        }
        hub.programs.onFinish = { [unowned self] report in finished(report) }
        pipeline.renderer.surfaces.liveValues = hub.lookup
        control = hub
        if let navigator { hub.pageChanged(to: navigator.activeNode.id) }
    }

    /// Before each frame: the values that changed since the last one go to the renderer.
    func takeControlValues() {
        guard let control, control.takeValues() else { return }
        pipeline.renderer.surfaces.liveValues = control.lookup
    }

    /// The navigation came to rest on `page`.
    func controlPageSettled(_ page: PageID) {
        control?.pageChanged(to: page)
    }

    func stopControl() {
        control?.stop()
        control = nil
    }

    // MARK: run and publish actions

    /// A tap on a row or tile with `run` or `publish` (the Navigator's command handler).
    func carryOut(_ command: CommandAction, on page: PageID) {
        if let question = command.confirm {
            pipeline.overlays.show(
                ConfirmOverlay(question: question) { [unowned self] confirmed in
                    log.info(
                        "action \(page)/\(command.name): \(confirmed ? "confirmed" : "cancelled")")
                    if confirmed { start(command, on: page) }
                })
            return
        }
        start(command, on: page)
    }

    private func start(_ command: CommandAction, on page: PageID) {
        send(
            [command.effect], for: ActionKey(page: page.rawValue, action: command.name), by: .action
        )
    }

    private func finished(_ report: ProgramReport) {
        let line = "action \(report.key): \(report.message)"
        if report.succeeded { log.info("\(line)") } else { log.warning("\(line)") }
        // A control shows its new value itself: its program's toast says only that it failed.
        let fromControl = control?.controls.finished(report.key) ?? false
        if !(fromControl && report.succeeded) {
            pipeline.overlays.show(
                ToastOverlay(text: report.message, isFailure: !report.succeeded, isProgress: false),
                for: ToastOverlay.seconds)
        }
        control?.bus?.actionRan(page: report.key.page, action: report.key.action)
    }

    // MARK: remote control (D-Bus methods and MQTT commands, through `RemoteControl`)

    func perform(_ command: RemoteCommand) throws(ControlError) {
        switch command {
        case .navigate(let action):
            // A remote command acts on the visitor's navigation, shown again.
            endScreensaver()
            guard let navigator, config.good != nil else {
                throw .refusedCommand("the config has errors; no page to navigate")
            }
            if case .open(let id) = action, config.shown.pages[id] == nil {
                throw .refusedCommand("no page \"\(id)\"")
            }
            idle.activity()
            if idle.isBlanked { idle.wake() }
            navigator.advance(to: MonotonicClock.now)
            // A named page is shown from anywhere (`reveal`), not only where a tap would reach it.
            let done =
                if case .open(let id) = action { navigator.reveal(id) } else {
                    navigator.perform(action)
                }
            guard done else {
                throw .refusedCommand(navigator.lastRefusal ?? "\(action): nothing to do")
            }
            redrawAll()
        case .reload:
            reload(reason: "remote command")
        case .setValue(let name, let value):
            guard let control else { throw .refusedCommand("no value named \"\(name)\"") }
            try control.store.set(name, text: value, at: MonotonicClock.now)
        case .screenshot(let path):
            try screenshot(to: path)
        case .display, .brightness, .screensaver, .publishScreenshot:
            try performPanelCommand(command)
        }
    }

    var controlStatus: KioskStatus {
        KioskStatus(
            currentPage: navigator?.activeNode.id.rawValue ?? config.shown.settings.home.rawValue,
            idle: idle.clock.wentHome || idle.isBlanked, blanked: idle.isBlanked)
    }

    /// A PNG of what is on screen (the upright picture, error banner and overlay included).
    private func screenshot(to path: String) throws(ControlError) {
        guard path.hasPrefix("/") else {
            throw .refusedCommand("screenshot needs an absolute path, not \"\(path)\"")
        }
        do {
            try screenImage().writePNG(to: path)
        } catch {
            throw .source("screenshot: \(error)")
        }
        log.info("screenshot written to \(path)")
    }

    /// What is on screen, drawn again in memory (the upright picture, error banner and overlay
    /// included; black while the display is blanked or held off).
    func screenImage() throws(ControlError) -> ImageBuffer {
        guard let navigator else { throw .refusedCommand("nothing on screen yet") }
        takeControlValues()
        let size = Size(
            width: navigator.viewport.width * navigator.scale,
            height: navigator.viewport.height * navigator.scale)
        let scene = pipeline.scene(navigator, outputSize: size, blanked: isBlanked)
        // The render consumes the surfaces' damage: the next frame on screen redraws everything.
        defer { redrawAll() }
        do {
            return try pipeline.renderer.render(scene, now: WallClockTime.now())
        } catch {
            throw .source("screenshot: \(error)")
        }
    }
}

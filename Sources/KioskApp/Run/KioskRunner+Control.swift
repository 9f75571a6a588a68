import KioskControl
import KioskCore
import KioskPlatform
import KioskRender

/// The control layer in the run (docs/control.md): live values feed the page surfaces (one
/// frame for any number of updates: the store coalesces, the frame takes the latest), run and
/// publish actions, the toast and the confirmation dialog, and remote control over D-Bus and
/// the MQTT command topic, which both end in `perform(_:)`.
extension KioskRunner {
    /// Starts (or, when `[mqtt]`, `[dbus]` or the values changed, restarts) the hub for the
    /// good configuration's control settings.
    func applyControlSettings() {
        let settings = config.good?.settings.control ?? ControlSettings()
        if let hub = control, hub.settings == settings { return }
        control?.stop()
        control = nil
        if !overlay.isEmpty {
            // The actions the toast or dialog were about belong to the old settings.
            if let toastTimer { loop.cancelTimer(toastTimer) }
            toastTimer = nil
            overlay = ControlOverlay()
            refreshOverlay()
        }
        guard settings != ControlSettings() else {
            pipeline.renderer.surfaces.liveValues = nil
            return
        }
        let hub = ControlHub(
            settings: settings, loop: loop, log: log, delegate: RemoteControl(runner: self),
            busAddress: nil)
        hub.store.onChange = { [unowned self] in output?.setNeedsFrame() }
        hub.mqtt?.onCommand = { [unowned self] (command: RemoteCommand) in
            do {
                try perform(command)
                log.info("MQTT command: \(command)")
            } catch {
                log.warning("MQTT command \"\(command)\" refused: \(error)")
            }
        }
        hub.programs.onProgress = { [unowned self] (key: ActionKey) in
            showToast(ControlOverlay.Toast(text: "\(key.action): running", isFailure: false, isProgress: true), for: nil)
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
            overlay.dialog = ControlOverlay.Dialog(question: question, command: command, page: page)
            refreshOverlay()
            return
        }
        start(command, on: page)
    }

    private func start(_ command: CommandAction, on page: PageID) {
        guard let control else { return }
        switch command.effect {
        case .run(let program):
            let key = ActionKey(page: page.rawValue, action: command.name)
            switch control.programs.run(program, for: key) {
            case .started: log.info("action \(key): started \(program.argv[0])")
            case .alreadyRunning: log.info("action \(key): already running; the tap is ignored")
            case .couldNotStart: break  // onFinish reported it
            }
        case .publish(let topic, let payload, let retain):
            let sent = control.mqtt?.publish(topic, payload: payload, retain: retain) ?? false
            let text = sent ? "\(command.name): sent" : "\(command.name): not sent, the broker is not connected"
            log.info("action \(page)/\(command.name): publish to \(topic) \(sent ? "sent" : "not sent (not connected)")")
            showToast(ControlOverlay.Toast(text: text, isFailure: !sent, isProgress: false), for: ControlOverlay.toastSeconds)
            control.bus?.actionRan(page: page.rawValue, action: command.name)
        }
    }

    private func finished(_ report: ProgramReport) {
        let line = "action \(report.key): \(report.message)"
        if report.succeeded { log.info("\(line)") } else { log.warning("\(line)") }
        showToast(
            ControlOverlay.Toast(text: report.message, isFailure: !report.succeeded, isProgress: false),
            for: ControlOverlay.toastSeconds)
        control?.bus?.actionRan(page: report.key.page, action: report.key.action)
    }

    /// Shows `toast`; one with a lifetime is dismissed by itself after `seconds`.
    private func showToast(_ toast: ControlOverlay.Toast, for seconds: Double?) {
        if let toastTimer { loop.cancelTimer(toastTimer) }
        toastTimer = nil
        overlay.toast = toast
        if let seconds {
            toastTimer = try? loop.addTimer(after: seconds) { [unowned self] _ in
                toastTimer = nil
                overlay.toast = nil
                refreshOverlay()
            }
        }
        refreshOverlay()
    }

    /// What the page surfaces are drawn from: the shown pages, the error banner's and the
    /// overlay's (every configuration change goes through here, so a toast survives a reload).
    func updateDrawnConfiguration() {
        pipeline.renderer.update(configuration: overlay.adding(to: config.drawn))
    }

    /// Puts the overlay's pages into the renderer and its layers over the Scene.
    func refreshOverlay() {
        updateDrawnConfiguration()
        var layers: [SceneLayer] = []
        dialogButtons = []
        if let navigator {
            let viewport = navigator.viewport
            let theme = config.shown.settings.theme
            let renderer = pipeline.renderer.surfaces.renderer
            if let toast = overlay.toast, case .panel(let panel) = ControlOverlay.toastPage(toast, theme: theme).content {
                let width = ControlOverlay.frame(viewport: viewport, contentHeight: 1, centred: false).width
                let height = renderer.layout(panel: panel, size: Size(width: width, height: viewport.height), theme: theme).contentHeight
                let frame = ControlOverlay.frame(viewport: viewport, contentHeight: height, centred: false)
                layers.append(ControlOverlay.layer(ControlOverlay.toastID, frame: frame, scale: navigator.scale))
            }
            if let dialog = overlay.dialog, case .panel(let panel) = ControlOverlay.dialogPage(dialog.question).content {
                let width = ControlOverlay.frame(viewport: viewport, contentHeight: 1, centred: true).width
                let layout = renderer.layout(panel: panel, size: Size(width: width, height: viewport.height), theme: theme)
                let frame = ControlOverlay.frame(viewport: viewport, contentHeight: layout.contentHeight, centred: true)
                layers.append(ControlOverlay.shade(viewport: viewport, scale: navigator.scale))
                layers.append(ControlOverlay.layer(ControlOverlay.dialogID, frame: frame, scale: navigator.scale))
                if let grid = layout.widgets.first(where: { $0.widgetIndex == 1 }) {
                    dialogButtons = grid.parts.map { $0.offsetBy(dx: frame.minX, dy: frame.minY) }
                }
            }
        }
        pipeline.overlayLayers = layers
        redrawAll()
    }

    /// A tap while the dialog is up: Run starts the action, anything else cancels it.
    func dialogTapped(at point: Point) {
        guard let dialog = overlay.dialog else { return }
        overlay.dialog = nil
        if dialogButtons.count == 2, dialogButtons[1].contains(point) {
            log.info("action \(dialog.page)/\(dialog.command.name): confirmed")
            start(dialog.command, on: dialog.page)
        } else {
            log.info("action \(dialog.page)/\(dialog.command.name): cancelled")
        }
        refreshOverlay()
    }

    // MARK: remote control (D-Bus methods and MQTT commands, through `RemoteControl`)

    func perform(_ command: RemoteCommand) throws(ControlError) {
        switch command {
        case .navigate(let action):
            guard let navigator, config.good != nil else { throw .refusedCommand("the config has errors; no page to navigate") }
            if case .open(let id) = action, config.shown.pages[id] == nil {
                throw .refusedCommand("no page \"\(id)\"")
            }
            idle.activity()
            if idle.isBlanked { idle.wake() }
            navigator.advance(to: MonotonicClock.now)
            // A named page is shown from anywhere (`reveal`), not only where a tap would reach it.
            let done = if case .open(let id) = action { navigator.reveal(id) } else { navigator.perform(action) }
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
        }
    }

    var controlStatus: KioskStatus {
        KioskStatus(
            currentPage: navigator?.activeNode.id.rawValue ?? config.shown.settings.home.rawValue,
            idle: idle.clock.wentHome || idle.isBlanked, blanked: idle.isBlanked)
    }

    /// A PNG of what is on screen (the upright picture, error banner and overlay included).
    private func screenshot(to path: String) throws(ControlError) {
        guard path.hasPrefix("/") else { throw .refusedCommand("screenshot needs an absolute path, not \"\(path)\"") }
        guard let navigator else { throw .refusedCommand("nothing on screen yet") }
        takeControlValues()
        let size = Size(width: navigator.viewport.width * navigator.scale, height: navigator.viewport.height * navigator.scale)
        let scene = pipeline.scene(navigator, outputSize: size, blanked: idle.isBlanked)
        // The render consumes the surfaces' damage: the next frame on screen redraws everything.
        defer { redrawAll() }
        do {
            try pipeline.renderer.render(scene, now: WallClockTime.now()).writePNG(to: path)
        } catch {
            throw .source("screenshot: \(error)")
        }
        log.info("screenshot written to \(path)")
    }
}

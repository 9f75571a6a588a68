import KioskControl
import KioskCore

/// The one way from the panel to the outside: a row's or tile's `run`/`publish` and a
/// control's new value (`ControlWidget.effects(for:)`) both run their program and publish their
/// message here, for an (page, name) `ActionKey`, with the same log lines, toasts and
/// `ActionRan` signal (docs/control.md).
extension KioskRunner {
    /// Carries out `effects` in order for `key`. A program of `key` that still runs holds back
    /// everything (`.busy`): an action's tap is ignored, a control's value waits. `ActionRan`
    /// goes out once the effects are done: now, or when the program ends (`finished`).
    @discardableResult
    func send(_ effects: [CommandAction.Effect], for key: ActionKey, by sender: EffectSender)
        -> SendOutcome
    {
        guard let control else { return .sent }
        var programReports = false
        for effect in effects {
            switch effect {
            case .run(let program):
                switch control.programs.run(program, for: key) {
                case .started:
                    var line = "\(sender.logName) \(key): started \(program.argv[0])"
                    if case .control(let value) = sender {
                        // Its success shows as the control's state, not as a toast.
                        control.controls.started(key)
                        line += " for \(value)"
                    }
                    log.info("\(line)")
                case .alreadyRunning:
                    if case .action = sender {
                        log.info("action \(key): already running; the tap is ignored")
                    }
                    return .busy
                case .couldNotStart: break  // onFinish reported it
                }
                programReports = true
            case .publish(let topic, let payload, let retain):
                publish(topic, payload: payload, retain: retain, for: key, by: sender)
            }
        }
        if !programReports { control.bus?.actionRan(page: key.page, action: key.action) }
        return .sent
    }

    private func publish(
        _ topic: String, payload: String, retain: Bool, for key: ActionKey, by sender: EffectSender
    ) {
        let sent = control?.mqtt?.publish(topic, payload: payload, retain: retain) ?? false
        log.info(
            "\(sender.logName) \(key): publish to \(topic) \(sent ? "sent" : "not sent (not connected)")"
        )
        guard !sent || sender.toastsSuccess else { return }
        let text =
            sent ? "\(key.action): sent" : "\(key.action): not sent, the broker is not connected"
        pipeline.overlays.show(
            ToastOverlay(text: text, isFailure: !sent, isProgress: false),
            for: ToastOverlay.seconds)
    }
}

import KioskControl
import KioskCore

/// A control's new value leaving the panel (`ControlChanges` decides when): its program runs
/// with the value in one argv entry, its message is published with the value in the payload.
/// The program goes first: while the previous run of it has not ended, nothing is sent and the
/// change waits (so a slider dragged over a slow program ends with its last value, once).
extension KioskRunner {
    func sendControl(
        _ widget: ControlWidget, value: String, on page: PageID
    ) -> ControlChanges.SendOutcome {
        guard let control else { return .sent }
        let name = widget.label.isEmpty ? widget.value : widget.label
        if let program = widget.effects.program(for: value) {
            let key = ActionKey(page: page.rawValue, action: name)
            switch control.programs.run(program, for: key) {
            case .started:
                control.controls.started(key)
                log.info("control \(key): started \(program.argv[0]) for \(value)")
            case .alreadyRunning: return .busy
            case .couldNotStart: break  // onFinish reported it
            }
        }
        if let publish = widget.effects.publish, let payload = widget.effects.payload(for: value) {
            let sent =
                control.mqtt?.publish(publish.topic, payload: payload, retain: publish.retain)
                ?? false
            log.info(
                "control \(page)/\(name): publish to \(publish.topic) \(sent ? "sent" : "not sent (not connected)")"
            )
            if !sent {
                pipeline.overlays.show(
                    ToastOverlay(
                        text: "\(name): not sent, the broker is not connected", isFailure: true,
                        isProgress: false),
                    for: ToastOverlay.seconds)
            }
        }
        control.bus?.actionRan(page: page.rawValue, action: name)
        return .sent
    }
}

import KioskCore
import KioskPlatform

/// A touch on a control: a field opens its keypad or keyboard (`EntryOverlay`) and its value
/// changes only when a good one is submitted there; every other control changes at once
/// (`ControlChanges`). A submitted value goes the controls' one way (set, publish, run).
extension KioskRunner {
    func touched(_ input: ControlInput, on page: PageID) {
        guard case .field(let field) = input.control.kind, input.part == .open else {
            control?.controls.change(input, on: page, at: MonotonicClock.now)
            return
        }
        let widget = input.control
        let name = "\(page)/\(widget.value)"
        let log = self.log
        log.info("field \(name): keypad open")
        let entry = EntryOverlay(
            field: field, label: widget.label,
            submitted: { [unowned self] text in
                log.info("field \(name): entered \(field.entry.shown(text))")
                control?.controls.change(
                    ControlInput(control: widget, part: .entered(text)), on: page,
                    at: MonotonicClock.now)
            },
            refused: { reason in
                // A PIN's digits never reach the log.
                let said = field.entry == .pin ? "a wrong PIN" : reason
                log.notice("field \(name): refused: \(said)")
            })
        pipeline.overlays.show(entry)
    }
}

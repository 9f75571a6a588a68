import KioskCore
import KioskPlatform

/// A touch on a control: a field opens its keypad or keyboard (`EntryOverlay`) and its value
/// changes only when a good one is submitted there; every other control changes at once
/// (`ControlChanges`). A submitted value goes the controls' one way (set, publish, run), by the
/// field's name: a reload while the keypad is open sends with the field as reloaded.
extension KioskRunner {
    func touched(_ input: ControlInput, on page: PageID) {
        guard input.part == .open,
            let widget = config.shown.control(input.control, on: page),
            case .field(let field) = widget.kind
        else {
            control?.controls.change(input, on: page, at: MonotonicClock.now)
            return
        }
        let name = "\(page)/\(input.control)"
        let log = self.log
        log.info("field \(name): keypad open")
        let entry = EntryOverlay(
            field: field, label: widget.label,
            submitted: { [unowned self] text in
                log.info("field \(name): entered \(field.entry.shown(text))")
                control?.controls.change(
                    ControlInput(control: input.control, part: .entered(text)), on: page,
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

import KioskCore
import KioskRender
import KioskTestSupport
import Testing

@testable import KioskApp

/// A field's keypad and keyboard over a page: what taps and keys type, what a submit sends or
/// refuses (and says on screen), and how they look at 800x480.
@Suite("Entry overlay", .serialized)
struct EntryOverlayTests {
    static let setpoint = FieldSpec(
        entry: .number, rules: FieldRules(min: 15, max: 30), layout: .en, unit: "°C")

    /// Shows a pad for `field` on `bench`; `sent` collects the accepted values.
    final class Entry {
        var sent: [String] = []
        var refusals: [String] = []
        let overlay: EntryOverlay

        init(_ field: FieldSpec, label: String = "Oven setpoint", on bench: OverlayBench) {
            var sent: (String) -> Void = { _ in }
            var refused: (String) -> Void = { _ in }
            overlay = EntryOverlay(
                field: field, label: label, submitted: { sent($0) }, refused: { refused($0) })
            sent = { [unowned self] in self.sent.append($0) }
            refused = { [unowned self] in self.refusals.append($0) }
            bench.overlays.show(overlay)
        }

        /// Taps the key labelled `label` through the overlay service, as a finger would.
        func tap(_ label: String, on bench: OverlayBench, id: Int32 = 1) throws {
            let key = try #require(overlay.keys.first { $0.key.label == label }, "key \(label)")
            #expect(bench.overlays.touchDown(id, at: key.rect.center))
            bench.overlays.touchUp(id)
        }
    }

    @Test("tapping 2 3 . 5 and OK sends 23.5 once and closes the pad")
    func typesAndSends() throws {
        let bench = try OverlayBench()
        let entry = Entry(Self.setpoint, on: bench)
        for label in ["2", "3", ".", "5"] { try entry.tap(label, on: bench) }
        #expect(entry.overlay.text == "23.5")
        #expect(entry.sent.isEmpty)
        try entry.tap("OK", on: bench)
        #expect(entry.sent == ["23.5"])
        #expect(bench.overlays.overlays.isEmpty)
    }

    @Test("an out-of-range value is refused with the reason on the pad; nothing is sent")
    func refusesOutOfRange() throws {
        let bench = try OverlayBench()
        let entry = Entry(Self.setpoint, on: bench)
        for label in ["3", "5", "OK"] { try entry.tap(label, on: bench) }
        #expect(entry.sent.isEmpty)
        #expect(entry.refusals == ["35 is above the maximum 30"])
        #expect(entry.overlay.problem == "35 is above the maximum 30")
        // The reason is in the pad's panel (what is drawn), under the label.
        let panel = try #require(
            bench.pipeline.renderer.surfaces.overlayPanels[EntryOverlay.surfaceID])
        #expect(
            panel.widgets.first
                == .title(TitleWidget(text: "35", subtitle: "35 is above the maximum 30")))
        // Deleting a digit clears the reason; a good value then goes.
        try entry.tap("⌫", on: bench)
        #expect(entry.overlay.problem == nil)
        try entry.tap("0", on: bench)
        try entry.tap("OK", on: bench)
        #expect(entry.sent == ["30"])
    }

    @Test("a physical keyboard types into the open pad; Enter submits, Escape cancels")
    func physicalKeys() throws {
        let bench = try OverlayBench()
        let entry = Entry(Self.setpoint, on: bench)
        for key: Key in [.other("2"), .other("2"), .backspace, .other("KP_1"), .other("period")] {
            #expect(bench.overlays.keyPressed(key))
        }
        #expect(bench.overlays.keyPressed(.other("5")))
        #expect(bench.overlays.keyPressed(.left))  // kept from the pages, types nothing
        #expect(entry.overlay.text == "21.5")
        #expect(bench.overlays.keyPressed(.enter))
        #expect(entry.sent == ["21.5"])
        #expect(!bench.overlays.keyPressed(.enter))  // closed: keys go to the pages again

        let cancelled = Entry(Self.setpoint, on: bench)
        #expect(bench.overlays.keyPressed(.other("2")))
        #expect(bench.overlays.keyPressed(.escape))
        #expect(cancelled.sent.isEmpty)
        #expect(bench.overlays.overlays.isEmpty)
    }

    @Test("every key is at least 48 px each way and inside the screen, pad and keyboards")
    func keySizes() throws {
        let bench = try OverlayBench()
        let screen = Rect(size: OverlayBench.viewport)
        for layout in KeyboardLayout.letterLayouts {
            let entry = Entry(
                FieldSpec(entry: .text, rules: FieldRules(), layout: layout), on: bench)
            #expect(entry.overlay.keys.count == layout.rows.joined().count)
            for key in entry.overlay.keys {
                #expect(
                    key.rect.width >= 48 && key.rect.height >= 48,
                    "\(layout) \(key.key) \(key.rect)")
                #expect(Self.inside(key.rect, screen), "\(layout) \(key.key) \(key.rect)")
            }
        }
        let pad = Entry(Self.setpoint, on: bench)
        #expect(pad.overlay.keys.count == 15)
        #expect(pad.overlay.keys.allSatisfy { $0.rect.width >= 48 && $0.rect.height >= 48 })
        #expect(pad.overlay.keys.allSatisfy { Self.inside($0.rect, screen) })
    }

    static func inside(_ rect: Rect, _ screen: Rect) -> Bool {
        rect.minX >= screen.minX && rect.minY >= screen.minY && rect.maxX <= screen.maxX
            && rect.maxY <= screen.maxY
    }

    @Test("golden: the numeric pad with a refused value, and the German keyboard, at 800x480")
    func goldens() throws {
        let bench = try OverlayBench()
        let pad = Entry(Self.setpoint, on: bench)
        for label in ["3", "5", "OK"] { try pad.tap(label, on: bench) }
        appGoldens.check(try bench.render(), named: "entry-keypad-refused")
        let keyboard = Entry(
            FieldSpec(entry: .text, rules: FieldRules(), layout: .de), label: "Room", on: bench)
        for key: Key in [.other("B"), .other("2"), .other("0"), .other("4")] {
            _ = bench.overlays.keyPressed(key)
        }
        #expect(keyboard.overlay.text == "B204")
        appGoldens.check(try bench.render(), named: "entry-keyboard-de")
    }

    @Test(
        "golden at 1920x1080: the number pad, the PIN pad and the French keyboard keep their size, centred at the bottom"
    )
    func goldensFullHD() throws {
        let size = Size(width: 1920, height: 1080)
        let screen = Rect(size: size)
        let bench = try OverlayBench(size: size)
        let pad = Entry(Self.setpoint, on: bench)
        for label in ["2", "3", ".", "5"] { try pad.tap(label, on: bench) }
        // A fingertip's keys, on the screen, not stretched over a wide one.
        #expect(pad.overlay.keys.allSatisfy { $0.rect.height >= 48 && $0.rect.width <= 200 })
        #expect(pad.overlay.keys.allSatisfy { Self.inside($0.rect, screen) })
        appGoldens.check(try bench.render(), named: "entry-keypad-1920")
        try pad.tap("Cancel", on: bench)
        let pin = Entry(
            FieldSpec(entry: .pin, rules: FieldRules(maxLength: 8), layout: .numeric),
            label: "Enter the PIN", on: bench)
        for label in ["2", "4", "6"] { try pin.tap(label, on: bench) }
        #expect(pin.overlay.keys.allSatisfy { $0.key.label != "-" && $0.key.label != "." })
        appGoldens.check(try bench.render(), named: "entry-pin-1920")
        try pin.tap("Cancel", on: bench)
        let keyboard = Entry(
            FieldSpec(entry: .text, rules: FieldRules(), layout: .fr), label: "Nom", on: bench)
        for label in ["a", "z", "e"] { try keyboard.tap(label, on: bench) }
        #expect(keyboard.overlay.text == "aze")
        appGoldens.check(try bench.render(), named: "entry-keyboard-fr-1920")
    }
}

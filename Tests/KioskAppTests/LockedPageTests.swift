import KioskCore
import KioskPlatform
import Logging
import Testing

@testable import KioskApp

/// A locked page behind a menu row, opened with scripted taps through the input router: the
/// PIN pad comes first, a wrong PIN keeps the page shut and earns a wait said on the pad, the
/// right one opens it, and it locks again when the panel is idle. PINs are checked by libcrypt.
@Suite("Locked page", .serialized)
struct LockedPageTests {
    /// Home: a stack (no header) showing a menu whose one row opens the locked "settings".
    static func configuration(lock: String) -> KioskConfiguration {
        let menu = PageDefinition(
            id: "menu", title: "Menu",
            content: .panel(
                Panel(widgets: [
                    .list(ListWidget(rows: [ListRow(label: "Settings", action: .open("settings"))]))
                ])))
        let settings = PageDefinition(
            id: "settings", title: "Panel settings",
            content: .panel(Panel(widgets: [.title(TitleWidget(text: "Settings"))])), lock: lock)
        let main = PageDefinition(
            id: "main", title: "Main",
            content: .stack(StackSpec(root: "menu", showsHeader: false)))
        return KioskConfiguration(
            settings: KioskSettings(home: "main"),
            pages: ["main": main, "menu": menu, "settings": settings], directory: "/nonexistent")
    }

    /// The bench, a router feeding it like a seat, and a clock the test moves.
    final class LockBench {
        let bench: OverlayBench
        let router: InputRouter
        let seat: SeatFeed
        let host = RouterHost()
        var now = 10.0
        var touch: Int32 = 0

        init() throws {
            bench = try OverlayBench(
                configuration: LockedPageTests.configuration(lock: try PINHash.make(pin: "4711")))
            (router, seat) = try bench.router(host: host)
            LockedPagePrompt.install(
                on: bench.navigator, overlays: bench.overlays, log: Logger(label: "test"),
                clock: { [unowned self] in now })
        }

        var shownPage: PageID { bench.navigator.activeNode.id }
        var pad: EntryOverlay? { bench.overlays.shown(at: .dialog) as? EntryOverlay }

        func tap(_ point: Point) {
            touch += 1
            seat.onTouch?(.down(id: touch, position: point, time: now))
            seat.onTouch?(.up(id: touch, time: now + 0.05))
            now += 0.1
            bench.navigator.advance(to: now)
            settle()
        }

        /// A bench whose settings row was tapped: the PIN pad is up.
        static func atPad() throws -> LockBench {
            let panel = try LockBench()
            try panel.tapSettingsRow()
            return panel
        }

        /// Lets the navigation's animations end.
        func settle() {
            now += 1
            bench.navigator.advance(to: now)
        }

        /// Taps the menu's row.
        func tapSettingsRow() throws {
            let row = try #require(
                bench.pipeline.renderer.targets(page: "menu", size: OverlayBench.viewport).first)
            tap(row.rect.center)
        }

        /// Taps `digits` and OK on the pad.
        func enter(_ digits: String) throws {
            let pad = try #require(pad, "no PIN pad")
            for label in digits.map(String.init) + ["OK"] {
                let key = try #require(pad.keys.first { $0.key.label == label }, "key \(label)")
                #expect(bench.overlays.touchDown(99, at: key.rect.center))
                bench.overlays.touchUp(99)
            }
        }
    }

    @Test("the row asks for the PIN first; a wrong PIN keeps the page shut, the right one opens it")
    func rightAndWrongPIN() throws {
        let panel = try LockBench.atPad()
        #expect(panel.shownPage == "menu")
        #expect(panel.pad?.label == "Enter the PIN")
        #expect(panel.pad?.field.entry == .pin)

        try panel.enter("1234")
        #expect(panel.shownPage == "menu")
        #expect(panel.pad?.problem == "Wrong PIN. Try again in 1 s")
        #expect(panel.pad?.text == "")

        panel.now += 1
        try panel.enter("4711")
        #expect(panel.pad == nil)
        panel.settle()
        #expect(panel.shownPage == "settings")
    }

    @Test("golden: the PIN pad over the menu after a wrong PIN, at 800x480")
    func golden() throws {
        let panel = try LockBench.atPad()
        try panel.enter("1234")
        appGoldens.check(try panel.bench.render(), named: "locked-page-wrong-pin")
    }

    @Test("wrong PINs back off: during the wait even the right PIN is not taken; the wait doubles")
    func backoff() throws {
        let panel = try LockBench.atPad()
        try panel.enter("0000")
        #expect(panel.pad?.problem == "Wrong PIN. Try again in 1 s")
        // Still within the second: not checked, and no longer wait earned.
        try panel.enter("4711")
        #expect(panel.pad?.problem == "Wait 1 s, then try again")
        #expect(panel.shownPage == "menu")
        panel.now += 1
        try panel.enter("9999")
        #expect(panel.pad?.problem == "Wrong PIN. Try again in 2 s")
        try panel.enter("4711")
        #expect(panel.pad?.problem == "Wait 2 s, then try again")
        // Closing and opening the pad again does not skip the wait.
        #expect(panel.bench.overlays.keyPressed(.escape))
        #expect(panel.pad == nil)
        try panel.tapSettingsRow()  // 1.1 s later
        try panel.enter("4711")
        #expect(panel.pad?.problem == "Wait 1 s, then try again")
        #expect(panel.shownPage == "menu")
        panel.now += 2
        try panel.enter("4711")
        #expect(panel.pad == nil)
        #expect(panel.bench.navigator.locks.backoff.failures == 0)
    }

    @Test("once opened it opens without a PIN until the panel is idle, then asks again")
    func relocksOnIdle() throws {
        let panel = try LockBench.atPad()
        try panel.enter("4711")
        panel.settle()
        #expect(panel.shownPage == "settings")
        panel.bench.navigator.perform(.back)
        panel.settle()
        #expect(panel.shownPage == "menu")

        try panel.tapSettingsRow()
        #expect(panel.pad == nil)
        #expect(panel.shownPage == "settings")
        #expect(!panel.bench.navigator.showsLockedPage)

        // What the runner does at [idle] home_after.
        panel.bench.navigator.relockPages()
        // (A navigation restored on screen like this goes home at start.)
        #expect(panel.bench.navigator.showsLockedPage)
        panel.bench.navigator.perform(.home)
        panel.settle()
        #expect(panel.shownPage == "menu")
        try panel.tapSettingsRow()
        #expect(panel.shownPage == "menu")
        #expect(panel.pad != nil)
    }

    @Test(
        "hash-pin: the PIN from standard input becomes a hash that opens with it; bad PINs are refused"
    )
    func hashPin() throws {
        let hash = try HashPinCommand.run(input: " 4711 ").get()
        #expect(PINHash.matches("4711", hash: hash))
        #expect(!PINHash.matches("4712", hash: hash))
        #expect(HashPinCommand.run(input: nil) == .failure(.noPIN))
        #expect(HashPinCommand.run(input: "12a4") == .failure(.notDigits))
        #expect(HashPinCommand.run(input: "123") == .failure(.length(3)))
        #expect(
            HashPinCommand.run(input: String(repeating: "1", count: 13)) == .failure(.length(13)))
        #expect(
            HashPinError.length(3).description
                == "hash-pin: the PIN has 3 digits; use 4 to 12")
    }
}

import KioskCore
import KioskRender

extension BenchCommand {
    /// What the output's swap chain copies over a short session on a stack (`SwapChainSession`),
    /// for each kind of consumer `run` meets. Counted, not timed, so a debug build on a loaded
    /// machine reports the same numbers as a release build.
    static func swapChainLines(configuration: KioskConfiguration, pages: BenchPages, size: Size)
        throws -> [String]
    {
        let consumers: [(MemoryOutput.Consumer, String)] = [
            (.holdsShown, "consumer holding the shown buffer (weston pixman, DRM)"),
            (.copiesAtOnce, "consumer copying at commit (GL compositor)")
        ]
        return try consumers.map { consumer, name in
            let kiosk = try BenchKiosk(
                configuration: configuration, root: BenchPages.stack(.slide), size: size,
                consumer: consumer)
            let session = SwapChainSession.run(kiosk, open: pages.faces[1])
            let frame = size.width * size.height * 4
            let perFrame =
                session.frames > 0 ? Double(session.bytesRepaired) / Double(session.frames) : 0
            return
                "swap chain, \(name): a push, its settled page, 5 clock ticks and a pop (\(session.frames) frames) repaired \(BenchmarkReport.format(perFrame / 1024, 1)) KiB per frame (\(BenchmarkReport.format(perFrame / frame * 100, 2)) % of a frame) with \(kiosk.output.bufferCount) buffers"
        }
    }
}

/// The scripted session of `BenchCommand.swapChainLines`: every frame drawn with only its damage
/// (as `run` draws), so the swap chain's repairs are what a panel would pay.
enum SwapChainSession {
    static func run(_ kiosk: BenchKiosk, open page: PageID) -> (frames: Int, bytesRepaired: Int) {
        let before = kiosk.output.bytesRepaired
        var frames = 0
        func frame() {
            kiosk.frame(whole: false)
            frames += 1
        }
        frame()
        for action in [Action.open(page), .back] {
            let start = kiosk.navigator.now + 1
            kiosk.navigator.advance(to: start)
            _ = kiosk.navigator.perform(action)
            for step in 1...25 {
                kiosk.navigator.advance(to: start + Double(step) * 0.02)
                frame()
            }
            guard action != .back else { break }
            for _ in 0..<5 {
                kiosk.now = WallClockTime(
                    secondsSinceEpoch: kiosk.now.secondsSinceEpoch + 61, timeZone: "UTC")
                frame()
            }
        }
        return (frames, kiosk.output.bytesRepaired - before)
    }
}

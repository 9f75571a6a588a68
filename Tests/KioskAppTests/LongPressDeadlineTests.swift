import Foundation
import KioskConfig
import KioskCore
import KioskPlatform
import Logging
import Testing

@testable import KioskApp

/// libinput as the router sees it: touches the kernel already holds wait in `unread` until the
/// loop reads the device (`readPending`, or the fd's turn in the loop round).
private final class UnreadTouches: InputBackend {
    var origin: InputOrigin { .direct }
    var onTouch: ((TouchEvent) -> Void)?
    var onKey: ((KeyEvent) -> Void)?
    var unread: [TouchEvent] = []
    func follow(_ mapper: TouchMapper) {}
    func start() {}
    func stop() {}
    func readPending() {
        let events = unread
        unread = []
        for event in events { onTouch?(event) }
    }
}

/// What `swipeReadLate` sets up; `host` is kept here (the router holds its delegate weakly).
private struct SwipeReadLate {
    let loop: EventLoop
    let router: InputRouter
    let navigator: Navigator
    let touches: UnreadTouches
    let host: RouterHost
}

@Suite("Long-press deadline and late-read touches")
struct LongPressDeadlineTests {
    static let demo = URL(fileURLWithPath: #filePath).deletingLastPathComponent()
        .deletingLastPathComponent().deletingLastPathComponent().appendingPathComponent("Config")
        .path

    /// The virtual panel's weston + `source = "libinput"` failure under load: the swipe's down was
    /// read, then the loop ran late; when it came back, the clock was past the long-press deadline
    /// while the swipe's moves were still unread in libinput. Whatever moved the navigator's clock
    /// first (this timer, or a frame whose event came on the compositor's fd) made the contact a
    /// long press, its moves were ignored and the cube never turned.
    @Test("a swipe whose moves are still unread when the long-press deadline passes turns the cube")
    func lateReadSwipeIsNotALongPress() throws {
        let swipe = try Self.swipeReadLate()
        let (loop, router, navigator, touches) = (
            swipe.loop, swipe.router, swipe.navigator, swipe.touches
        )
        // The deadline (down + 0.5 s) is past: the timer is due at once.
        #expect(try loop.runOnce(timeout: 1) >= 1)
        touches.readPending()  // what the timer did not read, the fd's turn reads
        navigator.advance(to: MonotonicClock.now + 5)
        #expect(navigator.activeNode.id == "highlight")
        router.stop()
    }

    @Test("a frame reads the held touches before it moves the clock to now (KioskRunner.draw)")
    func frameReadsTouchesFirst() throws {
        let swipe = try Self.swipeReadLate()
        let (router, navigator) = (swipe.router, swipe.navigator)
        router.readPendingInput()
        navigator.advance(to: MonotonicClock.now)  // FramePipeline.draw
        navigator.advance(to: MonotonicClock.now + 5)
        #expect(navigator.activeNode.id == "highlight")
        router.stop()
    }

    /// The demo's cube under a router reading libinput (with a compositor seat, as under weston):
    /// a right-to-left swipe that happened 0.9 s ago and took 0.3 s, of which only the down has
    /// been read.
    private static func swipeReadLate() throws -> SwipeReadLate {
        let configuration = try #require(ConfigLoader.load(directory: demo).configuration)
        var input = configuration.settings.input
        input.source = .libinput
        let loop = try EventLoop()
        let touches = UnreadTouches()
        let router = InputRouter(
            settings: input, surfaceSize: Size(width: 800, height: 600), loop: loop,
            log: Logger(label: "test"), startDirect: { _, _ in touches })
        let host = RouterHost()
        router.delegate = host
        router.attach(seat: SeatFeed())
        router.start()
        let viewport = router.configured(surfaceSize: Size(width: 800, height: 600))
        let navigator = try Navigator(configuration: configuration, viewport: viewport, scale: 1)
        host.navigator = navigator

        let start = MonotonicClock.now - 1.0
        navigator.advance(to: start)
        #expect(navigator.activeNode.id == "status")
        let down = start + 0.1
        touches.onTouch?(.down(id: 0, position: Point(x: 600, y: 300), time: down))
        touches.onTouch?(.frame(time: down))
        for step in 1...20 {
            let time = down + 0.015 * Double(step)
            touches.unread.append(
                .motion(id: 0, position: Point(x: 600 - 20 * Double(step), y: 300), time: time))
            touches.unread.append(.frame(time: time))
        }
        touches.unread.append(.up(id: 0, time: down + 0.31))
        touches.unread.append(.frame(time: down + 0.31))
        return SwipeReadLate(
            loop: loop, router: router, navigator: navigator, touches: touches, host: host)
    }
}

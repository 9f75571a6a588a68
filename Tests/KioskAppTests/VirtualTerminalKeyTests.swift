import KioskCore
import KioskPlatform
import Logging
import Testing

@testable import KioskApp

/// Ctrl+Alt+Fn through the input router: the output decides (DRM with `[display]
/// vt_switching = true` switches); a key it switched with never reaches the pages, one it did
/// not switch with is an ordinary key.
@Suite("Ctrl+Alt+Fn and the input router")
struct VirtualTerminalKeyTests {
    private func router(_ host: RouterHost) throws -> InputRouter {
        let configuration = LetterPages.configuration(home: "A", [LetterPages.page(0)])
        let router = InputRouter(
            settings: configuration.settings.input, surfaceSize: Size(width: 800, height: 480),
            loop: try EventLoop(), log: Logger(label: "test"), startDirect: { _, _ in nil })
        router.delegate = host
        host.navigator = try Navigator(
            configuration: configuration, viewport: Size(width: 800, height: 480), scale: 1)
        return router
    }

    @Test("a switch key the output switched with goes nowhere else")
    func switchedKeyIsTaken() throws {
        let host = RouterHost()
        host.switchesVT = true
        let router = try router(host)
        router.deliver(KeyEvent(key: Key(keysymName: "XF86Switch_VT_2"), isPressed: true, time: 1))
        #expect(host.vtRequests == [2])
        #expect(host.changes == 0)
    }

    @Test("without vt_switching the switch key is an ordinary key, and other keys never ask")
    func refusedKeyIsOrdinary() throws {
        let host = RouterHost()
        let router = try router(host)
        router.deliver(KeyEvent(key: Key(keysymName: "XF86Switch_VT_3"), isPressed: true, time: 1))
        router.deliver(KeyEvent(key: .right, isPressed: true, time: 2))
        router.deliver(KeyEvent(key: Key(keysymName: "XF86Switch_VT_3"), isPressed: false, time: 3))
        #expect(host.vtRequests == [3])
        #expect(host.changes == 3)
    }
}

import Testing

@testable import KioskCore

/// A scrolling list on a cube face: vertical drags scroll it, horizontal ones turn the cube.
@Suite("Cube around a scrolling list")
struct CubeScrollArbitrationTests {
    @Test("on a cube face a vertical drag scrolls the list and a horizontal drag turns the cube")
    func cubeArbitration() throws {
        let nav = try NavigatorScrollTests.navigator(home: "cube")
        let list = try NavigatorScrollTests.panel(nav)
        let cube = try #require(nav.root as? CubeContainer)
        var t = NavigatorScrollTests.drag(
            nav, from: Point(x: 640, y: 600), to: Point(x: 640, y: 350))
        #expect(list.scroll.offset == 250)
        #expect(cube.position == 0)
        t = NavigatorScrollTests.drag(
            nav, from: Point(x: 900, y: 400), to: Point(x: 300, y: 400), at: t + 0.5, hold: false)
        _ = NavigatorScrollTests.settle(nav, from: t)
        #expect(cube.currentIndex == 1)
        #expect(list.scroll.offset == 250)
    }
}

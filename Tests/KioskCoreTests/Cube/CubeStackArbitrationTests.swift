import Testing

@testable import KioskCore

/// A rightward swipe from a stack's left edge strip on a cube face: the stack's interactive pop
/// wins only when the stack can pop (more than one page), as UIKit's navigation controller's
/// edge pan does inside a page view controller; on a stack at its root the cube turns.
@Suite("Cube around a stack")
struct CubeStackArbitrationTests {
    static let pages = [
        NavFixture.panel("a", opens: ["b"]), NavFixture.panel("b"),
        NavFixture.stack("s", root: "a"), NavFixture.panel("e"), NavFixture.panel("f"),
        NavFixture.cube("cube", ["s", "e", "f"])
    ]

    static func cube(_ nav: Navigator) throws -> CubeContainer {
        try #require(nav.root as? CubeContainer)
    }

    @Test("a swipe from the left edge strip of a stack at its root turns the cube")
    func edgeSwipeAtRootTurnsTheCube() throws {
        let nav = try NavFixture.navigator(home: "cube", Self.pages)
        try NavFixture.play("drag 5,400 405,400 200ms", on: nav)
        #expect(try Self.cube(nav).currentIndex == 2)
        #expect(nav.state.entries["s"] == .stack(["a"]))
    }

    @Test(
        "with a pushed page, the same swipe pops the stack and the cube stays; starting outside the strip it turns the cube and the stack keeps its page"
    )
    func edgeSwipeWithPushedPagePops() throws {
        let nav = try NavFixture.navigator(home: "cube", Self.pages)
        try NavFixture.play("open b", on: nav)
        #expect(nav.state.entries["s"] == .stack(["a", "b"]))
        try NavFixture.play("wait \(nav.now)s; drag 5,400 805,400 300ms", on: nav)
        #expect(try Self.cube(nav).currentIndex == 0)
        #expect(nav.state.entries["s"] == .stack(["a"]))
        // Outside the 24 px strip the cube's sideways drag wins over the stack's edge.
        try NavFixture.play("open b", on: nav)
        try NavFixture.play("wait \(nav.now)s; drag 40,400 440,400 200ms", on: nav)
        #expect(try Self.cube(nav).currentIndex == 2)
        #expect(nav.state.entries["s"] == .stack(["a", "b"]))
    }
}

import Testing

@testable import KioskCore

/// Pans on a cube face holding a drill-down: the cube or the drill-down's back swipe.
@Suite("Cube around a drill-down")
struct CubeDrillDownArbitrationTests {
    @Test(
        "on a cube face, a horizontal pan turns the cube unless it starts at the drill-down's left edge"
    )
    func panOnCubeFace() throws {
        let pages = NavigatorDrillDownTests.pages + [NavFixture.cube("cube", ["dd", "e", "f"])]
        let nav = try NavigatorDrillDownTests.deep(pages, home: "cube")
        let cube = try #require(nav.root as? CubeContainer)
        #expect(nav.state.entries["dd"] == .drillDown(left: ["a", "b"], right: "c"))
        // From the left edge: the drill-down's back swipe, the cube stays.
        try NavFixture.play("wait \(nav.now)s; drag 5,400 405,400 200ms", on: nav)
        #expect(cube.currentIndex == 0)
        #expect(nav.state.entries["dd"] == .drillDown(left: ["a"], right: "b"))
        // The same pan starting 40 px in turns the cube back to face 2 (wrapping).
        try NavFixture.play("wait \(nav.now)s; drag 40,400 440,400 200ms", on: nav)
        #expect(cube.currentIndex == 2)
        #expect(nav.state.entries["dd"] == .drillDown(left: ["a"], right: "b"))
    }

    @Test(
        "a pan starting at the right column's left edge turns the cube (the back swipe belongs to the left column)"
    )
    func panAtRightColumnEdge() throws {
        let pages = NavigatorDrillDownTests.pages + [NavFixture.cube("cube", ["dd", "e", "f"])]
        let nav = try NavigatorDrillDownTests.deep(pages, home: "cube")
        try NavFixture.play("wait \(nav.now)s; drag 425,400 925,400 200ms", on: nav)
        #expect(try #require(nav.root as? CubeContainer).currentIndex == 2)
        #expect(nav.state.entries["dd"] == .drillDown(left: ["a", "b"], right: "c"))
    }
}

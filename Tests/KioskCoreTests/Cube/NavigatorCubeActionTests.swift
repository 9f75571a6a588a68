import Testing

@testable import KioskCore

/// Actions and resizing of a cube driven through the Navigator.
@Suite("Navigator cube actions")
struct NavigatorCubeActionTests {
    @Test("open of a cube face's id turns the cube the short way round to it")
    func openFace() throws {
        let nav = try NavFixture.navigator(
            home: "cube",
            NavigatorActionTests.leaves + [NavFixture.cube("cube", ["a", "b", "c", "d"])])
        #expect(nav.perform(.open("d")))
        nav.advance(to: 0.15)
        let cube = try #require(nav.root as? CubeContainer)
        // 0 → 3 of 4 turns back one face.
        #expect(cube.position > 3 && cube.position < 4)
        nav.advance(to: 1)
        #expect(cube.currentIndex == 3)
        #expect(SceneText.panels(nav.scene()) == ["d"])
    }

    @Test(
        "two quick next actions turn the cube two faces: the second continues from the first one's target"
    )
    func quickNextNext() throws {
        let nav = try NavFixture.navigator(
            home: "cube",
            NavigatorActionTests.leaves + [NavFixture.cube("cube", ["a", "b", "c", "d"])])
        try NavFixture.play("next; next", on: nav)
        #expect(try #require(nav.root as? CubeContainer).currentIndex == 2)
    }

    @Test("resize of a cube re-sizes its turn: half a 640-px width dragged is half a face")
    func resizeCube() throws {
        let nav = try NavFixture.navigator(
            home: "cube",
            NavigatorActionTests.leaves + [NavFixture.cube("cube", ["a", "b", "c", "d"])])
        nav.resize(viewport: Size(width: 640, height: 400), scale: 1)
        try NavFixture.play("drag 600,200 280,200 1s", on: nav, until: 0.5)
        #expect(try #require(nav.root as? CubeContainer).position == 0.25)
        let faces = PrismGeometry(
            faceCount: 4, size: Size(width: 640, height: 400), orientation: .horizontal
        )
        .faces(at: 0.25, wraps: true)
        #expect(
            zip(nav.scene().layers, faces).allSatisfy {
                $0.transform.isClose(to: $1.pose.transform)
            })
    }

    @Test(
        "a resize in the middle of a drag cancels the gesture: the cube settles instead of staying mid-turn"
    )
    func resizeMidDrag() throws {
        let nav = try NavFixture.navigator(
            home: "cube",
            NavigatorActionTests.leaves + [NavFixture.cube("cube", ["a", "b", "c", "d"])])
        try NavFixture.play("drag 900,400 300,400 1s", on: nav, until: 0.5)
        let cube = try #require(nav.root as? CubeContainer)
        #expect(cube.isDragging)
        nav.resize(viewport: Size(width: 800, height: 1280), scale: 1)
        #expect(!cube.isDragging)
        nav.advance(to: 2)
        #expect(!nav.isAnimating)
        #expect(cube.position == 0)
        // The rest of the old finger's events change nothing; a new drag works.
        try NavFixture.resume("drag 900,400 300,400 1s", on: nav, after: 0.5)
        #expect(cube.position == 0)
        try NavFixture.play("wait \(nav.now)s; drag 700,600 100,600 250ms", on: nav)
        #expect(cube.currentIndex == 1)
    }
}

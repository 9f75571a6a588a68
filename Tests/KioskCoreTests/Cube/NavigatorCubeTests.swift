import Testing

@testable import KioskCore

/// A cube turned by drags, keys and actions, through the Navigator.
@Suite("Navigator cube")
struct NavigatorCubeTests {
    static let pages = [
        NavFixture.panel("a"), NavFixture.panel("b"), NavFixture.panel("c"), NavFixture.panel("d"),
        NavFixture.cube("cube", ["a", "b", "c", "d"])
    ]

    static func cube(_ nav: Navigator) throws -> CubeContainer {
        try #require(nav.root as? CubeContainer)
    }

    @Test(
        "a 600-px leftward drag in 250 ms ends on face 1: 0.47 faces plus 0.25 s of 2400 px/s projects past half"
    )
    func dragFlick() throws {
        let nav = try NavFixture.navigator(home: "cube", Self.pages)
        let end = try NavFixture.play("drag 900,400 300,400 250ms", on: nav)
        let cube = try Self.cube(nav)
        #expect(cube.currentIndex == 1)
        #expect(cube.position == 1)
        #expect(!nav.isAnimating)
        // Released at 0.46875 faces, settling linearly at 0.3 s per face: 0.159375 s more.
        #expect(end > 0.25 + 0.159375 && end < 0.25 + 0.159375 + 1.0 / 60 + 1e-9)
        let scene = nav.scene()
        #expect(SceneText.panels(scene) == ["b"])
        #expect(scene.layers[0].transform.isClose(to: .identity))
    }

    @Test("a slow short drag snaps back to face 0")
    func slowDragSnapsBack() throws {
        let nav = try NavFixture.navigator(home: "cube", Self.pages)
        try NavFixture.play("drag 900,400 700,400 1s", on: nav)
        #expect(try Self.cube(nav).currentIndex == 0)
        #expect(SceneText.panels(nav.scene()) == ["a"])
    }

    @Test("mid-drag the scene holds two faces, back to front, with the poses PrismGeometry gives")
    func midDrag() throws {
        let nav = try NavFixture.navigator(home: "cube", Self.pages, scale: 2)
        // At 0.15 s the finger is at x = 540: 360 px of 1280 = 0.28125 faces.
        try NavFixture.play("drag 900,400 300,400 250ms", on: nav, until: 0.15)
        let cube = try Self.cube(nav)
        #expect(cube.isDragging)
        #expect(cube.position == 0.28125)
        #expect(cube.currentIndex == 0)
        let faces = PrismGeometry(faceCount: 4, size: NavFixture.viewport, orientation: .horizontal)
            .faces(at: 0.28125, wraps: true)
        #expect(faces.map(\.index) == [1, 0])
        let scene = nav.scene()
        #expect(scene.isAnimating == false)
        #expect(SceneText.panels(scene) == ["b", "a"])
        for (layer, face) in zip(scene.layers, faces) {
            #expect(layer.transform.isClose(to: face.pose.transform.then(.scale(x: 2, y: 2))))
            #expect(layer.dim == face.pose.dim)
            #expect(layer.opacity == 1)
        }
        // Face 0 turned away by 0.28125 · 90°, face 1 coming in at 0.71875 · 90°.
        #expect(abs(faces[1].angle + 0.28125 * pi / 2) < 1e-12)
        #expect(abs(faces[0].angle - 0.71875 * pi / 2) < 1e-12)
        // GKL shading: dim = |φ| / π.
        #expect(abs(scene.layers[1].dim - 0.140625) < 1e-12)
        // The faces meet on one edge: face 0's right edge is face 1's left edge on the output.
        let a = scene.layers[1].transform
        let b = scene.layers[0].transform
        for y in [0.0, 800.0] {
            let p = try #require(a.project(Point(x: 1280, y: y)))
            let q = try #require(b.project(Point(x: 0, y: y)))
            #expect(p.distance(to: q) < 1e-6)
        }
    }

    @Test("a vertical cube turns with a vertical drag and ignores a horizontal one")
    func verticalCube() throws {
        let pages =
            Self.pages.dropLast() + [NavFixture.cube("cube", ["a", "b", "c", "d"], vertical: true)]
        let nav = try NavFixture.navigator(home: "cube", Array(pages))
        try NavFixture.play("drag 900,400 300,400 250ms", on: nav)
        #expect(try Self.cube(nav).currentIndex == 0)
        try NavFixture.play("drag 640,700 640,100 250ms", on: nav)
        #expect(try Self.cube(nav).currentIndex == 1)
    }

    @Test("keys Right and Left turn the cube one face each, wrapping round from face 0 to face 3")
    func keysTurn() throws {
        let nav = try NavFixture.navigator(home: "cube", Self.pages)
        nav.handle(KeyEvent(key: .right, isPressed: true, time: 0))
        #expect(nav.isAnimating)
        nav.advance(to: 1)
        #expect(try Self.cube(nav).currentIndex == 1)
        nav.handle(KeyEvent(key: .left, isPressed: true, time: 1))
        nav.handle(KeyEvent(key: .left, isPressed: false, time: 1))
        nav.advance(to: 2)
        nav.handle(KeyEvent(key: .left, isPressed: true, time: 2))
        nav.advance(to: 3)
        #expect(try Self.cube(nav).currentIndex == 3)
        #expect(SceneText.panels(nav.scene()) == ["d"])
    }

    @Test(
        "half-way through a key turn the scene shows both faces at the PrismGeometry poses of the cube's position"
    )
    func keyTurnMidway() throws {
        let nav = try NavFixture.navigator(home: "cube", Self.pages)
        nav.handle(KeyEvent(key: .right, isPressed: true, time: 0))
        // 0.3 s per face, ease-in-out: half-way in time is half-way in position.
        nav.advance(to: 0.15)
        let cube = try Self.cube(nav)
        #expect(abs(cube.position - 0.5) < 1e-6)
        let faces = PrismGeometry(faceCount: 4, size: NavFixture.viewport, orientation: .horizontal)
            .faces(at: cube.position, wraps: true)
        let scene = nav.scene()
        #expect(scene.isAnimating)
        #expect(scene.layers.count == 2)
        for (layer, face) in zip(scene.layers, faces) {
            #expect(layer.content == .panel(["a", "b", "c", "d"][face.index]))
            #expect(layer.transform.isClose(to: face.pose.transform))
        }
    }

    @Test(
        "next and previous actions turn the cube; without wrap they stop at the ends and refuse nothing"
    )
    func nextPrevious() throws {
        let nav = try NavFixture.navigator(home: "cube", Self.pages)
        try NavFixture.play("next; wait 1s; next", on: nav)
        #expect(try Self.cube(nav).currentIndex == 2)
        try NavFixture.play("previous", on: nav)
        #expect(try Self.cube(nav).currentIndex == 1)

        let flat = Self.pages.dropLast() + [NavFixture.cube("cube", ["a", "b"], wraps: false)]
        let nav2 = try NavFixture.navigator(home: "cube", Array(flat))
        try NavFixture.play("previous", on: nav2)
        #expect(try Self.cube(nav2).currentIndex == 0)
        try NavFixture.play("next; wait 1s; next", on: nav2)
        #expect(try Self.cube(nav2).currentIndex == 1)
    }

    @Test("next on a page with no cube around it is refused with a reason")
    func nextWithoutCube() throws {
        let nav = try NavFixture.navigator(home: "a", Self.pages)
        #expect(nav.perform(.nextFace) == false)
        #expect(nav.lastRefusal == "next: nothing to do from page \"a\"")
    }

    @Test("a face reloaded with a crossfade shows the old page under the new one fading in")
    func reloadCrossfade() throws {
        let nav = try NavFixture.navigator(home: "cube", Self.pages + [NavFixture.panel("e")])
        let cube = try Self.cube(nav)
        try cube.reloadFace(0, with: PanelNode("e"), animated: true)
        nav.advance(to: cube.crossfadeDuration / 2)
        let mid = nav.scene()
        #expect(SceneText.panels(mid) == ["a", "e"])
        #expect(try #require(SceneText.layer(mid, "a")).opacity == 1)
        #expect(abs(try #require(SceneText.layer(mid, "e")).opacity - 0.5) < 1e-9)
        nav.advance(to: cube.crossfadeDuration + 0.01)
        #expect(SceneText.panels(nav.scene()) == ["e"])
        #expect(!nav.isAnimating)
    }
}

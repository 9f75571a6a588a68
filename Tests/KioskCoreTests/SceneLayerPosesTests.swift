import Testing

@testable import KioskCore

@Suite("Scene layers from transition and prism poses")
struct SceneLayerPosesTests {
    static let size = Size(width: 800, height: 600)
    /// Container-local logical points → output pixels: scale 2, container at (100, 50).
    static let placement = Matrix4.scale(x: 2, y: 2).then(.translation(x: 100, y: 50))

    func frame(_ kind: TransitionKind, _ p: Double) -> TransitionFrame {
        Transition(TransitionSpec(kind: kind, duration: 0.3)).frame(progress: p, size: Self.size, direction: .push)
    }

    @Test("a Fade gives the outgoing page under the incoming one with their opacities and the placement")
    func fade() {
        let layers = frame(.fade, 0.25).sceneLayers(
            incoming: .panel("in"), outgoing: .panel("out"), size: Self.size, placement: Self.placement)
        #expect(layers.map(\.content) == [.panel("out"), .panel("in")])
        #expect(layers.map(\.opacity) == [0.75, 0.25])
        #expect(layers.map(\.dim) == [0, 0])
        #expect(layers.map(\.clip) == [nil, nil])
        #expect(layers.allSatisfy { $0.size == Self.size })
        #expect(layers[1].transform.project(Point(x: 800, y: 600)) == Point(x: 1700, y: 1250))
    }

    @Test("Cross draws each page twice, its half clip mapped to output pixels")
    func crossClips() {
        let f = frame(.cross, 0.5)
        let layers = f.sceneLayers(incoming: .panel("in"), outgoing: .panel("out"), size: Self.size, placement: Self.placement)
        #expect(layers.count == 4)
        #expect(layers.map(\.content) == f.drawOrder.map { $0.role == .incoming ? .panel("in") : .panel("out") })
        let left = Rect(x: 100, y: 50, width: 800, height: 1200), right = Rect(x: 900, y: 50, width: 800, height: 1200)
        #expect(layers.map(\.clip) == [left, left, right, right])
        // An enclosing container's bounds cut every clip; a layer left with nothing is dropped.
        let bounded = f.sceneLayers(
            incoming: .panel("in"), outgoing: .panel("out"), size: Self.size, placement: Self.placement,
            bounds: Rect(x: 0, y: 0, width: 700, height: 400))
        #expect(bounded.map(\.clip) == [Rect(x: 100, y: 50, width: 600, height: 350), Rect(x: 100, y: 50, width: 600, height: 350)])
    }

    @Test("poses that are not visible give no layer, whatever the draw order says")
    func invisible() {
        let hidden = LayerPose(transform: .identity, opacity: 1, isVisible: false)
        let clear = LayerPose(transform: .identity, opacity: 0, isVisible: true)
        let f = TransitionFrame(
            incoming: hidden, outgoing: clear, incomingInFront: true,
            drawOrder: [TransitionDraw(role: .outgoing), TransitionDraw(role: .incoming)])
        #expect(f.sceneLayers(incoming: .panel("in"), outgoing: .panel("out"), size: Self.size, placement: .identity).isEmpty)
        #expect(LayerPose.rest.sceneLayer(content: .panel("p"), size: Self.size, placement: .identity)?.transform == .identity)
    }

    @Test("a half-turned 4-sided prism gives faces 0 and 1, dimmed a quarter, meeting at the centre")
    func prism() throws {
        let faces = PrismGeometry(faceCount: 4, size: Self.size, orientation: .horizontal).faces(at: 0.5, wraps: true)
        let layers = faces.sceneLayers(size: Self.size, placement: Self.placement) { .panel(PageID("face-\($0)")) }
        #expect(layers.map(\.content) == [.panel("face-0"), .panel("face-1")])
        #expect(layers.map(\.dim) == [0.25, 0.25])
        #expect(layers.map(\.opacity) == [1, 1])
        let edge0 = try #require(layers[0].transform.project(Point(x: 800, y: 300)))
        let edge1 = try #require(layers[1].transform.project(Point(x: 0, y: 300)))
        // The shared edge lies on the container's centre line: x = 2 · 400 + 100.
        #expect(abs(edge0.x - 900) < 1e-9)
        #expect(abs(edge1.x - 900) < 1e-9)
        #expect(abs(edge0.y - edge1.y) < 1e-9)
        #expect(faces[1].sceneLayer(content: .panel("x"), size: Self.size, placement: Self.placement) == layers[1].with(content: .panel("x")))
    }

    @Test("a rectangle's bounding box through a placement, and none behind the eye")
    func boundingBox() {
        #expect(Self.placement.boundingBox(of: Rect(x: 10, y: 20, width: 30, height: 40)) == Rect(x: 120, y: 90, width: 60, height: 80))
        var behind = Matrix4.identity
        behind[3, 0] = -1
        #expect(behind.boundingBox(of: Rect(x: 10, y: 0, width: 5, height: 5)) == nil)
        let f = TransitionFrame(
            incoming: .rest, outgoing: .rest, incomingInFront: true,
            drawOrder: [TransitionDraw(role: .incoming, clip: Rect(x: 10, y: 0, width: 5, height: 5))])
        #expect(f.sceneLayers(incoming: .panel("in"), outgoing: .panel("out"), size: Self.size, placement: behind).isEmpty)
    }
}

extension SceneLayer {
    func with(content: LayerContent) -> SceneLayer {
        var copy = self
        copy.content = content
        return copy
    }
}

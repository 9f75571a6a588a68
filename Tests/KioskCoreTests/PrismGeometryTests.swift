import Testing

@testable import KioskCore

@Suite("Prism geometry")
struct PrismGeometryTests {
    static let landscape = Size(width: 1920, height: 1080)

    func prism(
        _ n: Int, _ size: Size = Self.landscape, _ orientation: CubeOrientation = .horizontal
    ) -> PrismGeometry {
        PrismGeometry(faceCount: n, size: size, orientation: orientation)
    }

    @Test("apothems: 0 for 2 faces, W/2 for a cube, (W/2)/tan(π/N) in general")
    func apothems() {
        #expect(prism(1).apothem == 0)
        #expect(prism(2).apothem == 0)
        #expect(PoseCheck.close(prism(3).apothem, 960 / 3.0.squareRoot(), 1e-9))
        #expect(PoseCheck.close(prism(4).apothem, 960, 1e-9))
        #expect(PoseCheck.close(prism(6).apothem, 960 * 3.0.squareRoot(), 1e-9))
        #expect(PoseCheck.close(prism(4, Self.landscape, .vertical).apothem, 540, 1e-9))
        #expect(prism(5).visibilityLimit == 2 * pi / 5 && prism(4).visibilityLimit == pi / 2)
    }

    @Test("at rest only the current face shows, flat and undimmed")
    func rest() {
        let faces = prism(5).faces(at: 2, wraps: true)
        #expect(faces.count == 1)
        #expect(faces.first?.index == 2 && faces.first?.angle == 0 && faces.first?.pose.dim == 0)
        #expect(faces.first?.pose.transform == .identity)
    }

    @Test("a cube halfway: faces at ∓45°, dim ¼, the shared edge on the screen's centre line")
    func cubeHalfway() {
        let faces = prism(4).faces(at: 0.5, wraps: true)
        #expect(faces.map(\.index) == [0, 1])
        #expect(
            PoseCheck.close(faces[0].angle, -pi / 4, 1e-12)
                && PoseCheck.close(faces[1].angle, pi / 4, 1e-12))
        #expect(faces.allSatisfy { PoseCheck.close($0.pose.dim, 0.25, 1e-12) })
        // Face 0 turned left: its right edge is the near one, on the centre line, on the screen plane.
        #expect(PoseCheck.close(PoseCheck.at(faces[0].pose, 1920, 0), 960, 0))
        #expect(PoseCheck.close(PoseCheck.at(faces[0].pose, 1920, 1080), 960, 1080))
        #expect(PoseCheck.close(PoseCheck.at(faces[1].pose, 0, 0), 960, 0))
        #expect(
            PoseCheck.close(PoseCheck.pushBack(prism(4), 0.5), 960 * (2.0.squareRoot() - 1), 1e-9))
    }

    @Test("increasing position turns the current face left and brings the next in from the right")
    func rotationSense() {
        let faces = prism(4).faces(at: 0.25, wraps: true)
        let current = faces.first { $0.index == 0 }
        let next = faces.first { $0.index == 1 }
        #expect(current.map { $0.angle < 0 } == true)
        // Its right edge comes toward the viewer: it lies on the screen plane (w = 1), the left edge behind.
        if let current {
            #expect(PoseCheck.close(PoseCheck.w(current.pose, 1920, 540), 1, 1e-12))
            #expect(PoseCheck.w(current.pose, 0, 540) > 1)
        }
        if let next { #expect((PoseCheck.at(next.pose, 960, 540)?.x ?? 0) > 960) }
    }

    @Test("three faces: the neighbour stays hidden until the turn passes 30°")
    func triangleNeighbour() {
        let p = prism(3)
        for step in 0...25 {
            let s = Double(step) / 100  // r = s·120° ≤ 30°
            #expect(p.faces(at: s, wraps: true).map(\.index) == [0], "s = \(s)")
            #expect(p.faces(at: -s, wraps: true).map(\.index) == [0], "s = \(-s)")
        }
        #expect(abs(p.angle(ofFace: 1, at: 0.26, wraps: true)) < p.visibilityLimit)
        #expect(p.faces(at: 0.5, wraps: true).map(\.index) == [0, 1])
        #expect(p.faces(at: -0.5, wraps: true).map(\.index) == [0, 2])  // equal angles: by index
    }

    @Test("two faces: a card whose back appears only after 90°")
    func card() {
        let p = prism(2)
        #expect(p.faces(at: 0.49, wraps: false).map(\.index) == [0])
        #expect(p.faces(at: 0.5, wraps: false).isEmpty)
        #expect(p.faces(at: 0.51, wraps: false).map(\.index) == [1])
        // The card turns about its centre line: the centre stays in the middle of the screen.
        let face = p.faces(at: 0.25, wraps: false)[0]
        #expect(PoseCheck.close(PoseCheck.at(face.pose, 960, 540), 960, 540))
    }

    @Test("six faces: the dim never exceeds 1/3, and reaches it at the edge of visibility")
    func hexagonDim() {
        var most = 0.0
        for step in 0...600 {
            for face in prism(6).faces(at: Double(step) / 100, wraps: true) {
                #expect(face.pose.dim <= 1.0 / 3 + 1e-12)
                most = max(most, face.pose.dim)
            }
        }
        #expect(most >= 0.33 - 1e-12)  // 59.4° at position 0.01
    }

    @Test("no face comes in front of the screen, none grows past it, the near edge stays on it")
    func facesStayWithinTheScreen() {
        let sizes = [Self.landscape, Size(width: 1080, height: 1920), Size(width: 800, height: 480)]
        for n in [2, 3, 4, 5, 6, 8, 12] {
            for size in sizes {
                for orientation in CubeOrientation.allCases {
                    let p = prism(n, size, orientation)
                    for step in 0...(n * 100) {
                        for face in p.faces(at: Double(step) / 100, wraps: true) {
                            checkFace(face, size: size, orientation: orientation, faceCount: n)
                        }
                    }
                }
            }
        }
    }

    private func checkFace(
        _ face: PrismFace, size: Size, orientation: CubeOrientation, faceCount n: Int
    ) {
        let tolerance = 1e-6
        let horizontal = orientation == .horizontal
        var onScreenEdges = 0
        for a in [0.0, 1.0] {
            // The face's two edges along the axis: (0 or W, 0...H) horizontally, (0...W, 0 or H) vertically.
            let ends =
                horizontal
                ? [Point(x: a * size.width, y: 0), Point(x: a * size.width, y: size.height)]
                : [Point(x: 0, y: a * size.height), Point(x: size.width, y: a * size.height)]
            var inside = true
            for c in ends {
                #expect(
                    PoseCheck.w(face.pose, c.x, c.y) >= 1 - 1e-12,
                    "in front of the screen: N=\(n) \(size)")
                guard let q = PoseCheck.at(face.pose, c.x, c.y) else { return }
                let across = horizontal ? q.y : q.x
                let acrossLimit = horizontal ? size.height : size.width
                #expect(
                    across >= -tolerance && across <= acrossLimit + tolerance,
                    "grew: N=\(n) \(size)")
                let along = horizontal ? q.x : q.y
                let alongLimit = horizontal ? size.width : size.height
                if along < -tolerance || along > alongLimit + tolerance { inside = false }
            }
            if inside { onScreenEdges += 1 }
        }
        // Every face has its near edge on the screen; up to a cube, its far edge too.
        #expect(
            onScreenEdges >= (n <= 4 ? 2 : 1), "N=\(n) \(size) \(orientation) angle \(face.angle)")
    }

    @Test("a vertical prism is the horizontal one with x and y exchanged")
    func verticalMirrorsHorizontal() {
        let wide = Size(width: 1920, height: 1080)
        let tall = Size(width: 1080, height: 1920)
        for n in [3, 4, 6] {
            for s in [0.1, 0.3, 0.5, 0.8] {
                let h = prism(n, wide, .horizontal).faces(at: s, wraps: true)
                let v = prism(n, tall, .vertical).faces(at: s, wraps: true)
                #expect(h.map(\.index) == v.map(\.index) && h.map(\.angle) == v.map(\.angle))
                for (fh, fv) in zip(h, v) {
                    #expect(fh.pose.dim == fv.pose.dim)
                    for c in PoseCheck.corners(wide) {
                        let a = PoseCheck.at(fh.pose, c.x, c.y)
                        let b = PoseCheck.at(fv.pose, c.y, c.x)
                        #expect(PoseCheck.close(a, b?.y ?? .nan, b?.x ?? .nan, 1e-6))
                    }
                }
            }
        }
    }

    @Test("without wrapping, a rubber band past either end turns the end face and nothing else")
    func rubberBand() {
        let p = prism(4)
        let before = p.faces(at: -0.2, wraps: false)
        #expect(before.map(\.index) == [0])
        #expect(PoseCheck.close(before[0].angle, 0.2 * pi / 2, 1e-12))
        #expect(p.faces(at: 3.3, wraps: false).map(\.index) == [3])
        #expect(p.faces(at: -0.2, wraps: true).map(\.index) == [3, 0])
        #expect(
            p.faces(at: 3.5, wraps: true).map(\.index) == [0, 3]
                || p.faces(at: 3.5, wraps: true).map(\.index) == [3, 0])
        #expect(p.faces(at: -7, wraps: false).isEmpty)
    }

    @Test("no faces, one face and degenerate input never trap or produce NaN")
    func degenerate() {
        #expect(prism(0).faces(at: 0.5, wraps: true).isEmpty)
        #expect(prism(-3).faces(at: 0.5, wraps: true).isEmpty)
        #expect(prism(4, .zero).faces(at: 0.5, wraps: true).isEmpty)
        for s in [0.0, 0.1, 0.25, 0.5, 0.9, -0.3, .nan, .infinity, 1e12] {
            for wraps in [true, false] {
                for face in prism(1).faces(at: s, wraps: wraps) {
                    #expect(PoseCheck.isFinite(face.pose.transform) && face.angle.isFinite)
                }
                for face in prism(7).faces(at: s, wraps: wraps) {
                    #expect(PoseCheck.isFinite(face.pose.transform) && face.angle.isFinite)
                }
            }
        }
        #expect(prism(1).faces(at: 0.1, wraps: true).map(\.index) == [0])
        #expect(prism(1).faces(at: 0, wraps: true).first?.pose.transform == .identity)
    }
}

extension PoseCheck {
    static func pushBack(_ p: PrismGeometry, _ s: Double) -> Double {
        p.pushBack(at: s, wraps: true)
    }
}

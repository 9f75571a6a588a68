import Testing

@testable import KioskCore

/// Hand-computed values on a 1920×1080 container: eye d = 1000·1920/768 = 2500 px, so the seed's
/// point constants scale by k = 2.5 and a page at depth z is scaled by d / (d − z) about the
/// centre (960, 540). The seed's 0.001-pt nudge (z = −0.0025) divides offsets by 1 + 1e-6.
@Suite("Transition values")
struct TransitionValueTests {
    static let size = Size(width: 1920, height: 1080)
    static let d = 2500.0
    static let nudge = 1 + 1e-6
    static let root2 = 2.0.squareRoot()

    func frame(
        _ kind: TransitionKind, _ orientation: TransitionOrientation, _ p: Double,
        _ direction: TransitionDirection = .push, zoom: Rect? = nil
    ) -> TransitionFrame {
        Transition(
            TransitionSpec(kind: kind, orientation: orientation, duration: 0.4), zoomSource: zoom
        )
        .frame(progress: p, size: Self.size, direction: direction)
    }

    /// Right to left.
    func frame(
        _ kind: TransitionKind, _ p: Double, _ direction: TransitionDirection = .push,
        zoom: Rect? = nil
    )
        -> TransitionFrame
    {
        frame(kind, .rightToLeft, p, direction, zoom: zoom)
    }

    /// x (or y) of a point `offset` from the centre at depth z, seen with the eye at d.
    func seen(_ center: Double, _ offset: Double, z: Double) -> Double {
        center + offset * Self.d / (Self.d - z)
    }

    @Test("the eye distance scales with the longest side: 2500 px at 1920, 625 px at 320×480")
    func eyeDistance() {
        #expect(Transition.eyeDistance(for: Self.size) == 2500)
        #expect(Transition.eyeDistance(for: Size(width: 320, height: 480)) == 625)
        #expect(Transition.eyeDistance(for: .zero) == 1)
    }

    @Test("Fade: opacities follow time linearly, both pages stay at rest")
    func fade() {
        for p in [0.25, 0.5, 0.75] {
            let f = frame(.fade, p)
            #expect(f.incoming.opacity == p && f.outgoing.opacity == 1 - p)
            #expect(
                f.incoming.transform.isClose(to: Matrix4.identity)
                    && f.outgoing.transform.isClose(to: Matrix4.identity))
            #expect(
                f.drawOrder == [TransitionDraw(role: .outgoing), TransitionDraw(role: .incoming)])
        }
    }

    @Test("Swipe: the incoming page is W·(1 − p) to the right, the outgoing one W·p to the left")
    func swipe() {
        for p in [0.25, 0.5, 0.75] {
            let f = frame(.swipe, p)
            let inX = 960 + (1920 * (1 - p) - 960) / Self.nudge
            let outX = 960 + (-1920 * p - 960) / Self.nudge
            let y = 540 - 540 / Self.nudge
            #expect(PoseCheck.close(PoseCheck.at(f.incoming, 0, 0), inX, y, 1e-9))
            #expect(PoseCheck.close(PoseCheck.at(f.outgoing, 0, 0), outX, y, 1e-9))
        }
        let down = frame(.swipe, .topToBottom, 0.5)
        #expect(
            PoseCheck.close(
                PoseCheck.at(down.incoming, 0, 0), 960 - 960 / Self.nudge,
                540 + (-540 - 540) / Self.nudge, 1e-9))
    }

    @Test(
        "Cube at half time: faces at ±45°, the shared edge on the centre line and pushed back onto the screen plane"
    )
    func cubeMidway() {
        let f = frame(.cube, 0.5)
        // The push-back (960·(√2 − 1) ≈ 398) exceeds the seed's 36-pt dip (× 2.5 = 90) here.
        let back = 960 * (Self.root2 - 1)
        let edgeZ = 960 * (Self.root2 - 1) - back
        #expect(abs(edgeZ) < 1e-9)
        #expect(PoseCheck.close(PoseCheck.at(f.incoming, 0, 0), 960, seen(540, -540, z: edgeZ)))
        #expect(PoseCheck.close(PoseCheck.at(f.outgoing, 1920, 0), 960, seen(540, -540, z: edgeZ)))
        // The far edges: 45° about an axis 960 behind: x = 960·√2 from the centre, z = −960 − back.
        let farZ = -960 - back
        #expect(
            PoseCheck.close(
                PoseCheck.at(f.incoming, 1920, 540), seen(960, 960 * Self.root2, z: farZ), 540))
        #expect(
            PoseCheck.close(
                PoseCheck.at(f.outgoing, 0, 540), seen(960, -960 * Self.root2, z: farZ), 540))
        #expect(f.incoming.isVisible && f.outgoing.isVisible)
    }

    @Test("Cube top-to-bottom: the incoming page comes in as the top face")
    func cubeTopToBottom() {
        let f = frame(.cube, .topToBottom, 0.5)
        #expect(PoseCheck.close(PoseCheck.at(f.incoming, 0, 1080)?.y ?? 0, 540))
        #expect((PoseCheck.at(f.incoming, 960, 540)?.y ?? 999) < 540)
        #expect((PoseCheck.at(f.outgoing, 960, 540)?.y ?? 0) > 540)
    }

    @Test("Carrousel at half time: the shared edge on the centre line, W/2 − W/√2 − W deep")
    func carrouselMidway() {
        let f = frame(.carrousel, 0.5)
        let z = 960 - 960 * Self.root2 - 1920
        #expect(PoseCheck.close(PoseCheck.at(f.incoming, 0, 0), 960, seen(540, -540, z: z)))
        #expect(PoseCheck.close(PoseCheck.at(f.outgoing, 1920, 0), 960, seen(540, -540, z: z)))
        #expect((PoseCheck.at(f.incoming, 960, 540)?.x ?? 0) > 960)
    }

    @Test("Carrousel top-to-bottom moves content down, bottom-to-top up")
    func carrouselVertical() {
        let down = frame(.carrousel, .topToBottom, 0.5)
        #expect((PoseCheck.at(down.incoming, 960, 540)?.y ?? 999) < 540)
        #expect((PoseCheck.at(down.outgoing, 960, 540)?.y ?? 0) > 540)
        let up = frame(.carrousel, .bottomToTop, 0.5)
        #expect((PoseCheck.at(up.incoming, 960, 540)?.y ?? 0) > 540)
        #expect((PoseCheck.at(up.outgoing, 960, 540)?.y ?? 999) < 540)
    }

    @Test("Cross at half time: pages at ±45° about the centre line, each in front on its near half")
    func crossMidway() {
        let f = frame(.cross, 0.5)
        let r = 960 / Self.root2
        #expect(PoseCheck.close(PoseCheck.at(f.incoming, 0, 540), seen(960, -r, z: r), 540))
        #expect(PoseCheck.close(PoseCheck.at(f.outgoing, 1920, 540), seen(960, r, z: r), 540))
        let left = Rect(x: 0, y: 0, width: 960, height: 1080)
        let right = Rect(x: 960, y: 0, width: 960, height: 1080)
        #expect(
            f.drawOrder == [
                TransitionDraw(role: .outgoing, clip: left),
                TransitionDraw(role: .incoming, clip: left),
                TransitionDraw(role: .incoming, clip: right),
                TransitionDraw(role: .outgoing, clip: right)
            ])
    }

    @Test("Flip: edge-on at half time, the incoming page hidden before and the outgoing after")
    func flip() {
        let f = frame(.flip, 0.5)
        for pose in [f.incoming, f.outgoing] {
            let a = PoseCheck.at(pose, 0, 540)?.x ?? 0
            let b = PoseCheck.at(pose, 1920, 540)?.x ?? 999
            #expect(abs(a - b) < 1)
            #expect(abs(a - 960) < 1)
        }
        #expect(!frame(.flip, 0.45).incoming.isVisible && frame(.flip, 0.45).outgoing.isVisible)
        #expect(frame(.flip, 0.55).incoming.isVisible && !frame(.flip, 0.55).outgoing.isVisible)
        #expect(!frame(.flip, .bottomToTop, 0.45).incoming.isVisible)
    }

    @Test("Ghost: the incoming page at scale 1.5 at half time, the outgoing one at 0.505")
    func ghost() {
        let f = frame(.ghost, 0.5)
        #expect(PoseCheck.close(PoseCheck.at(f.incoming, 0, 0), -480, -270))
        #expect(
            PoseCheck.close(PoseCheck.at(f.outgoing, 0, 0), 960 - 0.505 * 960, 540 - 0.505 * 540))
        #expect(f.incoming.opacity == 0.5 && f.outgoing.opacity == 0.5)
    }

    @Test("Slide: at ⅓ both at 70 %, the incoming page still a width away; at ⅔ it is in place")
    func slideKeyframes() {
        let third = frame(.slide, 1.0 / 3)
        #expect(
            PoseCheck.close(
                PoseCheck.at(third.incoming, 0, 0), 960 + 1248 / Self.nudge, 540 - 378 / Self.nudge)
        )
        #expect(
            PoseCheck.close(
                PoseCheck.at(third.outgoing, 0, 0), 960 - 672 / Self.nudge, 540 - 378 / Self.nudge))
        #expect(
            third.incoming.opacity == 0 && !third.incoming.isVisible
                && third.outgoing.opacity == 0.5)
        let twoThirds = frame(.slide, 2.0 / 3)
        #expect(
            PoseCheck.close(
                PoseCheck.at(twoThirds.incoming, 0, 0), 960 - 672 / Self.nudge,
                540 - 378 / Self.nudge))
        #expect(
            PoseCheck.close(
                PoseCheck.at(twoThirds.outgoing, 0, 0), 960 - 2592 / Self.nudge,
                540 - 378 / Self.nudge))
        #expect(
            twoThirds.incoming.opacity == 0.5 && twoThirds.outgoing.opacity == 0
                && !twoThirds.outgoing.isVisible)
    }

    @Test("BackFade: 20 % faded at 42.5 % of the time, both pages at a third of their size mid-way")
    func backFade() {
        let f = frame(.backFade, 0.425)
        #expect(
            PoseCheck.close(f.incoming.opacity, 0.2, 1e-12)
                && PoseCheck.close(f.outgoing.opacity, 0.8, 1e-12))
        // z = −2000·k·0.85 = −4250: w = 1 + 4250/2500 = 2.7.
        #expect(PoseCheck.close(PoseCheck.at(f.incoming, 0, 0), 960 - 960 / 2.7, 540 - 540 / 2.7))
        let mid = frame(.backFade, 0.5)
        #expect(PoseCheck.close(PoseCheck.at(mid.outgoing, 0, 0), 640, 360))
        #expect(PoseCheck.close(mid.incoming.opacity + mid.outgoing.opacity, 1, 1e-12))
    }

    @Test("Glue: the outgoing page hinged 45° on its left edge at half time, fading only after")
    func glue() {
        let f = frame(.glue, 0.5)
        let far = 1920 / Self.root2
        #expect(
            PoseCheck.close(PoseCheck.at(f.outgoing, 1920, 540), seen(960, far - 960, z: -far), 540)
        )
        #expect(PoseCheck.close(PoseCheck.at(f.outgoing, 0, 540), 0, 540))
        #expect(f.outgoing.opacity == 1 && frame(.glue, 0.75).outgoing.opacity == 0.5)
        #expect(
            PoseCheck.close(
                PoseCheck.at(f.incoming, 0, 0), 960 + 480 / Self.nudge, 540 - 540 / Self.nudge))
        // Vertically: 30° on the bottom edge.
        let v = frame(.glue, .topToBottom, 0.5)
        let c30 = cosine(PoseCheck.radians(30))
        #expect(
            PoseCheck.close(
                PoseCheck.at(v.outgoing, 960, 0), 960, seen(540, 1080 - 1080 * c30 - 540, z: -540)))
        // At the end it has fallen back 0.7 W, flat.
        let end = frame(.glue, 1)
        #expect(PoseCheck.close(PoseCheck.at(end.outgoing, 0, 540), seen(960, -960, z: -1344), 540))
        #expect(end.outgoing.opacity == 0)
    }

    @Test("PushRotate: the outgoing page hinged on its left edge turns 90°·p while fading")
    func pushRotate() {
        for (p, degrees) in [(0.25, 22.5), (0.5, 45.0)] {
            let f = frame(.pushRotate, p)
            let a = PoseCheck.radians(degrees)
            let x = 1920 * cosine(a)
            #expect(
                PoseCheck.close(
                    PoseCheck.at(f.outgoing, 1920, 540), seen(960, x - 960, z: -1920 * sine(a)), 540
                ))
            #expect(f.outgoing.opacity == 1 - p)
        }
    }

    @Test("Fold: at half time out at +45° on its left edge, in at −(90° − 0.0005 rad) on its right")
    func fold() {
        let f = frame(.fold, 0.5)
        let far = 1920 / Self.root2
        #expect(
            PoseCheck.close(PoseCheck.at(f.outgoing, 1920, 540), seen(960, far - 960, z: -far), 540)
        )
        let a = -(pi - 0.001) / 2
        let x = 1920 - 1920 * cosine(a)
        #expect(
            PoseCheck.close(
                PoseCheck.at(f.incoming, 0, 540), seen(960, x - 960, z: 1920 * sine(a)), 540))
        #expect(PoseCheck.close(PoseCheck.at(f.incoming, 1920, 540), 1920, 540))
        #expect(f.incoming.isVisible && f.incoming.opacity == 0.5)
        #expect(!frame(.fold, 0.25).incoming.isVisible)
    }

    @Test("Swap: at half time both pages 1000 pt (scaled) back — half size — on opposite sides")
    func swapMidway() {
        let f = frame(.swap, 0.5)
        #expect(PoseCheck.close(PoseCheck.at(f.incoming, 960, 540), 960 + 1152 / 2, 540))
        #expect(PoseCheck.close(PoseCheck.at(f.outgoing, 960, 540), 960 - 1152 / 2, 540))
        #expect(frame(.swap, 0.25).drawOrder.last?.role == .outgoing)
        #expect(frame(.swap, 0.75).drawOrder.last?.role == .incoming)
    }

    @Test("Scale: the outgoing page shrinks to 90 % at half time, fading, just behind")
    func scale() {
        let f = frame(.scale, 0.5)
        let w: Double = 1 + 1e-5  // z = −0.01·k = −0.025
        #expect(PoseCheck.close(PoseCheck.at(f.outgoing, 0, 0), 960 - 864 / w, 540 - 486 / w))
        #expect(f.outgoing.opacity == 0.5)
        #expect(f.drawOrder.last?.role == .incoming)
    }

    @Test("SwipeFade: the outgoing page stays and fades; the incoming one slides over it")
    func swipeFade() {
        let f = frame(.swipeFade, 0.25)
        #expect(f.outgoing.opacity == 0.75 && PoseCheck.isAtRest(f.outgoing, size: Self.size))
        #expect(
            PoseCheck.close(
                PoseCheck.at(f.incoming, 0, 0), 960 + 480 / Self.nudge, 540 - 540 / Self.nudge))
        #expect(f.drawOrder.last?.role == .incoming)
    }

    @Test("Zoom: the incoming page grows out of the source rectangle")
    func zoom() {
        let source = Rect(x: 100, y: 200, width: 480, height: 270)
        let start = frame(.zoom, 0, zoom: source)
        #expect(PoseCheck.close(PoseCheck.at(start.incoming, 0, 0), 100, 200))
        #expect(PoseCheck.close(PoseCheck.at(start.incoming, 1920, 1080), 580, 470))
        #expect(start.drawOrder.last?.role == .incoming)
        #expect(
            PoseCheck.close(PoseCheck.at(frame(.zoom, 0.5, zoom: source).incoming, 0, 0), 50, 100))
        // Default: a centred rectangle a quarter of the width and height.
        #expect(PoseCheck.close(PoseCheck.at(frame(.zoom, 0).incoming, 0, 0), 720, 405))
    }
}

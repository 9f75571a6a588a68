import Testing

@testable import KioskCore

/// How far the picture moves between two consecutive frames: every layer of the later Scene is
/// matched with the layer of the same content in the earlier one that is nearest to it, and the
/// farthest any corner of it travelled on screen (output pixels; corners are held to the layer's
/// clip and the output, so a page moving about off screen, or past a face's edge under the
/// cube's perspective, does not count) and the largest change of opacity count. A layer with no
/// counterpart (a page coming in, a header part appearing) is not a move, and flat colours
/// (column backgrounds, dividers: many layers share one colour) move with the pages they back.
struct FrameStep: CustomStringConvertible {
    var distance = 0.0
    var opacity = 0.0
    var what = ""

    init(from earlier: Scene, to later: Scene) {
        func movable(_ layer: SceneLayer) -> Bool {
            if case .solid = layer.content { return false }
            return layer.opacity > 0.01
        }
        let old = earlier.layers.filter(movable)
        let new = later.layers.filter(movable)
        // One to one, nearest pairs first: a page drawn twice (on a cube face and on a stack)
        // whose second copy comes into view is a layer appearing, not the first copy jumping.
        var pairs: [(distance: Double, fade: Double, old: Int, new: Int)] = []
        for (j, layer) in new.enumerated() {
            for (i, before) in old.enumerated() where before.content == layer.content {
                pairs.append(
                    (
                        Self.cornerDistance(before, layer, output: later.outputSize),
                        abs(before.opacity - layer.opacity), i, j
                    ))
            }
        }
        var usedOld = Set<Int>()
        var usedNew = Set<Int>()
        for pair in pairs.sorted(by: { $0.distance + $0.fade * 1000 < $1.distance + $1.fade * 1000 }
        )
        where !usedOld.contains(pair.old) && !usedNew.contains(pair.new) {
            usedOld.insert(pair.old)
            usedNew.insert(pair.new)
            if pair.distance > distance {
                distance = pair.distance
                what = "\(new[pair.new].content) moved \(Int(pair.distance)) px"
            }
            opacity = max(opacity, pair.fade)
        }
    }

    /// How far the layer moved on screen, in output pixels. A flat layer (no perspective): the
    /// farthest any of its corners travelled, each held to the layer's clip and the output, so a
    /// page moving about off screen does not count. A layer in perspective (on a turning cube
    /// face, in a 3-D transition) is not measured: near edge-on, or off the side of a turning
    /// face (a page pushed there slides in unclipped), an ordinary motion sweeps a projected
    /// point across the screen within one frame (measured: 370 px). Its opacity still counts,
    /// and the same requests on flat containers are measured whenever the cube is at rest.
    static func cornerDistance(_ a: SceneLayer, _ b: SceneLayer, output: Size) -> Double {
        let w = a.size.width
        let h = a.size.height
        let screen = Rect(size: output)
        func inPerspective(_ m: Matrix4) -> Bool { m[3, 0] != 0 || m[3, 1] != 0 }
        if inPerspective(a.transform) || inPerspective(b.transform) { return 0 }
        func onScreen(_ p: Point, _ layer: SceneLayer) -> Point {
            let r = layer.clip ?? screen
            return Point(x: min(max(p.x, r.minX), r.maxX), y: min(max(p.y, r.minY), r.maxY))
        }
        var far = 0.0
        for corner in [Point(x: 0, y: 0), Point(x: w, y: 0), Point(x: 0, y: h), Point(x: w, y: h)] {
            guard let pa = a.transform.project(corner), let pb = b.transform.project(corner) else {
                continue
            }
            let p = onScreen(pa, a)
            let q = onScreen(pb, b)
            far = max(far, ((p.x - q.x) * (p.x - q.x) + (p.y - q.y) * (p.y - q.y)).squareRoot())
        }
        return far
    }

    var description: String { "\(what), opacity changed by \(opacity)" }
}

@Suite("Motion continuity")
struct MotionContinuityTests {
    /// A cube whose faces are a stack (with its header), tabs and a drill-down, every page
    /// opening others, so any request reaches any container.
    static let pages: [PageDefinition] = [
        NavFixture.panel("a", opens: ["b", "c"]), NavFixture.panel("b", opens: ["c", "d"]),
        NavFixture.panel("c", opens: ["d"]), NavFixture.panel("d"),
        NavFixture.panel("e"), NavFixture.panel("f"), NavFixture.panel("g"),
        NavFixture.panel("h", opens: ["i", "j"]), NavFixture.panel("i", opens: ["j", "k"]),
        NavFixture.panel("j", opens: ["k"]), NavFixture.panel("k"),
        NavFixture.stack("s", root: "a", TransitionSpec(kind: .swipe, duration: 0.4), header: true),
        NavFixture.tabs("t", ["e", "f", "g"]),
        NavFixture.drill("dd", root: "h"),
        NavFixture.cube("home", ["s", "t", "dd"])
    ]

    static let frame = 1.0 / 60
    /// The most any layer's corner may travel in one 1/60-s frame: a fifth of the 1280-px width.
    /// Requests made only at rest move nothing more than 114 px a frame (measured: a 0.4-s
    /// swipe easing through its middle); a drill-down column handed over mid-way may have
    /// farther to go in its 0.33 s (measured: 160 px); jumping a transition to its end moves a
    /// page by most of the width.
    static let maxStep = 256.0
    /// The most any layer's opacity may change in one frame: the fastest fade here is a
    /// header's words over half of a 0.25-s tab switch (0.13 a frame).
    static let maxFade = 0.25

    static let requests: [Action] =
        ["a", "b", "c", "d", "e", "f", "g", "h", "i", "j", "k"].map { Action.open(PageID($0)) }
        + [.back, .back, .home, .nextFace, .previousFace]

    @Test(
        "any request at any moment continues from the picture on screen: 80 random sequences of 12 requests never move a layer more than a fifth of the width, or fade it by more than a quarter, between two frames"
    )
    func randomRequestsNeverJump() throws {
        var worst = (step: 0.0, fade: 0.0)
        for seed in 0..<80 {
            var rng = SplitMix64(seed: UInt64(seed))
            let nav = try NavFixture.navigator(home: "home", Self.pages)
            var previous = nav.scene()
            var log: [String] = []
            for _ in 0..<12 {
                let action = Self.requests[Int(rng.next() % UInt64(Self.requests.count))]
                log.append("\(action) at \(nav.now)")
                // Requests as the remote control makes them: `open` from wherever the panel is.
                if case .open(let id) = action { nav.reveal(id) } else { nav.perform(action) }
                var frames = Int(rng.next() % 20)
                // The request's own frame (same instant), then the frames until the next one.
                repeat {
                    let scene = nav.scene()
                    let step = FrameStep(from: previous, to: scene)
                    worst = (max(worst.step, step.distance), max(worst.fade, step.opacity))
                    #expect(
                        step.distance <= Self.maxStep && step.opacity <= Self.maxFade,
                        "seed \(seed) at \(nav.now): \(step) after \(log)")
                    if step.distance > Self.maxStep || step.opacity > Self.maxFade { return }
                    previous = scene
                    nav.advance(to: nav.now + Self.frame)
                    frames -= 1
                } while frames >= 0
            }
        }
        print("largest step \(worst.step) px, largest fade \(worst.fade) per frame")
    }
}

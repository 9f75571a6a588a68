/// Pages on the sides of a prism turned by the finger (CubeController §1, GKLCubeViewController §2).
///
/// `position` is continuous, in faces: 2.25 means a quarter of the way from face 2 to face 3.
/// Faces are drawn at angle (index − position) · 2π / `sides`.
///
/// Deliberate differences from the seeds:
/// - Scrolling with wrap takes the shortest way round (0 → 5 of 6 turns back one face); ties go
///   forward. CubeController turns through every face in between (§1.5). Without wrap an
///   out-of-range index is clamped, without the 0.1-face "bump".
/// - The current index flips when the position passes half-way in either direction, also across
///   the wrap seam (CubeController flips late going forward over the seam, §1.2); exactly half-way
///   keeps the previous index.
/// - Faces load by index, not by position, so crossing the seam does not reload them (§1.4):
///   loaded = the visible faces plus the current face's neighbours.
/// - Visibility follows GKL (§2.2, 2.5): a face shows while |offset| < min(sides/4, 1), and gets
///   willAppear/didAppear when it starts to show and willDisappear/didDisappear when it stops,
///   back-to-back. When one face starts and another stops showing in the same step the four
///   events interleave as a switch does (CLF §3.2: will-appear, will-disappear, did-appear,
///   did-disappear).
/// - Settling after a drag is linear at `durationPerFace` (0.3 s) per face of remaining travel
///   (GKL); CubeController's scroll-view paging deceleration is not modelled. Animated scrolls
///   ease in and out at the same rate per face.
/// - Wrapping needs 2 or more faces; with 0 or 1 the cube never wraps (no division by zero, no
///   spinning a single face). The prism's `sides` do not depend on wrapping: the face count
///   (2 = a card flip), or `prismSides` when set (4 with more faces = CubeController's cube
///   slid along the faces; with wrap it slides on round past the last face to the first).
/// - Past the ends without wrap the cube rubber-bands: an overshoot e faces shows as
///   0.25 · e / (e + 0.5), so the front face never leaves. A drag turns at most one full turn.
/// - A drag or scroll that interrupts a settle still reports the settle's end event, so begin/end
///   delegate pairs balance; the new motion starts from where the cube is.
/// - `reloadAll` clamps the index to the new face count and lays out at once (issue #7).
public final class CubeContainer: ContainerNode {
    public internal(set) var faces: [NavigationNode]
    /// Wrap from the last face to the first (only with 2 or more faces).
    public var wraps: Bool {
        didSet { resettle() }
    }
    /// Which way the cube turns; the Scene builder reads it, drags are along this axis.
    public var orientation: CubeOrientation = .horizontal
    /// Container extent along the turning axis in pixels: one extent of drag = one face.
    public var width: Double = 1000
    /// Seconds per face when settling or scrolling (GKL: 0.3 s per side).
    public var durationPerFace = 0.3
    /// Sides of the prism (nil: the face count); see `sides`.
    public var prismSides: Int?
    /// How strong the perspective is: the eye is `extent / perspective` from the screen
    /// (1 = the default, the largest eye distance that keeps a turning face on screen).
    public var perspective = 1.0
    /// The face the cube starts on and `home` turns to.
    public internal(set) var startIndex = 0
    /// Curve of programmatic animated scrolls.
    public var scrollCurve: TimingCurve = .easeInOut
    /// Curve of the settle after a drag (GKL: linear).
    public var settleCurve: TimingCurve = .linear
    /// Cross-fade length of `reloadFace` (Core Animation's default fade, 0.25 s).
    public var crossfadeDuration = 0.25
    /// The seven delegate callbacks.
    public var eventHandler: ((CubeEvent) -> Void)?

    var raw = 0.0
    public internal(set) var currentIndex = 0
    enum Motion {
        case idle
        case dragging(anchor: Double, start: Double)
        case settling(Tween, fromDrag: Bool)
    }
    var motion = Motion.idle
    var fade: (face: Int, old: NavigationNode, tween: Tween)?

    public init(id: PageID, faces: [NavigationNode], wraps: Bool = true, index: Int = 0) {
        self.faces = faces
        self.wraps = wraps
        super.init(id: id)
        for face in faces { adopt(face) }
        if faces.indices.contains(index) {
            raw = Double(index)
            startIndex = index
        }
        currentIndex = computeIndex()
    }

    // MARK: State

    public var count: Int { faces.count }
    /// True when the cube actually wraps (`wraps` and at least two faces).
    public var isWrapping: Bool { wraps && faces.count >= 2 }
    /// Sides of the prism the Scene draws: `prismSides` (wrapping or not: `sides = 4` with six
    /// faces is CubeController's cube slid along them), else the face count (2 faces = a card
    /// flip), and 4 (a cube) for a single face, so its rubber band tilts it as a cube face rather
    /// than spinning a card.
    public var sides: Int {
        if let prismSides, prismSides >= 2, faces.count >= 2 { return prismSides }
        if isWrapping { return faces.count }
        return faces.count >= 2 ? faces.count : 4
    }
    /// Continuous position in faces; in [0, count) when wrapping.
    public var position: Double { isWrapping ? wrap(raw) : raw }
    public var currentFace: NavigationNode? {
        faces.indices.contains(currentIndex) ? faces[currentIndex] : nil
    }
    public var isDragging: Bool { if case .dragging = motion { true } else { false } }
    /// True while settling after a drag or running an animated scroll.
    public var isSettling: Bool { if case .settling = motion { true } else { false } }
    override public var hasOwnAnimation: Bool { isSettling || fade != nil }

    /// Offset of face `index` from the front, in faces (wrapped into [−n/2, n/2) when wrapping).
    public func offset(ofFace index: Int) -> Double {
        var d = Double(index) - raw
        if isWrapping {
            let n = Double(faces.count)
            d -= n * ((d + n / 2) / n).rounded(.down)
        }
        return d
    }

    /// The faces on screen, front first.
    public var visibleFaces: [CubeFace] {
        let limit = min(Double(sides) / 4, 1)
        return faces.indices.compactMap { i -> CubeFace? in
            let d = offset(ofFace: i)
            return abs(d) < limit ? CubeFace(index: i, page: faces[i].id, offset: d) : nil
        }.sorted { abs($0.offset) < abs($1.offset) }
    }

    /// Indexes of the faces kept loaded: visible ones and the current face's neighbours.
    public var loadedFaceIndexes: [Int] {
        guard !faces.isEmpty else { return [] }
        var set = Set(visibleFaces.map(\.index))
        set.insert(currentIndex)
        for step in [-1, 1] {
            let k = currentIndex + step
            if isWrapping {
                set.insert((k + faces.count) % faces.count)
            } else if faces.indices.contains(k) {
                set.insert(k)
            }
        }
        return set.sorted()
    }

    /// The running `reloadFace` cross-fade, nil at rest.
    public var crossfade: CubeCrossfade? {
        guard let f = fade, faces.indices.contains(f.face) else { return nil }
        return CubeCrossfade(
            face: f.face, outgoing: f.old.id, incoming: faces[f.face].id,
            progress: f.tween.value(at: now))
    }

    override func placements() -> [(node: NavigationNode, role: ChildRole)] {
        var result: [(node: NavigationNode, role: ChildRole)] = []
        for face in visibleFaces {
            let node = faces[face.index]
            if let f = fade, f.face == face.index {
                result.append((node, .incoming))
                result.append((f.old, .outgoing))
            } else {
                result.append((node, .visible))
            }
        }
        let loaded = Set(loadedFaceIndexes)
        for (i, node) in faces.enumerated() where !result.contains(where: { $0.node === node }) {
            result.append((node, loaded.contains(i) ? .hidden : .unloaded))
        }
        if let f = fade, !result.contains(where: { $0.node === f.old }) {
            result.append((f.old, .outgoing))
        }
        return result
    }

    override func advanceOwnAnimations() { advanceMotion() }

    override func finishAnimationsSilently() { finishMotionSilently() }

    // MARK: Helpers

    /// Tells `eventHandler` and the Navigator's event sink.
    func send(_ event: CubeEvent) {
        eventHandler?(event)
        report(.cube(id, event))
    }

    func wrap(_ value: Double) -> Double {
        let n = Double(faces.count)
        guard n > 0 else { return 0 }
        let r = value.truncatingRemainder(dividingBy: n)
        let m = r < 0 ? r + n : r
        return m >= n ? 0 : m
    }

    func computeIndex() -> Int {
        guard !faces.isEmpty else { return 0 }
        let floor = raw.rounded(.down)
        let fraction = raw - floor
        // Exactly half-way keeps the index, so the flip is symmetric in both directions.
        if fraction == 0.5 && faces.indices.contains(currentIndex) { return currentIndex }
        return face(at: fraction < 0.5 ? floor : floor + 1)
    }

    /// The face at the whole position `value` (faces not empty): round the prism when it wraps,
    /// else the end face past either end (a rubber band).
    func face(at value: Double) -> Int {
        if isWrapping { return Int(wrap(value)) }
        return Int(min(max(value, 0), Double(faces.count - 1)))
    }

    /// Moves the cube to `value`: lifecycle events (visibility), then didScroll and, if the index
    /// changed, currentIndexDidChange (CubeController loads faces before telling the delegate).
    func setRaw(_ value: Double, animated: Bool, reconcile: Bool = true) {
        guard value.isFinite, value != raw else { return }
        raw = min(max(value, -1e6), 1e6)
        let old = currentIndex
        currentIndex = computeIndex()
        if let f = fade, !visibleFaces.contains(where: { $0.index == f.face }) {
            fade = nil
            release(f.old)
        }
        if reconcile { reconcileChildren(animated: animated) }
        send(.didScroll)
        if currentIndex != old { send(.currentIndexDidChange(currentIndex)) }
    }

    /// At rest: position back into [0, n) and onto an exact face.
    func normalize() {
        if isWrapping { raw = wrap(raw) }
        let nearest = raw.rounded()
        if abs(raw - nearest) < 1e-9 { raw = nearest }
    }

    func resettle() {
        interruptMotion()
        if faces.isEmpty {
            raw = 0
        } else if isWrapping {
            raw = wrap(raw.rounded())
        } else {
            raw = min(max(raw.rounded(), 0), Double(faces.count - 1))
        }
        let old = currentIndex
        currentIndex = computeIndex()
        reconcileChildren(animated: false)
        if old != currentIndex {
            send(.didScroll)
            send(.currentIndexDidChange(currentIndex))
        }
    }
}

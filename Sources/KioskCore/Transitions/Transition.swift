/// One of ADTransitionController's 16 transitions, as a pure function of time and of the
/// container's current size (seed-behaviour.md §5).
///
/// Deliberate differences from the seed:
/// - Sizes are read at every frame, never captured at construction (AD issue #16: rotating
///   between a push and its pop left the pop with stale sizes).
/// - The eye distance grows with the container (`eyeDistance(for:)`), and the seed's fixed z
///   distances in points (Swap's and BackFade's 2 000, Cube's 36, the 0.001 draw-order nudges)
///   grow with it, so every frame looks the same at any size; the seed's fixed 1 000 pt eye made
///   1920-px panels look flat and could bring Carrousel's walls close to the eye.
/// - The rigs of Carrousel, Cube and Cross turn by an exactly interpolated angle, so the faces
///   stay on the true box; Core Animation interpolated the container matrix by decomposition,
///   which only approximates the arc.
/// - Rotations the seed wrote as 180° ± 0.001 rad (Flip, Fold) are interpolated as the
///   equivalent angle in (-180°, 180°), which is the short path CA takes and the one the epsilon
///   was there to select.
/// - Carrousel top-to-bottom moves content downward like every other top-to-bottom transition;
///   the seed's vertical Carrousel rigs moved content the opposite way of their names, so the two
///   vertical rigs are exchanged.
/// - Zoom without a source rectangle grows from a centred rectangle a quarter of the container's
///   width and height.
public struct Transition: Hashable, Sendable {
    public var kind: TransitionKind
    public var orientation: TransitionOrientation
    /// Seconds; 0 (also for negative or non-finite configured values) means an instant switch.
    public var duration: Double
    /// Zoom only: the rectangle (container-local pixels, at the current size) the incoming page
    /// grows out of, e.g. the tapped row; nil = a centred rectangle a quarter of the container's
    /// width and height. Update it if the container is resized during the transition.
    public var zoomSource: Rect?

    public init(_ spec: TransitionSpec, zoomSource: Rect? = nil) {
        kind = spec.kind
        orientation = spec.orientation
        duration = spec.duration.isFinite && spec.duration > 0 ? spec.duration : 0
        self.zoomSource = zoomSource
    }

    /// The eye distance the seed used (`m34 = -1/1000`), in points.
    public static let seedEyeDistance = 1000.0

    /// The eye distance for a container: 1 000 · max(W, H) / 768, i.e. the seed's 1 000 pt eye
    /// as it looked on a 768-pt iPad, scaled with the container (1920 px → 2 500 px). Every
    /// transition keeps its geometry within max(W, H) of the screen plane, so no point comes
    /// closer than 23 % of this distance to the eye. Never below 1 (empty containers).
    public static func eyeDistance(for size: Size) -> Double {
        let longest = max(TransitionSpace.sane(size.width), TransitionSpace.sane(size.height))
        return max(1, seedEyeDistance * longest / 768)
    }

    /// Linear progress for `elapsed` seconds (clamped into 0...1; a zero duration is done at once).
    public func progress(elapsed: Double) -> Double {
        guard duration > 0 else { return 1 }
        guard elapsed.isFinite else { return elapsed > 0 ? 1 : 0 }
        return min(max(elapsed / duration, 0), 1)
    }

    /// Both pages at `progress` 0...1 (clamped) of *time*; timing curves are applied inside.
    /// A pop is the push played backwards (seed §5.4): pop at p places the returning page where
    /// the push placed its outgoing page at 1 - p, and the leaving page where the push placed
    /// its incoming one, in the push's draw order (so a fade or ghost pop is the same picture
    /// as the push at 1 - p, and a push turned around mid-way does not jump).
    public func frame(progress: Double, size: Size, direction: TransitionDirection)
        -> TransitionFrame
    {
        let p = progress.isNaN ? 0 : min(max(progress, 0), 1)
        let space = TransitionSpace(size: size)
        let push = placements(at: direction == .push ? p : 1 - p, in: space)
        let frame = TransitionFrame(
            incoming: push.incoming, outgoing: push.outgoing, kind: kind, space: space)
        return direction == .push ? frame : frame.exchangingRoles()
    }
}

extension Transition {
    /// The pages of a push at time `t`.
    func placements(at t: Double, in space: TransitionSpace) -> (
        incoming: Placement, outgoing: Placement
    ) {
        switch kind {
        case .carrousel: carrousel(t, space)
        case .cube: cube(t, space)
        case .cross: cross(t, space)
        case .flip: flip(t, space)
        case .swap: swap(t, space)
        case .fade: fade(t)
        case .backFade: backFade(t, space)
        case .ghost: ghost(t, space)
        case .zoom: zoom(t, space)
        case .swipe: swipe(t, space, outgoingFades: false)
        case .swipeFade: swipe(t, space, outgoingFades: true)
        case .scale: scale(t, space)
        case .glue: glue(t, space)
        case .pushRotate: pushRotate(t, space)
        case .fold: fold(t, space)
        case .slide: slide(t, space)
        case .modernPush: modernPush(t, space)
        }
    }
}

/// A page's placement in the container's 3-D space before perspective.
struct Placement {
    var model: Matrix4
    var opacity: Double

    init(_ model: Matrix4 = .identity, opacity: Double = 1) {
        self.model = model
        self.opacity = min(max(opacity, 0), 1)
    }
}

extension TransitionFrame {
    init(incoming: Placement, outgoing: Placement, kind: TransitionKind, space: TransitionSpace) {
        let inPose = LayerPose.seen(
            model: incoming.model, perspective: space.perspective, size: space.size,
            opacity: incoming.opacity)
        let outPose = LayerPose.seen(
            model: outgoing.model, perspective: space.perspective, size: space.size,
            opacity: outgoing.opacity)
        let depth = DepthOrder(incoming: incoming.model, outgoing: outgoing.model, space: space)
        if kind == .cross && inPose.isVisible && outPose.isVisible {
            // The two pages cross on the vertical centre line: on each half the page whose edge
            // there is nearer to the viewer is in front.
            let left = Rect(x: 0, y: 0, width: space.width / 2, height: space.height)
            let right = Rect(x: space.width / 2, y: 0, width: space.width / 2, height: space.height)
            let leftFront = depth.nearerAtEdge(x: 0)
            let rightFront = depth.nearerAtEdge(x: space.width)
            let draws = [
                TransitionDraw(role: leftFront.other, clip: left),
                TransitionDraw(role: leftFront, clip: left),
                TransitionDraw(role: rightFront.other, clip: right),
                TransitionDraw(role: rightFront, clip: right)
            ]
            self.init(
                incoming: inPose, outgoing: outPose, incomingInFront: leftFront == .incoming,
                drawOrder: draws)
        } else {
            self.init(incoming: inPose, outgoing: outPose, incomingInFront: depth.incomingInFront)
        }
    }
}

extension TransitionRole {
    var other: TransitionRole { self == .incoming ? .outgoing : .incoming }
}

/// The vertical scroll position of one panel whose content is taller than its frame: dragged
/// with the finger, rubber-banded past the ends, and on release either sprung back inside its
/// bounds or coasted to a stop. Pure and deterministic: time comes only from `advance(to:)` and
/// the times handed to `endDrag`.
///
/// `offset` is how far the content is moved up (0 = its top at the frame's top; `limit` = its
/// bottom at the frame's bottom). Beyond the ends a drag moves the content less and less, like
/// UIScrollView's rubber band: `excess → (1 − 1 / (excess · 0.55 / extent + 1)) · extent`.
///
/// Deliberately simpler than UIScrollView: a coast is one ease-out tween to a target projected
/// from the release velocity (`coastTime` seconds of that velocity, clamped to the bounds) rather
/// than an exponential decay that overshoots and bounces at the ends.
public struct ScrollState: Hashable, Sendable {
    /// How far the content is scrolled up, in logical pixels (outside 0...limit while rubber-banding).
    public private(set) var offset: Double = 0
    /// The largest resting offset: content height − frame height (0 = nothing to scroll).
    public private(set) var limit: Double = 0
    /// The content's height as last set (at least the frame's).
    public private(set) var contentHeight: Double = 1
    /// The frame height the rubber band is measured against.
    public private(set) var extent: Double = 1
    /// The offset when the finger's drag began; nil while no finger drags.
    public private(set) var dragStart: Double?
    /// The release animation in progress, if any.
    public private(set) var motion: Tween?

    /// The rubber band's stiffness (UIScrollView's constant).
    public static let rubberBand = 0.55
    /// Seconds of the release velocity a coast travels.
    public static let coastTime = 0.35
    /// How long a coast and a spring-back take.
    public static let coastDuration = 0.6
    public static let springDuration = 0.35

    public init() {}

    /// True when the content is taller than the frame.
    public var isScrollable: Bool { limit > 0 }

    /// True while a release animation moves the offset.
    public var isAnimating: Bool { motion != nil }

    /// Where the content comes to rest: where it is, or where its coast or spring-back ends.
    public var restingOffset: Double { clamped(motion?.to ?? offset) }

    /// Sets the range after a layout: content of `contentHeight` in a frame `frameHeight` high.
    /// A resting offset outside the new range is clamped at once.
    public mutating func setBounds(contentHeight: Double, frameHeight: Double) {
        let h = frameHeight.isFinite && frameHeight >= 1 ? frameHeight : 1
        let c = contentHeight.isFinite ? contentHeight : h
        let newLimit = max(0, c - h)
        extent = h
        self.contentHeight = max(c, h)
        // A release animation aimed inside the old range would come to rest outside a smaller one.
        if newLimit != limit { motion = nil }
        limit = newLimit
        if dragStart == nil && motion == nil { offset = clamped(offset) }
    }

    /// A finger starts dragging: any release animation stops where it is.
    public mutating func beginDrag() {
        motion = nil
        dragStart = offset
    }

    /// The finger moved `translation` px down (negative = up) from where it touched down.
    public mutating func drag(translation: Double) {
        guard let start = dragStart, translation.isFinite else { return }
        let free = start - translation
        if free < 0 {
            offset = -rubber(-free)
        } else if free > limit {
            offset = limit + rubber(free - limit)
        } else {
            offset = free
        }
    }

    /// The finger lifted at `time` moving `velocity` px/s down: spring back inside the bounds,
    /// coast, or stop.
    public mutating func endDrag(velocity: Double, at time: Double) {
        guard dragStart != nil else { return }
        dragStart = nil
        let v = velocity.isFinite ? -velocity : 0
        if offset < 0 || offset > limit {
            motion = Tween(
                from: offset, to: clamped(offset), start: time, duration: Self.springDuration,
                curve: .easeOut)
        } else {
            let target = clamped(offset + v * Self.coastTime)
            motion =
                abs(target - offset) < 0.5
                ? nil
                : Tween(
                    from: offset, to: target, start: time, duration: Self.coastDuration,
                    curve: .easeOut)
        }
    }

    /// The drag was cancelled: spring back inside the bounds from where it is.
    public mutating func cancelDrag(at time: Double) {
        guard dragStart != nil else { return }
        dragStart = nil
        let target = clamped(offset)
        motion =
            target == offset
            ? nil
            : Tween(
                from: offset, to: target, start: time, duration: Self.springDuration,
                curve: .easeOut)
    }

    /// Stops a release animation where it is (a finger caught the moving list).
    public mutating func stop() {
        motion = nil
        offset = clamped(offset)
    }

    /// Moves the release animation to `time`.
    public mutating func advance(to time: Double) {
        guard let m = motion else { return }
        offset = m.value(at: time)
        if m.isFinished(at: time) { motion = nil }
    }

    /// Scrolls, without animation, the least amount that shows `top...bottom` (content
    /// coordinates) in the frame; used by keyboard focus.
    public mutating func reveal(top: Double, bottom: Double) {
        guard dragStart == nil else { return }
        motion = nil
        if bottom > offset + extent { offset = bottom - extent }
        if top < offset { offset = top }
        offset = clamped(offset)
    }

    private func clamped(_ value: Double) -> Double { min(max(value, 0), limit) }

    private func rubber(_ excess: Double) -> Double {
        (1 - 1 / (excess * Self.rubberBand / extent + 1)) * extent
    }
}

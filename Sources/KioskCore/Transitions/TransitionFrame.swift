/// Which way a transition plays: a push shows a new page; a pop is the push played backwards.
/// Whether a transition goes deeper (push, next tab) or back (pop, previous tab).
public enum TransitionDirection: String, Hashable, Sendable {
    case push, pop
}

/// One of the two pages of a transition.
public enum TransitionRole: Hashable, Sendable {
    /// The page being shown (pushed, or returned to on a pop).
    case incoming
    /// The page being left.
    case outgoing
}

/// One drawing step: a page, optionally clipped to a container-local rectangle.
public struct TransitionDraw: Hashable, Sendable {
    public var role: TransitionRole
    /// Container-local pixels; nil = the whole container.
    public var clip: Rect?

    public init(role: TransitionRole, clip: Rect? = nil) {
        self.role = role
        self.clip = clip
    }
}

/// Both pages of a transition at one instant.
public struct TransitionFrame: Hashable, Sendable {
    public var incoming: LayerPose
    public var outgoing: LayerPose
    /// Draw order: true when the incoming page must be drawn after (over) the outgoing one.
    /// Decided by depth, as Core Animation's CATransformLayer sorts its sublayers; at equal depth
    /// the pushed page is on top, on push and on pop (the seed adds the incoming view last on a
    /// pop too, so its fade and ghost pops were not the push backwards; here they are).
    /// For Cross, whose pages intersect, this is the order on the left half; use `drawOrder`.
    public var incomingInFront: Bool
    /// Back to front, visible pages only. Usually one step per visible page without a clip; for
    /// Cross (two pages crossing on the vertical centre line) each half of the container has its
    /// own order, so each page is drawn twice, clipped to a half.
    public var drawOrder: [TransitionDraw]

    public init(
        incoming: LayerPose, outgoing: LayerPose, incomingInFront: Bool,
        drawOrder: [TransitionDraw]? = nil
    ) {
        self.incoming = incoming
        self.outgoing = outgoing
        self.incomingInFront = incomingInFront
        self.drawOrder =
            drawOrder
            ?? Self.order(incoming: incoming, outgoing: outgoing, incomingInFront: incomingInFront)
    }

    /// The same picture with the two pages' roles exchanged (a push frame seen as a pop).
    public func exchangingRoles() -> TransitionFrame {
        TransitionFrame(
            incoming: outgoing, outgoing: incoming, incomingInFront: !incomingInFront,
            drawOrder: drawOrder.map {
                TransitionDraw(role: $0.role == .incoming ? .outgoing : .incoming, clip: $0.clip)
            })
    }

    /// The pose of one page.
    public func pose(_ role: TransitionRole) -> LayerPose {
        role == .incoming ? incoming : outgoing
    }

    static func order(incoming: LayerPose, outgoing: LayerPose, incomingInFront: Bool)
        -> [TransitionDraw]
    {
        let back: TransitionRole = incomingInFront ? .outgoing : .incoming
        let front: TransitionRole = incomingInFront ? .incoming : .outgoing
        let poses: [TransitionRole: LayerPose] = [.incoming: incoming, .outgoing: outgoing]
        return [back, front].filter { poses[$0]?.isVisible == true }.map {
            TransitionDraw(role: $0)
        }
    }
}

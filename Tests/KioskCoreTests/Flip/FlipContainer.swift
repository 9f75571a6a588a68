@testable import KioskCore

/// A fifth container written entirely outside KioskCore, to prove the `Container` protocol is the
/// whole interface: a card with a page on each side. A horizontal swipe over it, or the
/// next/previous actions, turn it over; `open` of a side's page shows that side; `home` shows
/// the front; it saves which side shows. Drawn as a card background with the side on top.
final class FlipContainer: ContainerNode, Container {
    let front: NavigationNode
    let back: NavigationNode
    private(set) var showsBack = false

    /// A swipe turns the card over when it travels at least this far (logical px).
    static let swipeDistance = 80.0

    init(id: PageID, front: NavigationNode, back: NavigationNode) {
        self.front = front
        self.back = back
        super.init(id: id)
        adopt(front)
        adopt(back)
    }

    /// Turns the card over, without animation.
    func turnOver() {
        showsBack.toggle()
        reconcileChildren(animated: false)
    }

    override func placements() -> [(node: NavigationNode, role: ChildRole)] {
        [(currentSide, .visible), (showsBack ? front : back, .hidden)]
    }

    var currentSide: NavigationNode { showsBack ? back : front }

    // MARK: Container

    var pages: [NavigationNode] { [front, back] }
    var currentChild: NavigationNode? { currentSide }

    func layout(size: Size, child: (NavigationNode, Size) -> Void) {
        for page in pages { child(page, size) }
    }

    func childFrames(in frame: Rect) -> [(node: NavigationNode, frame: Rect)] {
        [(currentSide, frame)]
    }

    func claims(in frame: Rect, into touches: inout TouchClaims) {
        touches.collect(currentSide, frame: frame)
        touches.claim([.horizontalPan], region: frame) { [self] gesture in
            guard case .pan(let pan) = gesture, pan.phase == .ended,
                abs(pan.translation.x) >= Self.swipeDistance
            else { return }
            turnOver()
        }
    }

    func draw(in frame: Rect, placement: Matrix4, look: SceneLook, into scene: inout SceneBuilder) {
        scene.addFlat(.solid(scene.theme.surface), frame, placement: placement, look: look)
        scene.draw(currentSide, frame: frame, placement: placement, look: look)
    }

    func show(_ id: PageID) throws -> Bool {
        guard pages.contains(where: { $0.id == id }) else { return false }
        if currentSide.id != id { turnOver() }
        return true
    }

    func showNeighbour(forward: Bool) -> Bool {
        turnOver()
        return true
    }

    func goHome() -> Bool {
        guard showsBack else { return false }
        turnOver()
        return true
    }

    var savedState: NavigationState.Entry? {
        NavigationState.Entry(kind: ContainerKind.flip.name, words: [showsBack ? "back" : "front"])
    }

    func restore(_ entry: NavigationState.Entry, makeNode: (PageID) -> NavigationNode?) -> Bool {
        guard entry.kind == ContainerKind.flip.name, let side = entry.words.first else {
            return false
        }
        if (side == "back") != showsBack { turnOver() }
        return true
    }
}

extension ContainerKind {
    /// The flip card's registration: its saved line is `flip <id> front|back`. It has no page
    /// content in the config model, so it is built in code, not from a page definition.
    static let flip = ContainerKind(name: "flip") { words in
        words.count == 1 && ["front", "back"].contains(words[0]) ? words : nil
    }
}

import Testing

@testable import KioskCore

@Suite("Transition draw order and visibility")
struct TransitionDrawOrderTests {
    static let size = Size(width: 1280, height: 800)

    func frame(_ kind: TransitionKind, _ p: Double, _ direction: TransitionDirection)
        -> TransitionFrame
    {
        Transition(TransitionSpec(kind: kind, duration: 0.3)).frame(
            progress: p, size: Self.size, direction: direction)
    }

    @Test(
        "popping a Zoom draws the leaving page, shrinking into its source, over the returning one")
    func zoomPopKeepsTheShrinkingPageInFront() {
        #expect(frame(.zoom, 0.5, .push).drawOrder.map(\.role) == [.outgoing, .incoming])
        let pop = frame(.zoom, 0.5, .pop)
        #expect(pop.drawOrder.map(\.role) == [.incoming, .outgoing])
        #expect(!pop.incomingInFront)
    }

    @Test("popping a SwipeFade slides the leaving page off over the returning one")
    func swipeFadePop() {
        #expect(frame(.swipeFade, 0.3, .push).incomingInFront)
        #expect(!frame(.swipeFade, 0.3, .pop).incomingInFront)
    }

    @Test(
        "pages at equal depth put the pushed page on top, pushing and popping: a pop is the push's picture backwards"
    )
    func tiesFavourThePushedPage() {
        for kind in [TransitionKind.fade, .ghost, .backFade] {
            #expect(frame(kind, 0.4, .push).incomingInFront, "\(kind)")
            #expect(!frame(kind, 0.4, .pop).incomingInFront, "\(kind)")
            #expect(frame(kind, 0.4, .pop) == frame(kind, 0.6, .push).exchangingRoles(), "\(kind)")
        }
    }

    @Test("popping a Cross keeps each page in front on its own near half")
    func crossPop() {
        let pop = frame(.cross, 0.5, .pop)
        let left = Rect(x: 0, y: 0, width: 640, height: 800)
        let right = Rect(x: 640, y: 0, width: 640, height: 800)
        // The returning page turns back from −45° (right edge near), the leaving one to +45°.
        #expect(
            pop.drawOrder == [
                TransitionDraw(role: .incoming, clip: left),
                TransitionDraw(role: .outgoing, clip: left),
                TransitionDraw(role: .outgoing, clip: right),
                TransitionDraw(role: .incoming, clip: right)
            ])
    }

    @Test("invisible pages are left out of the draw order")
    func invisiblePagesAreNotDrawn() {
        let start = frame(.flip, 0.2, .push)
        #expect(!start.incoming.isVisible)
        #expect(start.drawOrder.map(\.role) == [.outgoing])
        let faded = frame(.fade, 1, .push)
        #expect(faded.drawOrder.map(\.role) == [.incoming])
    }

    @Test("front-facing: a page at rest is, turned over or edge-on it is not")
    func frontFacing() {
        let size = Size(width: 100, height: 50)
        let about = Matrix4.translation(x: -50, y: -25)
        let back = Matrix4.translation(x: 50, y: 25)
        #expect(isFrontFacing(.identity, size: size))
        #expect(!isFrontFacing(about.then(.rotationY(pi)).then(back), size: size))
        #expect(!isFrontFacing(about.then(.rotationX(pi / 2)).then(back), size: size))
        #expect(!isFrontFacing(.scale(x: -1, y: 1), size: size))
        #expect(!isFrontFacing(.identity, size: .zero))
    }
}

extension TransitionDrawOrderTests {
    @Test("a Cross with one page edge-on draws the other once, unclipped")
    func crossAtTheEnds() {
        #expect(frame(.cross, 0, .push).drawOrder == [TransitionDraw(role: .outgoing)])
        #expect(frame(.cross, 1, .push).drawOrder == [TransitionDraw(role: .incoming)])
    }
}

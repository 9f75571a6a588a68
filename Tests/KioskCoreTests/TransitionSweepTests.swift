import Testing

@testable import KioskCore

@Suite("Every transition, every orientation")
struct TransitionSweepTests {
    static let sizes = [Size(width: 1920, height: 1080), Size(width: 320, height: 480)]

    static func transition(_ kind: TransitionKind, _ orientation: TransitionOrientation)
        -> Transition
    {
        Transition(TransitionSpec(kind: kind, orientation: orientation, duration: 0.5))
    }

    @Test("at progress 0 the outgoing page is at rest and the incoming one does not cover it")
    func startPose() {
        for kind in TransitionKind.allCases {
            for orientation in TransitionOrientation.allCases {
                for size in Self.sizes {
                    let f = Self.transition(kind, orientation).frame(
                        progress: 0, size: size, direction: .push)
                    #expect(
                        PoseCheck.isAtRest(f.outgoing, size: size), "\(kind) \(orientation) \(size)"
                    )
                    #expect(
                        f.outgoing.opacity == 1 && f.outgoing.isVisible, "\(kind) \(orientation)")
                    #expect(
                        f.drawOrder.last?.role == .outgoing || !coversContainer(f.incoming, size),
                        "\(kind) \(orientation) \(size): incoming covers the screen at the start")
                }
            }
        }
    }

    @Test("at progress 1 the incoming page is at rest, opaque and visible")
    func endPose() {
        for kind in TransitionKind.allCases {
            for orientation in TransitionOrientation.allCases {
                for size in Self.sizes {
                    let f = Self.transition(kind, orientation).frame(
                        progress: 1, size: size, direction: .push)
                    #expect(
                        PoseCheck.isAtRest(f.incoming, size: size), "\(kind) \(orientation) \(size)"
                    )
                    #expect(
                        f.incoming.opacity == 1 && f.incoming.isVisible, "\(kind) \(orientation)")
                    #expect(
                        f.drawOrder.last?.role == .incoming || !coversContainer(f.outgoing, size),
                        "\(kind) \(orientation) \(size): outgoing still covers the screen")
                }
            }
        }
    }

    @Test("no NaN and no page corner at or behind the eye, push and pop, in steps of 0.05")
    func finiteAndInFrontOfTheEye() {
        for kind in TransitionKind.allCases {
            for orientation in TransitionOrientation.allCases {
                let t = Self.transition(kind, orientation)
                for size in Self.sizes {
                    for step in 0...20 {
                        for direction in [TransitionDirection.push, .pop] {
                            let f = t.frame(
                                progress: Double(step) * 0.05, size: size, direction: direction)
                            for pose in [f.incoming, f.outgoing] {
                                #expect(
                                    PoseCheck.isFinite(pose.transform), "\(kind) \(orientation)")
                                #expect(
                                    pose.opacity.isFinite && pose.opacity >= 0 && pose.opacity <= 1)
                                for c in PoseCheck.corners(size) {
                                    #expect(
                                        PoseCheck.w(pose, c.x, c.y) > 0.2,
                                        "\(kind) \(orientation) \(size) \(step)")
                                }
                            }
                        }
                    }
                }
            }
        }
    }

    @Test("degenerate sizes and progress values give finite poses")
    func degenerateInput() {
        let odd = [Size.zero, Size(width: -5, height: 100), Size(width: .nan, height: .infinity)]
        for kind in TransitionKind.allCases {
            let t = Transition(
                TransitionSpec(kind: kind, orientation: .topToBottom),
                zoomSource: Rect(x: .nan, y: 0, width: 1, height: 1))
            for size in odd {
                for p in [-1, 0, 0.5, 2, .nan, .infinity] {
                    let f = t.frame(progress: p, size: size, direction: .pop)
                    #expect(
                        PoseCheck.isFinite(f.incoming.transform)
                            && PoseCheck.isFinite(f.outgoing.transform))
                }
            }
        }
    }

    @Test("pop at p places the pages exactly where the push at 1 − p placed them, roles swapped")
    func popIsPushReversed() {
        let size = Size(width: 1280, height: 800)
        for kind in TransitionKind.allCases {
            for orientation in TransitionOrientation.allCases {
                let t = Self.transition(kind, orientation)
                for p in [0.0, 0.1, 0.25, 0.5, 0.75, 0.9, 1] {
                    let pop = t.frame(progress: p, size: size, direction: .pop)
                    let push = t.frame(progress: 1 - p, size: size, direction: .push)
                    #expect(pop.incoming == push.outgoing, "\(kind) \(orientation) \(p)")
                    #expect(pop.outgoing == push.incoming, "\(kind) \(orientation) \(p)")
                }
            }
        }
    }

    /// True when the page is visible and its projection contains the whole container.
    private func coversContainer(_ pose: LayerPose, _ size: Size) -> Bool {
        guard pose.isVisible else { return false }
        let quad = PoseCheck.corners(size).compactMap { pose.transform.project($0) }
        guard quad.count == 4 else { return false }
        return PoseCheck.corners(size).allSatisfy { c in
            (0..<4).allSatisfy { i in
                let a = quad[i]
                let b = quad[(i + 1) % 4]
                return (b.x - a.x) * (c.y - a.y) - (b.y - a.y) * (c.x - a.x) >= -1e-6
            }
        }
    }
}

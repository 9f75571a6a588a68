import Testing

@testable import KioskCore

/// Checks every event against a strict per-page state machine as it arrives.
final class LifecycleAuditor: LifecycleObserver {
    var states: [PageID: AppearanceState] = [:]
    var loaded: Set<PageID> = []
    var willAnimated: [PageID: Bool] = [:]
    var violations: [String] = []
    var count = 0

    func record(_ event: LifecycleEvent) {
        count += 1
        let page = event.page
        let state = states[page] ?? .disappeared
        func fail(_ why: String) { violations.append("\(event): \(why) (state \(state))") }
        switch event.kind {
        case .load:
            if loaded.contains(page) { fail("loaded twice") }
            loaded.insert(page)
        case .unload:
            if !loaded.contains(page) { fail("unloaded while not loaded") }
            if state != .disappeared { fail("unloaded while not disappeared") }
            loaded.remove(page)
        case .willAppear:
            if state != .disappeared { fail("willAppear out of order") }
            if !loaded.contains(page) { fail("appears unloaded") }
            states[page] = .appearing
            willAnimated[page] = event.animated
        case .didAppear:
            if state != .appearing { fail("didAppear without willAppear") }
            if willAnimated[page] != event.animated {
                fail("animated flag differs from willAppear")
            }
            states[page] = .appeared
        case .willDisappear:
            if state != .appeared { fail("willDisappear out of order") }
            states[page] = .disappearing
            willAnimated[page] = event.animated
        case .didDisappear:
            if state != .disappearing { fail("didDisappear without willDisappear") }
            if willAnimated[page] != event.animated {
                fail("animated flag differs from willDisappear")
            }
            states[page] = .disappeared
        }
    }
}

/// One random tree and a random walk of operations over it.
struct RandomScenario {
    var rng: SplitMix64
    var nextID = 0
    let tabs: TabsContainer
    let stack: TransitionStack
    let cube: CubeContainer
    let drill: DrillDownContainer
    /// Turns by itself every half second; the walk touches it and opens its pages too.
    let playlist: PlaylistContainer
    /// The drill-down the cube may hold as a face.
    let innerDrill: DrillDownContainer
    let auditor = LifecycleAuditor()
    var trace: [String] = []

    init(seed: UInt64) {
        rng = SplitMix64(seed: seed)
        stack = TransitionStack(
            id: "stack", root: PanelNode("s0"), defaultTransition: TransitionSpec(duration: 0.3))
        let inner = DrillDownContainer(
            id: "inner", root: PanelNode("i0"), leftWidth: 300, foldBelow: 700, width: 1000)
        var faces: [NavigationNode] = []
        let n = Int(rng.next() % 6)
        for i in 0..<n { faces.append(PanelNode(PageID("c\(i)"))) }
        if n > 0 { faces[Int(rng.next() % UInt64(n))] = inner }
        innerDrill = inner
        cube = CubeContainer(id: "cube", faces: faces, wraps: rng.next() % 3 != 0)
        drill = DrillDownContainer(
            id: "drill", root: PanelNode("d0"), leftWidth: 400, foldBelow: 900, width: 1001)
        playlist = PlaylistContainer(
            id: "playlist", pages: [PanelNode("l0"), PanelNode("l1"), PanelNode("l2")],
            dwells: [0.5, 0.2, 0.7], turnTransition: TransitionSpec(kind: .fade, duration: 0.3),
            resumeAfter: 0.6)
        tabs = TabsContainer(
            id: "tabs", pages: [stack, cube, drill, PanelNode("p"), playlist],
            defaultTransition: TransitionSpec(kind: .fade, duration: 0.25))
        tabs.observer = auditor
    }

    mutating func fresh() -> NavigationNode {
        nextID += 1
        if nextID % 7 == 0 {
            return TransitionStack(id: PageID("n\(nextID)"), root: PanelNode(PageID("n\(nextID)r")))
        }
        return PanelNode(PageID("n\(nextID)"))
    }

    mutating func unit() -> Double { Double(rng.next() % 10_000) / 10_000 }
    mutating func pick(_ n: Int) -> Int { n <= 0 ? 0 : Int(rng.next() % UInt64(n)) }
    mutating func spec() -> TransitionSpec? {
        pick(4) == 0 ? nil : TransitionSpec(duration: 0.05 + unit() * 0.4)
    }

    /// Any container nested somewhere in the cube (the inner drill-down).
    var inner: DrillDownContainer? { cube.faces.contains { $0 === innerDrill } ? innerDrill : nil }

    mutating func step() {
        let op = pick(32)
        trace.append("op \(op) at \(tabs.now)")
        switch op {
        case 0, 1, 2: tabs.advance(to: tabs.now + unit() * 0.3)
        case 3: _ = try? stack.push(fresh(), transition: spec())
        case 4:
            stack.pop(
                transition: [.reverseOfPush, .none, .custom(TransitionSpec(duration: 0.2))][pick(3)]
            )
        case 5: _ = try? stack.popTo(stack.entries[pick(stack.entries.count)].id)
        case 6: stack.beginInteractivePop()
        case 7: stack.updateInteractivePop(fraction: unit())
        case 8:
            if pick(2) == 0 {
                stack.endInteractivePop(velocity: unit() * 4 - 2)
            } else {
                stack.cancelInteractivePop()
            }
        case 9: cube.beginDrag()
        case 10: cube.drag(translation: unit() * 4000 - 2000)
        case 11:
            if pick(3) == 0 {
                cube.cancelDrag()
            } else {
                cube.endDrag(velocity: unit() * 6000 - 3000)
            }
        case 12: cube.scroll(to: pick(9) - 2, animated: pick(2) == 0)
        case 13:
            if pick(2) == 0 {
                cube.scrollForward(animated: true)
            } else {
                cube.scrollBack(animated: pick(2) == 0)
            }
        case 14:
            if cube.count > 0 {
                _ = try? cube.reloadFace(pick(cube.count), with: fresh(), animated: pick(2) == 0)
            }
        case 15:
            _ = try? tabs.select(
                pick(5), transition: pick(3) == 0 ? nil : TransitionSpec(kind: .fade, duration: 0.2)
            )
        case 16: _ = try? drill.push(pick(5) == 0 ? nil : fresh())
        case 17: drill.pop()
        case 18:
            if !drill.left.isEmpty { _ = try? drill.popTo(drill.left[pick(drill.left.count)].id) }
        case 19:
            _ = try? drill.replaceRight(
                pick(4) == 0 ? nil : fresh(), animation: pick(2) == 0 ? .fade : .push)
        case 20: drill.beginBackSwipe(at: unit() * 20)
        case 21: drill.updateBackSwipe(x: unit() * 500)
        case 22:
            if pick(2) == 0 {
                drill.endBackSwipe(velocity: unit() * 2000 - 1000)
            } else {
                drill.cancelBackSwipe()
            }
        case 23: drill.layout(width: pick(2) == 0 ? 800 : 1001)
        case 24: tabs.beginAppearance(pick(2) == 0, animated: pick(2) == 0)
        case 25: tabs.endAppearance()
        case 26:
            if let inner {
                switch pick(4) {
                case 0: _ = try? inner.push(fresh())
                case 1: inner.pop()
                case 2: _ = try? inner.replaceRight(fresh())
                default: inner.popToRoot()
                }
            }
        case 27:
            var nodes: [NavigationNode] = [stack.root]
            for _ in 0..<pick(3) { nodes.append(fresh()) }
            if stack.entries.count > 1, pick(2) == 0 { nodes.insert(stack.entries[1], at: 1) }
            _ = try? stack.setStack(nodes, transition: spec())
        case 28:
            if pick(4) == 0 {
                var faces = cube.faces.filter { _ in pick(3) != 0 }
                if pick(2) == 0 { faces.append(fresh()) }
                _ = try? cube.reloadAll(faces: faces)
            } else {
                cube.wraps.toggle()
            }
        case 30: playlist.pause()
        case 31:
            _ = playlist.turn(
                to: pick(3), transition: pick(3) == 0 ? nil : TransitionSpec(duration: 0.2))
        default:
            let shown = drill.shownPages
            if !shown.isEmpty { _ = try? drill.open(fresh(), from: shown[pick(shown.count)].id) }
        }
    }

    /// Every node's own state must match what the auditor saw.
    func consistencyViolations() -> [String] {
        var problems: [String] = []
        func visit(_ node: NavigationNode) {
            let seen = auditor.states[node.id] ?? .disappeared
            if seen != node.appearance {
                problems.append("\(node.id) is \(node.appearance) but events say \(seen)")
            }
            if auditor.loaded.contains(node.id) != node.isLoaded {
                problems.append("\(node.id) load flag differs")
            }
            if let parent = node.parent, node.appearance.isVisible,
                parent.appearance == .disappeared
            {
                problems.append("\(node.id) visible inside hidden \(parent.id)")
            }
            if let c = node as? ContainerNode { c.children.forEach(visit) }
        }
        visit(tabs)
        return problems
    }
}

@Suite("Appearance properties")
struct PropertyTests {
    @Test(
        "10 000 random operation sequences keep every page's will/did events balanced and ordered")
    func balancedUnderRandomOperations() {
        var failures: [String] = []
        var events = 0
        for seed in 0..<UInt64(10_000) where failures.isEmpty {
            var scenario = RandomScenario(seed: seed)
            scenario.tabs.appear(animated: scenario.pick(2) == 0)
            for _ in 0..<30 { scenario.step() }
            // Let everything come to rest, then the tree and the events must agree.
            scenario.cube.endDrag(velocity: 0)
            scenario.stack.cancelInteractivePop()
            scenario.drill.cancelBackSwipe()
            // A playlist on screen never rests: its turns become instant so nothing moves.
            scenario.playlist.turnTransition = nil
            scenario.tabs.advance(to: scenario.tabs.now + 10)
            scenario.tabs.advance(to: scenario.tabs.now + 10)
            let problems = scenario.auditor.violations + scenario.consistencyViolations()
            if !problems.isEmpty || scenario.tabs.isAnimating {
                failures.append(
                    "seed \(seed): \(problems.prefix(5)) animating \(scenario.tabs.isAnimating)\n"
                        + scenario.trace.suffix(12).joined(separator: "; "))
            }
            events += scenario.auditor.count
        }
        #expect(failures.isEmpty, "\(failures.first ?? "")")
        #expect(events > 100_000)
    }
}

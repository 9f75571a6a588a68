import KioskCore
import Testing

@Suite("Controls: touches reach the control handler")
struct NavigatorControlTests {
    let slider = ControlWidget(
        kind: .slider(ControlRange(min: 0, max: 100, step: 1)), label: "Speed", value: "speed",
        effects: ControlEffects())

    /// A navigator whose home panel has one target: `action` over `rect`.
    func navigator(_ action: Action, rect: Rect) throws -> Navigator {
        let page = PageDefinition(id: "home", title: "Home", content: .panel(Panel(widgets: [])))
        let configuration = NavFixture.configuration(home: "home", [page])
        return try Navigator(
            configuration: configuration, viewport: NavFixture.viewport, scale: 1,
            panels: FakePanels(rows: { _, _ in [PanelTarget(rect: rect, action: action)] }))
    }

    @Test("a tap on a slider's track carries where on the track it landed")
    func trackFraction() throws {
        let track = Rect(x: 100, y: 200, width: 400, height: 64)
        let nav = try navigator(
            .control(
                ControlInput(control: ControlName(value: slider.value), part: .track(fraction: nil))
            ), rect: track)
        var received: [(ControlInput, PageID)] = []
        nav.controlHandler = { received.append(($0, $1)) }
        try NavFixture.play("tap 400,230", on: nav)
        #expect(received.count == 1)
        #expect(received.first?.0.part == .track(fraction: 0.75))
        #expect(received.first?.1 == "home")
        #expect(nav.activeNode.id == "home")
    }

    @Test("a tap on a stepper's + hands on the part as laid out; outside it nothing")
    func stepperPart() throws {
        let plus = Rect(x: 600, y: 100, width: 64, height: 88)
        let stepper = ControlWidget(
            kind: .stepper(ControlRange(min: 0, max: 10, step: 1)), label: "", value: "n",
            effects: ControlEffects())
        let nav = try navigator(
            .control(ControlInput(control: ControlName(value: stepper.value), part: .step(1))),
            rect: plus)
        var parts: [ControlPart] = []
        nav.controlHandler = { input, _ in parts.append(input.part) }
        try NavFixture.play("tap 630,140; wait 0.5s; tap 500,140", on: nav)
        #expect(parts == [.step(1)])
    }

    @Test("Enter on a focused stepper button acts as a tap on it; on a slider's track nothing")
    func keys() throws {
        let stepper = ControlWidget(
            kind: .stepper(ControlRange(min: 0, max: 10, step: 1)), label: "", value: "n",
            effects: ControlEffects())
        let page = PageDefinition(id: "home", title: "Home", content: .panel(Panel(widgets: [])))
        let targets = [
            PanelTarget(
                rect: Rect(x: 100, y: 0, width: 400, height: 64),
                action: .control(
                    ControlInput(
                        control: ControlName(value: slider.value), part: .track(fraction: nil)))),
            PanelTarget(
                rect: Rect(x: 600, y: 100, width: 64, height: 88),
                action: .control(
                    ControlInput(control: ControlName(value: stepper.value), part: .step(1))))
        ]
        let nav = try Navigator(
            configuration: NavFixture.configuration(home: "home", [page]),
            viewport: NavFixture.viewport, scale: 1, panels: FakePanels(rows: { _, _ in targets }))
        var parts: [ControlPart] = []
        nav.controlHandler = { input, _ in parts.append(input.part) }
        for key in [Key.down, .enter, .down, .enter] {
            nav.handle(KeyEvent(key: key, isPressed: true, time: nav.now))
        }
        // The track has no place to set from a key: it hands on no fraction, which changes nothing.
        #expect(parts == [.track(fraction: nil), .step(1)])
        #expect(ControlValueMath.next(slider.kind, current: "5", part: parts[0]) == nil)
    }

    @Test("without a handler (render) a control is refused with a reason, not carried out")
    func noHandler() throws {
        let nav = try navigator(
            .control(
                ControlInput(control: ControlName(value: slider.value), part: .track(fraction: 0.5))
            ),
            rect: Rect(x: 0, y: 0, width: 100, height: 100))
        #expect(
            nav.perform(
                .control(ControlInput(control: ControlName(value: slider.value), part: .toggle)))
                == false)
        #expect(nav.lastRefusal?.contains("only under `kiosk-shell run`") == true)
    }
}

@Suite("Controls: a finger drags a slider")
struct SliderDragTests {
    let slider = ControlWidget(
        kind: .slider(ControlRange(min: 0, max: 100, step: 1)), label: "Speed", value: "speed",
        effects: ControlEffects())
    let track = Rect(x: 100, y: 200, width: 400, height: 64)

    func fractions(_ script: String, home: PageDefinition? = nil, pages: [PageDefinition] = [])
        throws -> (fractions: [Double], navigator: Navigator)
    {
        let panel = PageDefinition(id: "panel", title: "Panel", content: .panel(Panel(widgets: [])))
        let configuration = NavFixture.configuration(
            home: home?.id ?? "panel", [panel] + pages + (home.map { [$0] } ?? []))
        let action = Action.control(
            ControlInput(control: ControlName(value: slider.value), part: .track(fraction: nil)))
        let rect = track
        let nav = try Navigator(
            configuration: configuration, viewport: NavFixture.viewport, scale: 1,
            panels: FakePanels(rows: { id, _ in
                id == "panel" ? [PanelTarget(rect: rect, action: action)] : []
            }))
        var fractions: [Double] = []
        nav.controlHandler = { input, _ in
            if case .track(let f?) = input.part { fractions.append(f) }
        }
        try NavFixture.play(script, on: nav)
        return (fractions, nav)
    }

    @Test("dragging along the track follows the finger to where it lifts")
    func followsFinger() throws {
        let (fractions, _) = try fractions("drag 150,230 450,230 300ms")
        #expect(fractions.count >= 3)
        #expect(fractions == fractions.sorted())
        #expect(abs((fractions.last ?? 0) - 0.875) < 0.001)
    }

    @Test("a drag on a slider inside a cube moves the knob and does not turn the cube")
    func insideCube() throws {
        let (fractions, nav) = try fractionsInCube("drag 450,230 150,230 300ms")
        #expect(abs((fractions.last ?? 1) - 0.125) < 0.001)
        #expect(nav.activeNode.id == "panel")
    }

    @Test("a drag that starts beside the track turns the cube as before")
    func besideTrack() throws {
        let (fractions, nav) = try fractionsInCube("drag 900,500 200,500 300ms")
        #expect(fractions.isEmpty)
        #expect(nav.activeNode.id == "other")
    }

    /// `fractions(script)` with the slider's panel as a cube's first face and an empty page
    /// as its second.
    private func fractionsInCube(_ script: String) throws -> ([Double], Navigator) {
        let other = PageDefinition(id: "other", title: "Other", content: .panel(Panel(widgets: [])))
        return try fractions(
            script, home: NavFixture.cube("cube", ["panel", "other"]), pages: [other])
    }
}

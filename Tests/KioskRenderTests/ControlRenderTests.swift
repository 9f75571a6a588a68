import KioskCore
import KioskRender
import KioskTestSupport
import Testing

/// Toggles, sliders, steppers and choices: goldens of each state, and the layout's promises
/// (fingertip-sized targets, a card whose height never depends on the value).
@Suite("Control widgets", .serialized)
struct ControlRenderTests {
    let theme = Theme.standard
    static let effects = ControlEffects(publish: PublishTemplate(topic: "plant/set"))
    let widgets: [Widget] = [
        .control(
            ControlWidget(
                kind: .toggle(on: "on", off: "off"), label: "Heating", value: "heating",
                effects: effects)),
        .control(
            ControlWidget(
                kind: .slider(ControlRange(min: 0, max: 120, step: 5, unit: "m/min")),
                label: "Line speed", value: "speed", effects: effects)),
        .control(
            ControlWidget(
                kind: .stepper(ControlRange(min: 15, max: 30, step: 0.5, unit: "°C")),
                label: "Setpoint", value: "setpoint", effects: effects)),
        .control(
            ControlWidget(
                kind: .choice([
                    ChoiceOption(label: "Eco", value: "eco"),
                    ChoiceOption(label: "Normal", value: "normal"),
                    ChoiceOption(label: "Boost", value: "boost")
                ]), label: "Mode", value: "mode", effects: effects))
    ]

    func context(_ values: [String: String]) -> RenderContext {
        var context = TestFixtures.context()
        context.values = { name in values[name].map { LiveValue(text: $0) } }
        return context
    }

    func render(_ values: [String: String], width: Double = 800, height: Double = 480) throws
        -> ImageBuffer
    {
        try TestFixtures.renderer().render(
            panel: Panel(widgets: widgets), size: Size(width: width, height: height), scale: 1,
            theme: theme, context: context(values))
    }

    @Test(
        "controls with values: toggle on, slider knob at its value, stepper number, choice chosen")
    func withValues() throws {
        let image = try render(
            ["heating": "on", "speed": "65", "setpoint": "21.5", "mode": "normal"], height: 520)
        goldenImages.check(image, named: "controls")
    }

    @Test("controls without values: knob in the middle, no slider knob, dashes, nothing chosen")
    func withoutValues() throws {
        let image = try render(["speed": "fast"], height: 520)
        goldenImages.check(image, named: "controls-unknown")
    }

    @Test(
        "at 1920x1080 the controls span the page; the stepper keeps − value + together on the right"
    )
    func fullHD() throws {
        let image = try render(
            ["heating": "off", "speed": "120", "setpoint": "29.5", "mode": "boost"], width: 1920,
            height: 560)
        goldenImages.check(image, named: "controls-1920")
    }

    @Test("every touch target is at least 48 px each way, at 800x480 and at 1920x1080")
    func fingertipTargets() {
        for size in [Size(width: 800, height: 2000), Size(width: 1920, height: 2000)] {
            let layout = TestFixtures.renderer().layout(
                panel: Panel(widgets: widgets), size: size, theme: theme)
            // Toggle 1, slider 1, stepper 2, choice 3.
            #expect(layout.hitRegions.count == 7)
            for region in layout.hitRegions {
                #expect(region.rect.width >= 48 && region.rect.height >= 48, "\(region.rect)")
                guard case .control = region.action else {
                    Issue.record("not a control action: \(region.action)")
                    continue
                }
            }
            let parts = layout.hitRegions.compactMap { region -> ControlPart? in
                if case .control(let input) = region.action { return input.part }
                return nil
            }
            #expect(
                parts == [
                    .toggle, .track(fraction: nil), .step(-1), .step(1), .option(0), .option(1),
                    .option(2)
                ])
        }
    }

    @Test("a control redraws its card when its value changes and never moves the page below")
    func liveRegion() {
        let layout = TestFixtures.renderer().layout(
            panel: Panel(widgets: widgets), size: Size(width: 800, height: 2000), theme: theme)
        let names = layout.dynamicRegions.compactMap { region -> String? in
            if case .value(let name) = region.source { return name }
            return nil
        }
        #expect(names == ["heating", "speed", "setpoint", "mode"])
        for (region, frame) in zip(layout.dynamicRegions, layout.widgets) {
            #expect(region.rect == frame.frame)
        }
    }
}

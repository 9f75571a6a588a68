import KioskCore
import Testing

@Suite("Controls: a control is named, and found again by its name")
struct ControlNameTests {
    let slider = ControlWidget(
        kind: .slider(ControlRange(min: 15, max: 30, step: 0.5)), label: "Setpoint",
        value: "setpoint", effects: ControlEffects())
    let stepper = ControlWidget(
        kind: .stepper(ControlRange(min: 15, max: 30, step: 0.5)), label: "", value: "setpoint",
        effects: ControlEffects())
    let toggle = ControlWidget(
        kind: .toggle(on: "on", off: "off"), label: "Heating", value: "heating",
        effects: ControlEffects())

    func configuration(_ widgets: [Widget]) -> KioskConfiguration {
        let page = PageDefinition(
            id: "plant", title: "Plant", content: .panel(Panel(widgets: widgets)))
        return KioskConfiguration(
            settings: KioskSettings(home: "plant"), pages: ["plant": page],
            directory: "/nonexistent")
    }

    @Test("two controls of one value on one page have names of their own and are found by them")
    func twoControlsOfOneValue() throws {
        let widgets: [Widget] = [
            .control(slider), .title(TitleWidget(text: "T")), .control(toggle), .control(stepper)
        ]
        let panel = Panel(widgets: widgets)
        let names = [
            panel.name(of: slider, at: 0), panel.name(of: toggle, at: 2),
            panel.name(of: stepper, at: 3)
        ]
        #expect(
            names == [
                ControlName(value: "setpoint"), ControlName(value: "heating"),
                ControlName(value: "setpoint", ordinal: 1)
            ])
        let shown = configuration(widgets)
        #expect(names.map { shown.control($0, on: "plant") } == [slider, toggle, stepper])
    }

    @Test("a name finds the control as a reload left it, and nothing once it is gone")
    func afterReload() throws {
        let name = Panel(widgets: [.control(stepper)]).name(of: stepper, at: 0)
        var wider = stepper
        wider.kind = .stepper(ControlRange(min: 0, max: 40, step: 1))
        let reloaded = configuration([.title(TitleWidget(text: "New")), .control(wider)])
        #expect(reloaded.control(name, on: "plant") == wider)
        #expect(configuration([.control(toggle)]).control(name, on: "plant") == nil)
        #expect(reloaded.control(name, on: "elsewhere") == nil)
    }
}

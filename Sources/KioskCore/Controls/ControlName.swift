/// Which control of a page a touch is on, by name rather than by copy: the `ordinal`-th control
/// (0 = the first) that changes the `[[value]]` `value`. A touch, a queued change or an open
/// keypad outlives a config reload; by name the runner finds the control as the reloaded page
/// has it (its range, its topic), or finds that it is gone.
public struct ControlName: Hashable, Sendable, CustomStringConvertible {
    public var value: String
    /// Tells apart two controls of one value on one page (a slider and a stepper of a setpoint).
    public var ordinal: Int

    public init(value: String, ordinal: Int = 0) {
        self.value = value
        self.ordinal = ordinal
    }

    public var description: String { ordinal == 0 ? value : "\(value)#\(ordinal + 1)" }
}

extension Panel {
    /// The name of `control`, the widget at `index`: its value and how many controls of that
    /// value come before it.
    public func name(of control: ControlWidget, at index: Int) -> ControlName {
        let before = widgets.prefix(index).count {
            if case .control(let other) = $0 { other.value == control.value } else { false }
        }
        return ControlName(value: control.value, ordinal: before)
    }

    /// The control `name` names on this panel, as it is now.
    public func control(_ name: ControlName) -> ControlWidget? {
        let same = widgets.compactMap { widget -> ControlWidget? in
            if case .control(let w) = widget, w.value == name.value { w } else { nil }
        }
        return same.indices.contains(name.ordinal) ? same[name.ordinal] : nil
    }
}

extension KioskConfiguration {
    /// The control `name` names on `page` in this configuration; nil when the page is no panel
    /// or has no such control (it went in a reload).
    public func control(_ name: ControlName, on page: PageID) -> ControlWidget? {
        guard case .panel(let panel) = pages[page]?.content else { return nil }
        return panel.control(name)
    }
}

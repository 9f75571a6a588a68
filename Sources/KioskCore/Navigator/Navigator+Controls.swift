/// Toggles, sliders, steppers and choices: the navigation hands a touch on one to its
/// `controlHandler` (the runner's control widgets) with the page it was on, and does not move.
extension Navigator {
    func carryOut(_ input: ControlInput, from origin: NavigationNode) -> Bool {
        guard let controlHandler else {
            lastRefusal = "\(input): controls change values only under `kiosk-shell run`"
            return false
        }
        controlHandler(input, origin.id)
        return true
    }

    /// A slider's track learns where on it the finger came down (the fraction of its width);
    /// every other action is as laid out.
    static func placed(_ action: Action, at point: Point, on rect: Rect) -> Action {
        guard case .control(var input) = action, case .track = input.part, rect.width > 0 else {
            return action
        }
        input.part = .track(fraction: (point.x - rect.minX) / rect.width)
        return .control(input)
    }
}

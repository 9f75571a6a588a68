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
    static func placed(
        _ action: Action, at point: Point, on rect: Rect, direction: LayoutDirection
    ) -> Action {
        guard case .control(var input) = action, case .track = input.part, rect.width > 0 else {
            return action
        }
        input.part = .track(fraction: direction.fraction(at: point.x, along: rect))
        return .control(input)
    }

    /// A finger that lands on a slider's track drags its knob: the track claims horizontal pans
    /// before the panel and any cube around it (vertical ones still scroll the page), and every
    /// step of the drag hands the finger's place on the track to the control handler, which
    /// shows it at once and rate-limits what it sends.
    func sliderClaims(_ node: NavigationNode, frame: Rect, at point: Point) -> [WidgetClaim] {
        guard controlHandler != nil else { return [] }
        let scroll = Point(x: 0, y: node.scrollOffset)
        let local = point - frame.origin + scroll
        let targets = panels.targets(page: node.id, size: node.contentSize(frame: frame.size))
        guard let target = targets.first(where: { $0.rect.contains(local) }),
            case .control(let input) = target.action, case .track = input.part
        else { return [] }
        let track = Rect(
            origin: target.rect.origin + frame.origin - scroll, size: target.rect.size)
        let page = node.id
        return [
            WidgetClaim(accepts: [.horizontalPan], region: track) { [unowned self] gesture in
                guard let pan = gesture.panGesture, pan.phase != .cancelled else { return }
                var dragged = input
                dragged.part = .track(
                    fraction: layoutDirection.fraction(at: pan.position.x, along: track))
                controlHandler?(dragged, page)
            }
        ]
    }
}

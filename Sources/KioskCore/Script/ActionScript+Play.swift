extension ActionScript {
    /// The touch, key and action events of the script with their times, in order.
    public enum Event: Hashable, Sendable {
        case touch(TouchEvent)
        case key(KeyEvent)
        case action(Action, time: Double)

        public var time: Double {
            switch self {
            case .touch(let t): t.time
            case .key(let k): k.time
            case .action(_, let t): t
            }
        }
    }

    /// Every event of the script and the time the script ends.
    public func events() -> (events: [Event], end: Double) {
        var events: [Event] = []
        var t = 0.0
        for step in steps {
            switch step {
            case .tap(let p):
                events.append(.touch(.down(id: 0, position: p, time: t)))
                events.append(.touch(.frame(time: t)))
                t += Self.tapDuration
                events.append(.touch(.up(id: 0, time: t)))
                events.append(.touch(.frame(time: t)))
            case .drag(let from, let to, let duration):
                events.append(.touch(.down(id: 0, position: from, time: t)))
                events.append(.touch(.frame(time: t)))
                let samples = max(1, Int((duration * Self.dragSampleRate).rounded(.up)))
                for i in 1...samples {
                    let f = Double(i) / Double(samples)
                    let p = Point(x: from.x + (to.x - from.x) * f, y: from.y + (to.y - from.y) * f)
                    let time = t + duration * f
                    events.append(.touch(.motion(id: 0, position: p, time: time)))
                    events.append(.touch(.frame(time: time)))
                }
                t += duration
                events.append(.touch(.up(id: 0, time: t)))
                events.append(.touch(.frame(time: t)))
            case .wait(let d):
                t += d
            case .key(let key):
                events.append(.key(KeyEvent(key: key, isPressed: true, time: t)))
                events.append(.key(KeyEvent(key: key, isPressed: false, time: t)))
            case .action(let action):
                events.append(.action(action, time: t))
            }
        }
        return (events, t)
    }

    /// Plays the script on `navigator` up to time `until` (default: the script's end, then until
    /// nothing moves, at most 30 s more). Returns the time the navigator was left at.
    @discardableResult
    public func play(on navigator: Navigator, until: Double? = nil) -> Double {
        let (events, end) = events()
        let stop = until ?? Double.infinity
        for event in events where event.time <= stop {
            Self.advance(navigator, to: event.time)
            switch event {
            case .touch(let touch): navigator.handle(touch)
            case .key(let key): navigator.handle(key)
            case .action(let action, _): navigator.perform(action)
            }
        }
        if let until {
            Self.advance(navigator, to: until)
            return until
        }
        var t = max(end, navigator.now)
        Self.advance(navigator, to: t)
        let limit = t + 30
        while navigator.isAnimating && t < limit {
            t += 1.0 / 60
            navigator.advance(to: t)
        }
        return t
    }

    /// Moves `navigator` to `time` as the run loop does: frames of 1/60 s while something moves,
    /// else asleep until its next deadline (a playlist's turn, a long press), which a timer
    /// meets 1 ms after it is due at the earliest. So a `wait` lets a playlist turn by itself.
    static func advance(_ navigator: Navigator, to time: Double) {
        while true {
            let next: Double
            if navigator.isAnimating {
                next = navigator.now + 1.0 / 60
            } else if let deadline = navigator.nextDeadline {
                next = max(deadline, navigator.now + 0.001)
            } else {
                break
            }
            guard next < time else { break }
            navigator.advance(to: next)
        }
        navigator.advance(to: time)
    }
}

/// The steps of `kiosk-shell calibrate`, without drawing or I/O: targets one after another, a
/// least-squares solve over the touches, then a check screen where touches already go through
/// the new calibration and two buttons keep it ("Save") or start over ("Again").
///
/// Touches come in logical pixels mapped *without* calibration (the mapper's calibration is
/// reset to identity); each is turned back into normalised device coordinates (the frame the
/// calibration matrix works in), so one session serves compositor and libinput touches alike.
public struct CalibrationSession: Sendable {
    public enum Phase: Hashable, Sendable {
        /// Waiting for a touch on target `index`.
        case target(index: Int)
        /// The matrix is solved; touches show where they land with it.
        case check(TouchCalibration)
        /// The technician kept the matrix.
        case saved(TouchCalibration)
    }

    /// Maps touches without calibration (identity).
    public let mapper: TouchMapper
    /// Target centres in logical pixels, in the order shown.
    public let targets: [Point]
    public private(set) var phase: Phase = .target(index: 0)
    /// Normalised device points touched for the targets so far.
    public private(set) var touched: [Point] = []
    /// Why the last solve failed (the run starts over), for the instruction line.
    public private(set) var lastError: TouchCalibrationError?
    /// The corrected logical position of the finger on the check screen.
    public private(set) var checkFinger: Point?
    /// The finger being followed (the first one down); others are ignored.
    private var finger: (id: Int32, position: Point)?

    /// `points` targets (4...9) for a panel seen through `mapper` (its calibration is ignored).
    public init(mapper: TouchMapper, points: Int) {
        var identity = mapper
        identity.calibration = .identity
        self.mapper = identity
        targets = Self.targetPoints(count: points, in: identity.logicalSize)
    }

    /// The targets: the four corners inset by 12.5 % (clockwise from top-left), the centre, then
    /// the edge midpoints; `count` is clamped to 4...9.
    public static func targetPoints(count: Int, in size: Size) -> [Point] {
        let fractions: [(Double, Double)] = [
            (0.125, 0.125), (0.875, 0.125), (0.875, 0.875), (0.125, 0.875), (0.5, 0.5),
            (0.5, 0.125), (0.875, 0.5), (0.5, 0.875), (0.125, 0.5)
        ]
        return fractions.prefix(min(max(count, 4), 9)).map {
            Point(x: $0.0 * size.width, y: $0.1 * size.height)
        }
    }

    /// The calibration pairs collected so far (target and touched, normalised device points).
    public var pairs: [CalibrationPair] {
        zip(targets, touched).map {
            CalibrationPair(target: mapper.deviceNormalisedPoint(forLogical: $0), touched: $1)
        }
    }

    /// The check screen's buttons: "Again" then "Save", side by side in the lower part.
    public var buttonBar: Rect {
        let size = mapper.logicalSize
        let width = min(size.width * 0.8, 640)
        return Rect(
            x: (size.width - width) / 2, y: size.height * 0.72, width: width,
            height: max(64, size.height * 0.1))
    }

    /// The two halves of `buttonBar`: 0 = "Again", 1 = "Save".
    public var buttonRects: [Rect] {
        let bar = buttonBar
        let half = (bar.width / 2).rounded()
        return [
            Rect(x: bar.minX, y: bar.minY, width: half, height: bar.height),
            Rect(x: bar.minX + half, y: bar.minY, width: bar.width - half, height: bar.height)
        ]
    }

    /// Feeds a touch (logical pixels, uncalibrated). Returns true when something on screen changed.
    public mutating func handle(_ event: TouchEvent) -> Bool {
        switch event {
        case .down(let id, let p, _):
            guard finger == nil else { return false }
            finger = (id, p)
            return followCheck(p)
        case .motion(let id, let p, _):
            guard finger?.id == id else { return false }
            finger?.position = p
            return followCheck(p)
        case .up(let id, _):
            guard let current = finger, current.id == id else { return false }
            finger = nil
            return released(at: current.position)
        case .cancel:
            finger = nil
            checkFinger = nil
            return true
        case .frame:
            return false
        }
    }

    /// Back to the first target, forgetting every touch.
    public mutating func restart() {
        touched = []
        phase = .target(index: 0)
        checkFinger = nil
        finger = nil
    }

    /// Where a raw (uncalibrated logical) point lands with `calibration`.
    public func corrected(_ p: Point, with calibration: TouchCalibration) -> Point {
        var calibrated = mapper
        calibrated.calibration = calibration
        return calibrated.logicalPoint(
            fromDeviceNormalised: mapper.deviceNormalisedPoint(forLogical: p))
    }

    private mutating func followCheck(_ p: Point) -> Bool {
        guard case .check(let calibration) = phase else { return false }
        checkFinger = corrected(p, with: calibration)
        return true
    }

    private mutating func released(at p: Point) -> Bool {
        switch phase {
        case .target(let index):
            touched.append(mapper.deviceNormalisedPoint(forLogical: p))
            if index + 1 < targets.count {
                phase = .target(index: index + 1)
                return true
            }
            do {
                phase = .check(try TouchCalibration.solve(pairs))
                lastError = nil
            } catch {
                lastError = error
                restart()
            }
            return true
        case .check(let calibration):
            let q = corrected(p, with: calibration)
            checkFinger = q
            if buttonRects[1].contains(q) {
                phase = .saved(calibration)
            } else if buttonRects[0].contains(q) {
                restart()
            }
            return true
        case .saved:
            return false
        }
    }
}

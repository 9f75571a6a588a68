/// One calibration sample, both points in normalised device coordinates (0...1 of the
/// digitizer's frame): where the target was drawn (`TouchMapper.deviceNormalisedPoint(forLogical:)`
/// gives it) and what the digitizer reported when the technician touched it.
public struct CalibrationPair: Hashable, Sendable {
    public var target: Point
    public var touched: Point

    public init(target: Point, touched: Point) {
        self.target = target
        self.touched = touched
    }
}

/// A touchscreen calibration matrix with libinput's `LIBINPUT_CALIBRATION_MATRIX` meaning: the
/// 2x3 matrix [a b c; d e f] applied to normalised device coordinates (0...1 across the
/// digitizer's own axes) gives corrected normalised coordinates, still in the digitizer's frame
/// (before any rotation to the display).
///
/// kiosk-shell applies it on top of whatever matrix libinput already applied from udev, so a
/// udev rule and this setting compose (udev first).
public struct TouchCalibration: Hashable, Sendable, CustomStringConvertible {
    public var matrix: Affine2D

    public init(matrix: Affine2D) { self.matrix = matrix }

    /// The calibration that changes nothing.
    public static let identity = TouchCalibration(matrix: .identity)

    public var isIdentity: Bool { matrix == .identity }

    /// Reads the udev property format: six numbers separated by whitespace, "a b c d e f"
    /// (`ENV{LIBINPUT_CALIBRATION_MATRIX}="0 1 0 -1 0 1"`).
    public init(parsing text: String) throws(TouchCalibrationError) {
        let parts = text.split(whereSeparator: {
            $0 == " " || $0 == "\t" || $0 == "\n" || $0 == "\r"
        })
        guard parts.count == 6 else { throw .wrongValueCount(parts.count) }
        var values: [Double] = []
        for part in parts {
            guard let value = Double(part) else { throw .notANumber(String(part)) }
            guard value.isFinite else { throw .notFinite }
            values.append(value)
        }
        let matrix = Affine2D(
            a: values[0], b: values[1], c: values[2], d: values[3], e: values[4], f: values[5])
        guard matrix.inverse != nil else { throw .singular }
        self.matrix = matrix
    }

    /// The udev property string: "a b c d e f".
    public var udevPropertyValue: String { matrix.description }

    public var description: String { udevPropertyValue }

    /// Corrected normalised device coordinates for raw ones.
    public func apply(_ normalised: Point) -> Point { matrix.apply(normalised) }
}

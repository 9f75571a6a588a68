/// Why a calibration matrix could not be read or computed. Each message is one line.
public enum TouchCalibrationError: Error, Hashable, Sendable, CustomStringConvertible {
    /// The string did not hold exactly six numbers.
    case wrongValueCount(Int)
    /// One of the values is not a number (the offending text).
    case notANumber(String)
    /// A value is infinite or NaN.
    case notFinite
    /// The matrix squashes the panel onto a line or a point: touches could not be told apart.
    case singular
    /// The solver needs at least four (target, touched) pairs; it got this many.
    case tooFewPoints(Int)
    /// The touched points lie on one line (or on one spot), so no matrix fits them.
    case degeneratePoints

    public var description: String {
        switch self {
        case .wrongValueCount(let n):
            "calibration matrix needs 6 numbers \"a b c d e f\", got \(n)"
        case .notANumber(let text):
            "calibration matrix value \"\(text)\" is not a number (use spaces between the 6 values)"
        case .notFinite:
            "calibration matrix values must be finite numbers"
        case .singular:
            "calibration matrix is singular: it would map the whole panel onto a line"
        case .tooFewPoints(let n):
            "calibration needs at least 4 touched targets, got \(n)"
        case .degeneratePoints:
            "calibration touches lie on one line; touch targets spread over the panel"
        }
    }
}

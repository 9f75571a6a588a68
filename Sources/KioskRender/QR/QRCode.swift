// Ownership: the KioskQRCode libqrencode returns is copied into Swift memory and freed at once,
// so no C pointer outlives `encode`.
import CQREncode
import KioskCore

/// A QR code's modules, encoded by libqrencode (loaded at run time; `QRCode.libraryProblem`
/// says why it is missing).
public struct QRCode: Hashable, Sendable {
    /// Modules a side, without the quiet zone.
    public let width: Int
    /// Row by row, true for a dark module.
    let dark: [Bool]

    /// The standard's quiet zone: 4 light modules round the code, which readers need to find it.
    public static let quietZone = 4

    public enum Failure: Error, Hashable, Sendable {
        /// libqrencode4 is not installed (the one-line reason).
        case libraryMissing(String)
        /// The text does not fit in a code at this level.
        case tooLong(bytes: Int, level: QRErrorCorrection)
    }

    /// Why libqrencode cannot be used, nil when it can (loaded once per process).
    public static var libraryProblem: String? {
        kiosk_qrencode_load().map { String(cString: $0) }
    }

    public static func encode(_ text: String, level: QRErrorCorrection) -> Result<QRCode, Failure> {
        if let problem = libraryProblem { return .failure(.libraryMissing(problem)) }
        let cLevel: KioskQRLevel =
            switch level {
            case .L: KIOSK_QR_LEVEL_L
            case .M: KIOSK_QR_LEVEL_M
            case .Q: KIOSK_QR_LEVEL_Q
            case .H: KIOSK_QR_LEVEL_H
            }
        // libqrencode fails (ERANGE) when the text is longer than version 40 holds.
        guard let code = kiosk_qrencode_encode(text, cLevel) else {
            return .failure(.tooLong(bytes: text.utf8.count, level: level))
        }
        defer { kiosk_qrencode_free(code) }
        let width = Int(code.pointee.width)
        let modules = UnsafeBufferPointer(start: code.pointee.data, count: width * width)
        return .success(QRCode(width: width, dark: modules.map { $0 & 1 != 0 }))
    }

    public func isDark(x: Int, y: Int) -> Bool { dark[y * width + x] }
}

extension QRCode.Failure: CustomStringConvertible {
    public var description: String {
        switch self {
        case .libraryMissing(let reason): "QR code not drawn: \(reason)"
        case .tooLong(let bytes, let level):
            "QR code not drawn: \(bytes) bytes are too long for level \(level.rawValue)"
        }
    }
}

/// A failure while drawing or writing images, as one line a technician understands.
public enum RenderError: Error, CustomStringConvertible, Equatable {
    case surfaceCreation(width: Int, height: Int, reason: String)
    case pngWrite(path: String, reason: String)
    case pngRead(path: String, reason: String)
    /// The PNG would be larger than a caller's limit (a screenshot sent over MQTT).
    case pngTooLarge(limit: Int)

    public var description: String {
        switch self {
        case .surfaceCreation(let w, let h, let reason):
            "cannot create a \(w)x\(h) image: \(reason)"
        case .pngWrite(let path, let reason): "\(path): cannot write PNG: \(reason)"
        case .pngRead(let path, let reason): "\(path): cannot read PNG: \(reason)"
        case .pngTooLarge(let limit): "the PNG is larger than \(limit / 1024) KiB"
        }
    }
}

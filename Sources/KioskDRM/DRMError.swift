import Glibc

/// Why the DRM/KMS output cannot start or went away; one line a technician understands.
public struct DRMError: Error, Hashable, Sendable, CustomStringConvertible {
    public var description: String
    public init(_ description: String) { self.description = description }

    /// `what` failed with errno `code`.
    static func errno(_ what: String, _ code: Int32) -> DRMError {
        DRMError("\(what): \(String(cString: strerror(code)))")
    }
}

// TOMLKit 0.6's `string`, `int`, `double` and `bool` copy the scalar into memory they malloc and
// never free (a strdup per string, 8 bytes per number): about 1.7 KiB per config load, which a
// soak reloading every 4 s saw as steady heap growth (issue 26). These read the same scalar
// through TOMLKit's C layer and free the copy. The node pointer is internal to TOMLKit;
// reflection reads it as `TOMLRelease` reads a table's, and the leaking getter stays the fallback.
import CTOML
import Glibc
import TOMLKit

extension TOMLValue {
    var stringValue: String? {
        guard type == .string else { return nil }
        guard let node = nodePointer else { return string }
        guard let copy = nodeAsString(node) else { return nil }
        defer { free(UnsafeMutableRawPointer(mutating: copy)) }
        return String(cString: copy)
    }

    var intValue: Int? {
        guard type == .int else { return nil }
        guard let node = nodePointer else { return int }
        return Self.freed(nodeAsInt(node)).map { Int($0) }
    }

    var doubleValue: Double? {
        guard type == .double else { return nil }
        guard let node = nodePointer else { return double }
        return Self.freed(nodeAsDouble(node))
    }

    var boolValue: Bool? {
        guard type == .bool else { return nil }
        guard let node = nodePointer else { return bool }
        return Self.freed(nodeAsBool(node))
    }

    private var nodePointer: OpaquePointer? {
        Mirror(reflecting: self).descendant("tomlValuePointer") as? OpaquePointer
    }

    /// The value a C getter malloc'd, with its memory freed.
    private static func freed<Scalar>(_ copy: UnsafePointer<Scalar>?) -> Scalar? {
        guard let copy else { return nil }
        defer { free(UnsafeMutableRawPointer(mutating: copy)) }
        return copy.pointee
    }
}

import KioskCore

/// A device's number within one input source, assigned when it appears (1, 2, …) and never reused
/// while the source lives, so a device that vanishes and comes back is a new device.
public struct InputDeviceID: Hashable, Sendable, Comparable, CustomStringConvertible {
    public var rawValue: Int
    public init(_ rawValue: Int) { self.rawValue = rawValue }
    public static func < (a: InputDeviceID, b: InputDeviceID) -> Bool { a.rawValue < b.rawValue }
    public var description: String { "\(rawValue)" }
}

/// What a device can do, as libinput reports it.
public struct InputCapabilities: OptionSet, Hashable, Sendable {
    public var rawValue: UInt8
    public init(rawValue: UInt8) { self.rawValue = rawValue }
    public static let keyboard = InputCapabilities(rawValue: 1)
    public static let pointer = InputCapabilities(rawValue: 2)
    public static let touch = InputCapabilities(rawValue: 4)
}

/// A device as the input source knows it.
public struct InputDeviceInfo: Hashable, Sendable, CustomStringConvertible {
    public var id: InputDeviceID
    /// The kernel's name for it ("ILITEK ILITEK-TP").
    public var name: String
    /// Its device node ("/dev/input/event3"), or "" when unknown.
    public var node: String
    public var capabilities: InputCapabilities

    public init(id: InputDeviceID, name: String, node: String = "", capabilities: InputCapabilities)
    {
        self.id = id
        self.name = name
        self.node = node
        self.capabilities = capabilities
    }

    public var description: String {
        var caps: [String] = []
        if capabilities.contains(.touch) { caps.append("touch") }
        if capabilities.contains(.pointer) { caps.append("pointer") }
        if capabilities.contains(.keyboard) { caps.append("keyboard") }
        let where_ = node.isEmpty ? "" : " at \(node)"
        return
            "input device \(id) \"\(name)\"\(where_) (\(caps.isEmpty ? "no usable capability" : caps.joined(separator: ", ")))"
    }
}

import CSystemdBus
import KioskCore
import KioskPlatform
#if canImport(Glibc)
    import Glibc
#endif

// Ownership: the service owns its BusConnection, the object's slot and the name request's slot
// (unref'd in deinit). sd-bus gets the service as an unretained userdata pointer; it only calls
// back from sd_bus_process on the loop thread, while the service (which owns the slot) is alive.

/// The kiosk's D-Bus object: `/org/kioskshell/Kiosk1`, interface `org.kioskshell.Kiosk1`, bus
/// name `org.kioskshell.Kiosk1`. Methods Open(s), Back(), Home(), Next(), Previous(), Reload(),
/// Screenshot(s), SetValue(ss), Display(s), Brightness(u), Screensaver() go to the delegate;
/// properties CurrentPage (s), Idle (b), Blanked (b) and Health (s, JSON) come from it; signals PageChanged(s) and ActionRan(ss) are sent by the runner through
/// `pageChanged(to:)` and `actionRan(page:action:)`. Who may call is the bus policy's decision
/// (systemd/dbus/org.kioskshell.Kiosk1.conf).
public final class KioskBusService {
    public weak var delegate: KioskControlDelegate?
    /// One line per call handled or refused.
    public var onLog: ((String) -> Void)?
    private let connection: BusConnection
    private var objectSlot: OpaquePointer?
    private var nameSlot: OpaquePointer?
    private let nameResult = UnsafeMutablePointer<Int32>.allocate(capacity: 1)

    /// Connects to `address` (nil: the system bus), exports the object and asks for the name
    /// without waiting (see `ownsName`).
    public init(loop: EventLoop, address: String? = nil, delegate: KioskControlDelegate)
        throws(ControlError)
    {
        self.delegate = delegate
        connection = try BusConnection(address: address)
        nameResult.initialize(to: 0)
        Self.installCallbacks
        var slot: OpaquePointer?
        var code = kiosk_bus_add_object(
            connection.bus, &slot, Unmanaged.passUnretained(self).toOpaque())
        guard code >= 0 else {
            throw .dbus("cannot export \(KIOSK_BUS_PATH): \(String(cString: strerror(-code)))")
        }
        objectSlot = slot
        code = kiosk_bus_request_name(connection.bus, &nameSlot, nameResult)
        guard code >= 0 else {
            throw .dbus("cannot ask for \(KIOSK_BUS_NAME): \(String(cString: strerror(-code)))")
        }
        try connection.attach(to: loop)
    }

    deinit {
        connection.detach()
        if let objectSlot { sd_bus_slot_unref(objectSlot) }
        if let nameSlot { sd_bus_slot_unref(nameSlot) }
        nameResult.deallocate()
    }

    /// True once the bus gave us the name; false while asking; a refusal (the policy does not
    /// let this user own it, or another kiosk has it) is `nameError`.
    public var ownsName: Bool { nameResult.pointee == 1 }
    /// Why the name was refused, nil while asking or once owned.
    public var nameError: ControlError? {
        nameResult.pointee < 0
            ? .dbus(
                "cannot own \(KIOSK_BUS_NAME): \(String(cString: strerror(-nameResult.pointee)))")
            : nil
    }

    /// Sends PageChanged(page) and the CurrentPage property change.
    public func pageChanged(to page: String) {
        kiosk_bus_emit_page_changed(connection.bus, page)
        kiosk_bus_emit_property_changed(connection.bus, "CurrentPage")
    }

    /// Sends ActionRan(page, action).
    public func actionRan(page: String, action: String) {
        kiosk_bus_emit_action_ran(connection.bus, page, action)
    }

    /// Sends the property change of Idle or Blanked after the runner changed it.
    public func statusChanged(_ property: String) {
        precondition(
            ["Idle", "Blanked", "CurrentPage"].contains(property), "unknown property \(property)")
        kiosk_bus_emit_property_changed(connection.bus, property)
    }

    // MARK: calls from sd-bus

    /// The command a method call asks for, or the reason it is malformed.
    static func command(member: String, first: String?, second: String?) throws(ControlError)
        -> RemoteCommand
    {
        switch member {
        case "Open":
            guard let page = first, RemoteCommand.isIdentifier(page, limit: 128) else {
                throw .refusedCommand("Open needs a page id (letters, digits, '.', '_', '-')")
            }
            return .navigate(.open(PageID(page)))
        case "Back": return .navigate(.back)
        case "Home": return .navigate(.home)
        case "Next": return .navigate(.nextFace)
        case "Previous": return .navigate(.previousFace)
        case "Reload": return .reload
        case "Screenshot":
            guard let path = first, path.hasPrefix("/"), path.utf8.count < 4096 else {
                throw .refusedCommand("Screenshot needs an absolute file path")
            }
            return .screenshot(path: path)
        case "Display":
            return .display(try RemoteCommand.displayPower(first ?? ""))
        case "Brightness":
            return .brightness(try RemoteCommand.brightness(first ?? ""))
        case "Screensaver": return .screensaver
        case "SetValue":
            guard let name = first, RemoteCommand.isIdentifier(name, limit: 64), let value = second
            else {
                throw .refusedCommand("SetValue needs a value name and a value")
            }
            return .setValue(name: name, value: value)
        default:
            throw .refusedCommand("unknown method \(member)")
        }
    }

    fileprivate func call(member: String, first: String?, second: String?) -> Result<
        Void, ControlError
    > {
        do throws(ControlError) {
            let command = try Self.command(member: member, first: first, second: second)
            guard let delegate else { throw .dbus("the kiosk is shutting down") }
            try delegate.perform(command)
            onLog?("D-Bus: \(command)")
            return .success(())
        } catch {
            onLog?("D-Bus: \(member) refused: \(error)")
            return .failure(error)
        }
    }

    fileprivate var status: KioskStatus { delegate?.status ?? KioskStatus(currentPage: "") }

    private static let installCallbacks: Void = {
        var callbacks = kiosk_bus_callbacks(
            method: { context, member, first, second, error, size in
                guard let context, let member else { return -EINVAL }
                let service = Unmanaged<KioskBusService>.fromOpaque(context).takeUnretainedValue()
                let result = service.call(
                    member: String(cString: member), first: first.map { String(cString: $0) },
                    second: second.map { String(cString: $0) })
                guard case .failure(let failure) = result else { return 0 }
                copy(failure.description, to: error, size: size)
                if case .refusedCommand = failure { return -EINVAL }
                return -EIO
            },
            string_property: { context, name, buffer, size in
                guard let context, let name else { return -EINVAL }
                let service = Unmanaged<KioskBusService>.fromOpaque(context).takeUnretainedValue()
                switch String(cString: name) {
                case "CurrentPage": copy(service.status.currentPage, to: buffer, size: size)
                case "Health": copy(service.delegate?.health ?? "{}", to: buffer, size: size)
                default: return -ENOENT
                }
                return 0
            },
            bool_property: { context, name, value in
                guard let context, let name else { return -EINVAL }
                let service = Unmanaged<KioskBusService>.fromOpaque(context).takeUnretainedValue()
                switch String(cString: name) {
                case "Idle": value?.pointee = service.status.idle ? 1 : 0
                case "Blanked": value?.pointee = service.status.blanked ? 1 : 0
                default: return -ENOENT
                }
                return 0
            })
        kiosk_bus_set_callbacks(&callbacks)
    }()
}

/// Copies `text` into a C buffer of `size` bytes, cut at a character boundary, NUL-terminated.
func copy(_ text: String, to buffer: UnsafeMutablePointer<CChar>?, size: Int) {
    guard let buffer, size > 0 else { return }
    var bytes = Array(text.utf8)
    if bytes.count >= size {
        bytes = Array(bytes.prefix(size - 1))
        // Do not end inside a UTF-8 sequence.
        while let last = bytes.last, last & 0xC0 == 0x80 { bytes.removeLast() }
        if let last = bytes.last, last >= 0xC0 { bytes.removeLast() }
    }
    for (index, byte) in bytes.enumerated() { buffer[index] = CChar(bitPattern: byte) }
    buffer[bytes.count] = 0
}

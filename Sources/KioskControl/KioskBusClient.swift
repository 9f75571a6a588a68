import CSystemdBus
import KioskPlatform
#if canImport(Glibc)
    import Glibc
#endif

// Ownership: the client owns its BusConnection and the signal match's slot (unref'd in deinit);
// the C shim owns the small record that routes signals back to `signalHandler`.

/// The caller's side of `org.kioskshell.Kiosk1`, for `kiosk-shell ctl`: blocking calls with a
/// timeout (a command-line tool has nothing else to do meanwhile), and signals through a loop.
public final class KioskBusClient {
    private let connection: BusConnection
    private let timeout: Double
    private var signalSlot: OpaquePointer?
    private var signalHandler: ((_ member: String, _ arguments: [String]) -> Void)?

    /// Connects to `address` (nil: the system bus); calls wait at most `timeout` seconds.
    public init(address: String? = nil, timeout: Double = 5) throws(ControlError) {
        connection = try BusConnection(address: address)
        self.timeout = timeout
    }

    deinit {
        if let signalSlot { sd_bus_slot_unref(signalSlot) }
    }

    /// Calls the method for `command` (Open, Back, Home, Next, Previous, Reload, Screenshot,
    /// SetValue); an action no remote command names (a program, a transition) is refused.
    public func send(_ command: RemoteCommand) throws(ControlError) {
        switch command {
        case .navigate(.open(let page)): try call("Open", page.rawValue)
        case .navigate(.back): try call("Back")
        case .navigate(.home): try call("Home")
        case .navigate(.nextFace): try call("Next")
        case .navigate(.previousFace): try call("Previous")
        case .reload: try call("Reload")
        case .screenshot(let path): try call("Screenshot", path)
        case .setValue(let name, let value): try call("SetValue", name, value)
        case .display(let power): try call("Display", power.rawValue)
        case .screensaver: try call("Screensaver")
        case .brightness(let percent):
            var error = [CChar](repeating: 0, count: 512)
            let code = kiosk_bus_call_number(
                connection.bus, "Brightness", UInt32(percent), UInt64(timeout * 1_000_000), &error,
                error.count)
            guard code >= 0 else { throw .dbus(Self.text(error)) }
        case .publishScreenshot, .navigate: throw .refusedCommand("\(command) has no D-Bus method")
        }
    }

    /// Reads the Health property: the health report's JSON.
    public func health() throws(ControlError) -> String {
        var error = [CChar](repeating: 0, count: 512)
        var text: UnsafeMutablePointer<CChar>?
        let code = kiosk_bus_get_string(connection.bus, "Health", &text, &error, error.count)
        guard code >= 0, let text else { throw .dbus(Self.text(error)) }
        defer { free(text) }
        return String(cString: text)
    }

    /// Reads CurrentPage, Idle and Blanked.
    public func status() throws(ControlError) -> KioskStatus {
        var error = [CChar](repeating: 0, count: 512)
        var page: UnsafeMutablePointer<CChar>?
        var code = kiosk_bus_get_string(connection.bus, "CurrentPage", &page, &error, error.count)
        guard code >= 0, let page else { throw .dbus(Self.text(error)) }
        let current = String(cString: page)
        free(page)
        var idle: Int32 = 0
        var blanked: Int32 = 0
        code = kiosk_bus_get_bool(connection.bus, "Idle", &idle, &error, error.count)
        if code >= 0 {
            code = kiosk_bus_get_bool(connection.bus, "Blanked", &blanked, &error, error.count)
        }
        guard code >= 0 else { throw .dbus(Self.text(error)) }
        return KioskStatus(currentPage: current, idle: idle != 0, blanked: blanked != 0)
    }

    /// Calls `handler` with every signal of the kiosk (PageChanged, ActionRan) while `loop`
    /// runs.
    public func watchSignals(
        on loop: EventLoop, _ handler: @escaping (_ member: String, _ arguments: [String]) -> Void
    )
        throws(ControlError)
    {
        signalHandler = handler
        let code = kiosk_bus_watch_signals(
            connection.bus, &signalSlot,
            { context, member, first, second in
                guard let context, let member else { return }
                let client = Unmanaged<KioskBusClient>.fromOpaque(context).takeUnretainedValue()
                let arguments = [first, second].compactMap { $0.map { String(cString: $0) } }
                client.signalHandler?(String(cString: member), arguments)
            }, Unmanaged.passUnretained(self).toOpaque())
        guard code >= 0 else {
            throw .dbus("cannot watch signals: \(String(cString: strerror(-code)))")
        }
        try connection.attach(to: loop)
    }

    /// The NUL-terminated text the shim wrote into `buffer`.
    static func text(_ buffer: [CChar]) -> String {
        String(decoding: buffer.prefix { $0 != 0 }.map { UInt8(bitPattern: $0) }, as: UTF8.self)
    }

    private func call(_ member: String, _ first: String? = nil, _ second: String? = nil)
        throws(ControlError)
    {
        var error = [CChar](repeating: 0, count: 512)
        let code = kiosk_bus_call(
            connection.bus, member, first, second, UInt64(timeout * 1_000_000), &error, error.count)
        guard code >= 0 else { throw .dbus(Self.text(error)) }
    }
}

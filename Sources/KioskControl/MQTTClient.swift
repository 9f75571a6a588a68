import CMosquitto
import KioskPlatform

// Ownership: the client owns one `struct mosquitto` (mosquitto_new … mosquitto_destroy in
// deinit) and registers its socket as a loop source, re-registering when libmosquitto opens a
// new socket on reconnect. libmosquitto's callbacks get the client as an unretained userdata
// pointer; they only run inside our own mosquitto_loop_* calls, on the loop thread, while the
// client is alive.

/// An MQTT client driven by the kiosk's epoll loop: no mosquitto thread, no blocking call on the
/// loop after `start()` (libmosquitto reads and writes its non-blocking socket when the loop
/// says it is ready). It publishes a retained `online`/`offline` status with a last will and the
/// current page, subscribes to value topics, accepts navigation commands on its command topic,
/// and reconnects with exponential backoff after any failure.
///
/// Limitation: libmosquitto resolves a broker host name with getaddrinfo inside the connect
/// call; use an IP address or an /etc/hosts name where DNS may be slow.
public final class MQTTClient {
    public enum State: Equatable, Sendable {
        case stopped
        /// Waiting for the broker's CONNACK.
        case connecting
        case connected
        /// Waiting before the next attempt.
        case waiting(seconds: Double)
    }

    public let configuration: MQTTConfiguration
    public private(set) var state: State = .stopped {
        didSet { if state != oldValue { onStateChange?(state) } }
    }
    /// A message on a subscribed topic (not the command topic), within `maxPayload`.
    public var onMessage: ((_ topic: String, _ payload: [UInt8]) -> Void)?
    /// Commands from the command topic, delivered once per loop round, bounded.
    public var onCommand: ((RemoteCommand) -> Void)?
    /// One line per event worth a journal entry (connected, lost, refused message or command).
    public var onLog: ((String) -> Void)?
    public var onStateChange: ((State) -> Void)?

    let loop: EventLoop
    var handle: OpaquePointer?
    private var subscriptions: Set<String> = []
    /// Retained messages of the panel (page, display, health): sent again after every connect.
    private var retained: [String: String] = [:]
    private var hook: EventLoop.SourceID?
    private var socketSource: EventLoop.SourceID?
    private var socketFD: Int32 = -1
    private var socketEvents: EventLoop.Events = []
    private var miscTimer: EventLoop.TimerID?
    private var retryTimer: EventLoop.TimerID?
    private var nextDelay: Double
    private var connectStartedAt = 0.0
    private var hasConnectedOnce = false
    private var unconfirmedSubscriptions: Set<Int32> = []
    private var commandTimer: EventLoop.TimerID?
    var commands: CommandQueue

    /// Connected, and the broker confirmed every subscription (messages published from now on
    /// reach this client).
    public var isReady: Bool { state == .connected && unconfirmedSubscriptions.isEmpty }

    /// Why libmosquitto cannot be used, nil when it is loaded and initialised. The first client
    /// loads it (dlopen): a kiosk without [mqtt] never maps it, nor OpenSSL behind it.
    private static let libraryProblem: String? = {
        if let problem = kiosk_mosquitto_load() { return String(cString: problem) }
        return kiosk_mosquitto_lib_init() == MOSQ_ERR_SUCCESS.rawValue
            ? nil : "libmosquitto failed to initialise"
    }()

    /// Sets up the client (no network yet: call `start()`).
    public init(loop: EventLoop, configuration: MQTTConfiguration) throws(ControlError) {
        if let problem = Self.libraryProblem { throw .mqtt(problem) }
        guard !configuration.topicPrefix.isEmpty,
            !configuration.topicPrefix.contains(where: { "+#".contains($0) })
        else {
            throw .mqtt(
                "topic prefix \"\(configuration.topicPrefix)\" must be non-empty without + or #")
        }
        self.loop = loop
        self.configuration = configuration
        nextDelay = configuration.reconnectDelay.first
        commands = CommandQueue(capacity: configuration.commandQueueLimit)
        // Clean session: subscriptions are made again on every connect.
        guard let handle = kiosk_mosquitto_new(configuration.clientID, true, nil) else {
            throw .mqtt("mosquitto_new failed for client id \"\(configuration.clientID)\"")
        }
        self.handle = handle
        kiosk_mosquitto_user_data_set(handle, Unmanaged.passUnretained(self).toOpaque())
        installCallbacks(handle)
        if let credentials = configuration.credentials {
            try check(
                kiosk_mosquitto_username_pw_set(handle, credentials.username, credentials.password),
                "username")
        }
        if configuration.broker.usesTLS {
            try check(
                kiosk_mosquitto_tls_set(
                    handle, configuration.caFile,
                    configuration.caFile == nil ? "/etc/ssl/certs" : nil, nil, nil, nil), "TLS")
        }
        let offline = Array("offline".utf8)
        try check(
            kiosk_mosquitto_will_set(
                handle, configuration.statusTopic, Int32(offline.count), offline, 1, true),
            "last will")
    }

    deinit {
        stopLoopIntegration()
        // No DISCONNECT is sent here: a client dropped without stop() leaves like a crash, and
        // the broker publishes its last will (offline).
        if let handle { kiosk_mosquitto_destroy(handle) }
    }

    func check(_ code: Int32, _ what: String) throws(ControlError) {
        guard code == MOSQ_ERR_SUCCESS.rawValue else {
            throw .mqtt("\(what): \(Self.describe(code))")
        }
    }

    static func describe(_ code: Int32) -> String {
        String(cString: kiosk_mosquitto_strerror(code))
    }

    /// What a technician does about a failure the hardened unit causes: the base unit has no
    /// network (`PrivateNetwork=yes`), which a socket reports as an unsupported address family.
    static func hint(for reason: String) -> String {
        reason.contains("Address family not supported")
            ? " (the unit allows no network: copy /usr/share/doc/kiosk-shell/examples/mqtt.conf to /etc/systemd/system/kiosk-shell.service.d/)"
            : ""
    }

    // MARK: public operations

    /// Starts connecting; failures are retried with backoff, never thrown.
    public func start() {
        guard state == .stopped else { return }
        hook = loop.addBeforeWaitHook { [unowned self] in syncSocket() }
        miscTimer = try? loop.addTimer(after: 1, repeating: 1) { [unowned self] _ in housekeeping()
        }
        attemptConnect()
    }

    /// Publishes `offline`, disconnects cleanly and stops reconnecting.
    public func stop() {
        guard state != .stopped, let handle else { return }
        defer { state = .stopped }
        if state == .connected {
            publish(configuration.statusTopic, payload: "offline", retain: true, qos: 1)
            kiosk_mosquitto_disconnect(handle)
            // Best effort: one write of what is queued; the socket is non-blocking.
            kiosk_mosquitto_loop_write(handle, 1)
        }
        stopLoopIntegration()
    }

    /// Subscribes to `topic` now if connected, and again after every reconnect.
    public func subscribe(_ topic: String) {
        subscriptions.insert(topic)
        if state == .connected { sendSubscribe(topic) }
    }

    private func sendSubscribe(_ topic: String) {
        guard let handle else { return }
        var id: Int32 = 0
        let code = kiosk_mosquitto_subscribe(handle, &id, topic, 1)
        if code == MOSQ_ERR_SUCCESS.rawValue {
            unconfirmedSubscriptions.insert(id)
        } else {
            onLog?("MQTT: subscribe to \(topic) failed: \(Self.describe(code))")
        }
    }

    /// The broker confirmed a subscription (SUBACK).
    func subscribed(_ id: Int32) { unconfirmedSubscriptions.remove(id) }

    /// Publishes `payload` when connected; returns false (and publishes nothing) otherwise:
    /// an action's message is not queued while the broker is away.
    @discardableResult
    public func publish(_ topic: String, payload: String, retain: Bool = false, qos: Int32 = 1)
        -> Bool
    {
        publish(topic, bytes: Array(payload.utf8), retain: retain, qos: qos)
    }

    /// Publishes binary `bytes` (a PNG) as `publish(_:payload:)` does text.
    @discardableResult
    public func publish(_ topic: String, bytes: [UInt8], retain: Bool = false, qos: Int32 = 1)
        -> Bool
    {
        guard state == .connected, let handle else { return false }
        let code = kiosk_mosquitto_publish(
            handle, nil, topic, Int32(bytes.count), bytes, qos, retain)
        if code != MOSQ_ERR_SUCCESS.rawValue {
            onLog?("MQTT: publish to \(topic) failed: \(Self.describe(code))")
        }
        return code == MOSQ_ERR_SUCCESS.rawValue
    }

    /// Publishes the page on screen (retained), now and after every reconnect.
    public func publishPage(_ id: String) {
        publishRetained(configuration.pageTopic, payload: id)
    }

    /// Publishes `payload` retained on `topic`, now and after every reconnect (the latest one).
    public func publishRetained(_ topic: String, payload: String) {
        retained[topic] = payload
        publish(topic, payload: payload, retain: true)
    }

    // MARK: connection life

    func attemptConnect() {
        guard let handle else { return }
        retryTimer = nil
        // After the first call libmosquitto knows host and port, even if that call failed.
        let code =
            hasConnectedOnce || connectStartedAt > 0
            ? kiosk_mosquitto_reconnect_async(handle)
            : kiosk_mosquitto_connect_async(
                handle, configuration.broker.host, configuration.broker.port,
                configuration.keepalive)
        connectStartedAt = MonotonicClock.now
        state = .connecting
        if code != MOSQ_ERR_SUCCESS.rawValue {
            failed("cannot connect to \(configuration.broker): \(Self.describe(code))")
        }
    }

    /// The broker answered a connect (CONNACK).
    func connected(_ code: Int32) {
        guard code == 0 else {
            failed(
                "broker \(configuration.broker) refused the connection: \(String(cString: kiosk_mosquitto_connack_string(code)))"
            )
            return
        }
        hasConnectedOnce = true
        nextDelay = configuration.reconnectDelay.first
        state = .connected
        onLog?("MQTT: connected to \(configuration.broker) as \(configuration.clientID)")
        guard handle != nil else { return }
        unconfirmedSubscriptions = []
        for topic in [configuration.commandTopic] + subscriptions.sorted() { sendSubscribe(topic) }
        publish(configuration.statusTopic, payload: "online", retain: true)
        for (topic, payload) in retained.sorted(by: { $0.key < $1.key }) {
            publish(topic, payload: payload, retain: true)
        }
    }

    /// The connection ended or could not be made: wait, then try again (the delay doubles up to
    /// its maximum and returns to the first after a success).
    func failed(_ reason: String) {
        guard state != .stopped, retryTimer == nil else { return }
        if case .waiting = state { return }
        onLog?(
            "MQTT: \(reason)\(Self.hint(for: reason)); retrying in \(ProgramReport.seconds(nextDelay))"
        )
        let delay = nextDelay
        nextDelay = min(nextDelay * 2, configuration.reconnectDelay.max)
        unregisterSocket()
        state = .waiting(seconds: delay)
        retryTimer = try? loop.addTimer(after: delay) { [unowned self] _ in attemptConnect() }
    }

    /// Keepalive pings (loop_misc) and the connect timeout, once a second.
    private func housekeeping() {
        guard let handle else { return }
        if state == .connecting,
            MonotonicClock.now - connectStartedAt > configuration.connectTimeout
        {
            failed(
                "no answer from \(configuration.broker) within \(ProgramReport.seconds(configuration.connectTimeout))"
            )
            return
        }
        let code = kiosk_mosquitto_loop_misc(handle)
        if code != MOSQ_ERR_SUCCESS.rawValue, state == .connected {
            failed("connection lost: \(Self.describe(code))")
        }
    }

    // MARK: socket on the loop

    /// Seconds between two hand-overs of queued commands.
    static let commandInterval = 0.05

    /// Before each wait: follow libmosquitto's socket (it changes on reconnect) and ask for
    /// writability only while it has something to send.
    private func syncSocket() {
        guard let handle, state == .connecting || state == .connected else { return }
        let fd = kiosk_mosquitto_socket(handle)
        if fd != socketFD { unregisterSocket() }
        guard fd >= 0 else { return }
        let wanted: EventLoop.Events =
            kiosk_mosquitto_want_write(handle) ? [.readable, .writable] : .readable
        if socketSource == nil {
            socketSource = try? loop.addSource(fd: fd, events: wanted) { [unowned self] events in
                socketReady(events)
            }
            socketFD = fd
            socketEvents = wanted
        } else if wanted != socketEvents, let socketSource {
            try? loop.modifySource(socketSource, events: wanted)
            socketEvents = wanted
        }
    }

    private func socketReady(_ events: EventLoop.Events) {
        guard let handle else { return }
        var code = MOSQ_ERR_SUCCESS.rawValue
        if !events.isDisjoint(with: [.readable, .hangup, .error]) {
            code = kiosk_mosquitto_loop_read(handle, 8)
        }
        if code == MOSQ_ERR_SUCCESS.rawValue, events.contains(.writable), state != .stopped,
            kiosk_mosquitto_socket(handle) >= 0
        {
            code = kiosk_mosquitto_loop_write(handle, 8)
        }
        if code != MOSQ_ERR_SUCCESS.rawValue {
            failed("connection to \(configuration.broker) lost: \(Self.describe(code))")
        } else if !events.isDisjoint(with: [.hangup, .error]) {
            // A refused or reset connect shows as HUP/ERR while libmosquitto may still report
            // success for a socket that never connected; without this the loop would spin on it.
            failed("cannot reach \(configuration.broker)")
        }
    }

    private func unregisterSocket() {
        if let socketSource { loop.removeSource(socketSource) }
        socketSource = nil
        socketFD = -1
        socketEvents = []
    }

    private func stopLoopIntegration() {
        unregisterSocket()
        if let hook { loop.removeHook(hook) }
        hook = nil
        if let miscTimer { loop.cancelTimer(miscTimer) }
        miscTimer = nil
        if let retryTimer { loop.cancelTimer(retryTimer) }
        retryTimer = nil
        if let commandTimer { loop.cancelTimer(commandTimer) }
        commandTimer = nil
    }

    // MARK: messages

    /// A message arrived (inside mosquitto_loop_read).
    func received(topic: String, payload: UnsafeRawBufferPointer) {
        guard payload.count <= configuration.maxPayload else {
            onLog?(
                "MQTT: message on \(topic) refused: \(ControlError.tooLarge(what: "payload", size: payload.count, limit: configuration.maxPayload))"
            )
            return
        }
        if topic == configuration.commandTopic {
            do { commands.push(try RemoteCommand.parse(payload)) } catch {
                onLog?("MQTT: command on \(topic) \(error)")
                return
            }
            // Commands are handed over in batches `commandInterval` apart: a flood fills the
            // bounded queue and the rest is dropped, instead of one navigation per message.
            if commandTimer == nil {
                commandTimer = try? loop.addTimer(after: Self.commandInterval) { [unowned self] _ in
                    commandTimer = nil
                    deliverCommands()
                }
            }
            return
        }
        onMessage?(topic, Array(payload))
    }

    private func deliverCommands() {
        guard !commands.commands.isEmpty else { return }
        let (waiting, dropped) = commands.take()
        if dropped > 0 {
            onLog?(
                "MQTT: \(dropped) commands dropped (more than \(configuration.commandQueueLimit) at once)"
            )
        }
        for command in waiting { onCommand?(command) }
    }
}

import Glibc
import KioskControl
import KioskCore
import KioskPlatform
import KioskRender
import Logging

/// The outside world of one configuration (docs/control.md): the value store and its sources,
/// the program runner, the MQTT client and the D-Bus service, all on the loop thread.
///
/// The runner owns one hub per `ControlSettings` and replaces it on a reload that changes them.
/// Nothing here waits: a broker that is down or slow only delays its own messages.
final class ControlHub {
    let settings: ControlSettings
    let store: ValueStore
    let sources: ValueSources
    let programs: ProgramRunner
    /// Touches on toggles, sliders, steppers and choices, and the changes they show.
    let controls: ControlChanges
    private(set) var mqtt: MQTTClient?
    private(set) var bus: KioskBusService?
    private let log: Logger
    /// The D-Bus service's delegate (the service holds it weakly).
    private let remote: KioskControlDelegate
    /// Status, display state and health to D-Bus and MQTT, as they change.
    let fleet: FleetReport
    /// The values as the renderer last took them (a Sendable copy of the store).
    private let rendererValues: RendererValues
    var lookup: LiveValueLookup { rendererValues.lookup }

    /// Builds and starts every part `settings` asks for; a part that cannot start is logged and
    /// left out (the panel runs without it).
    init(
        settings: ControlSettings, loop: EventLoop, log: Logger, delegate: KioskControlDelegate,
        busAddress: String?
    ) {
        self.settings = settings
        self.log = log
        remote = delegate
        store = ValueStore(definitions: settings.values, now: MonotonicClock.now)
        sources = ValueSources(loop: loop, store: store)
        programs = ProgramRunner(loop: loop)
        controls = ControlChanges(store: store, loop: loop, log: log)
        rendererValues = RendererValues(store: store)
        store.onError = { [log] name, error in log.warning("value \(name): \(error)") }
        do {
            try sources.start()
        } catch {
            log.error("values: \(error)")
        }
        if let mqttSettings = settings.mqtt {
            mqtt = Self.startMQTT(mqttSettings, loop: loop, log: log, sources: sources)
        }
        if settings.dbusEnabled {
            do {
                let service = try KioskBusService(
                    loop: loop, address: busAddress, delegate: delegate)
                service.onLog = { [log] line in log.info("\(line)") }
                bus = service
            } catch {
                log.warning("\(error) (remote control over D-Bus is off; the panel runs on)")
            }
        }
        fleet = FleetReport(loop: loop, mqtt: mqtt, bus: bus) { [unowned delegate] in
            delegate.health
        }
        takeValues()
    }

    private static func startMQTT(
        _ settings: MQTTSettings, loop: EventLoop, log: Logger, sources: ValueSources
    ) -> MQTTClient? {
        let clientID = settings.clientID ?? hostName()
        var configuration = MQTTConfiguration(
            broker: settings.broker, clientID: clientID,
            topicPrefix: settings.topicPrefix ?? "kiosk/\(clientID)",
            caFile: settings.caFile, keepalive: Int32(settings.keepalive))
        do {
            if let file = settings.credentialsFile {
                configuration.credentials = try MQTTConfiguration.readCredentials(file)
            }
            let client = try MQTTClient(loop: loop, configuration: configuration)
            client.onMessage = { [unowned sources] topic, payload in
                sources.deliver(topic: topic, payload: payload)
            }
            client.onLog = { line in log.info("\(line)") }
            for topic in sources.mqttTopics { client.subscribe(topic) }
            client.start()
            log.info(
                "MQTT: connecting to \(settings.broker) as \(clientID), topics under \(configuration.topicPrefix)/"
            )
            return client
        } catch {
            log.error("\(error) (MQTT is off; the panel runs on)")
            return nil
        }
    }

    static func hostName() -> String {
        var buffer = [CChar](repeating: 0, count: 256)
        guard gethostname(&buffer, buffer.count - 1) == 0 else { return "kiosk" }
        let name = String(
            decoding: buffer.prefix { $0 != 0 }.map { UInt8(bitPattern: $0) }, as: UTF8.self)
        return name.isEmpty ? "kiosk" : name
    }

    /// Takes what changed in the store since the last frame into a new lookup for the renderer;
    /// returns false when nothing changed (no surface needs a look).
    @discardableResult
    func takeValues() -> Bool {
        let changes = store.takeChanges()
        controls.sourcesAnswered(changes.values)
        guard !changes.isEmpty || rendererValues.isEmpty || controls.needsNewLookup else {
            return false
        }
        rendererValues.take(from: store, overlaidBy: controls)
        return true
    }

    /// The panel shows another page: the retained page topic and the D-Bus signal.
    func pageChanged(to page: PageID) {
        mqtt?.publishPage(page.rawValue)
        bus?.pageChanged(to: page.rawValue)
    }

    /// Stops sources, programs (SIGTERM) and the broker connection (`offline` published).
    func stop() {
        fleet.stop()
        controls.stop()
        sources.stop()
        programs.stopAll()
        mqtt?.stop()
        mqtt = nil
        bus = nil
    }
}

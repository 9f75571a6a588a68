import Glibc
import KioskCore
import KioskPlatform
import Testing

@testable import KioskControl

/// A real mosquitto broker on loopback; the panel's client and a "fleet" client on one loop.
@Suite("MQTTClient", .serialized)
struct MQTTClientTests {
    func configuration(_ broker: MosquittoBroker, id: String, prefix: String = "kiosk/panel1")
        throws -> MQTTConfiguration
    {
        MQTTConfiguration(
            broker: try BrokerURL(broker.url), clientID: id, topicPrefix: prefix, keepalive: 5,
            reconnectDelay: (0.1, 0.4), connectTimeout: 3, maxPayload: 1024, commandQueueLimit: 4)
    }

    /// A broker, a loop, the panel (set up by `setUp` before it starts) and a fleet client, both
    /// connected with their subscriptions confirmed; both stop after `body`.
    func withPanelAndFleet(
        _ setUp: (EventLoop, MQTTClient) throws -> Void,
        _ body: (EventLoop, MQTTClient, MQTTClient) throws -> Void
    ) throws {
        let folder = makeTemporaryFolder()
        defer { removeTree(folder) }
        let broker = MosquittoBroker(folder: folder)
        try broker.start()
        defer { broker.stop() }
        let loop = try EventLoop()
        let panel = try MQTTClient(loop: loop, configuration: configuration(broker, id: "panel1"))
        try setUp(loop, panel)
        panel.start()
        let fleet = try MQTTClient(
            loop: loop, configuration: configuration(broker, id: "fleet", prefix: "fleet"))
        fleet.start()
        #expect(try run(loop, for: 5) { panel.isReady && fleet.isReady })
        try body(loop, panel, fleet)
        panel.stop()
        fleet.stop()
    }

    /// A store with one value `temp` fed by `plant/temp` through `json`, and its sources.
    func temperature(_ loop: EventLoop, json: String = "value") throws -> (ValueStore, ValueSources)
    {
        let store = ValueStore(
            definitions: [
                ValueDefinition(
                    name: "temp", source: .mqtt(topic: "plant/temp"),
                    extraction: .json(try JSONPath(json)))
            ],
            now: MonotonicClock.now)
        return (store, ValueSources(loop: loop, store: store))
    }

    @Test("a published value arrives in the store; the status topic says online, then offline")
    func publishToValue() throws {
        var store: ValueStore?
        var sources: ValueSources?
        try withPanelAndFleet({ loop, panel in
            (store, sources) = try temperature(loop)
            panel.onMessage = { sources?.deliver(topic: $0, payload: $1) }
            for topic in sources?.mqttTopics ?? [] { panel.subscribe(topic) }
            panel.publishPage("home")
        }) { loop, panel, fleet throws in
            var seen: [String: String] = [:]
            fleet.onMessage = { seen[$0] = String(decoding: $1, as: UTF8.self) }
            fleet.subscribe("kiosk/panel1/+")  // retained: status and page arrive at once
            #expect(
                try run(loop, for: 5) {
                    seen["kiosk/panel1/status"] == "online" && seen["kiosk/panel1/page"] == "home"
                })

            let start = MonotonicClock.now
            fleet.publish("plant/temp", payload: #"{"value": 21.5}"#)
            #expect(try run(loop, for: 5) { store?.value("temp")?.text == "21.5" })
            #expect(MonotonicClock.now - start < 1)

            panel.publishPage("line2")
            #expect(try run(loop, for: 5) { seen["kiosk/panel1/page"] == "line2" })
            panel.stop()
            #expect(try run(loop, for: 5) { seen["kiosk/panel1/status"] == "offline" })
        }
    }

    @Test("a panel that vanishes without stopping is reported offline by its last will")
    func lastWill() throws {
        let folder = makeTemporaryFolder()
        defer { removeTree(folder) }
        let broker = MosquittoBroker(folder: folder)
        try broker.start()
        defer { broker.stop() }
        let loop = try EventLoop()
        var panel: MQTTClient? = try MQTTClient(
            loop: loop, configuration: configuration(broker, id: "panel1"))
        panel?.start()
        let fleet = try MQTTClient(
            loop: loop, configuration: configuration(broker, id: "fleet", prefix: "fleet"))
        var status: [String] = []
        fleet.onMessage = { topic, payload in
            if topic == "kiosk/panel1/status" {
                status.append(String(decoding: payload, as: UTF8.self))
            }
        }
        fleet.subscribe("kiosk/panel1/status")
        fleet.start()
        #expect(try run(loop, for: 5) { status.last == "online" })
        panel = nil  // mosquitto_destroy without DISCONNECT, like a crash
        #expect(try run(loop, for: 5) { status.last == "offline" })
        fleet.stop()
    }

    @Test(
        "a broker that is down does not block the loop; killed and restarted, it is rejoined with subscriptions"
    )
    func reconnect() throws {
        let folder = makeTemporaryFolder()
        defer { removeTree(folder) }
        let broker = MosquittoBroker(folder: folder)
        let loop = try EventLoop()
        let panel = try MQTTClient(loop: loop, configuration: configuration(broker, id: "panel1"))
        var received: [String] = []
        var log: [String] = []
        panel.onLog = { log.append($0) }
        panel.onMessage = { received.append(String(decoding: $1, as: UTF8.self)) }
        panel.subscribe("plant/speed")
        panel.start()
        // No broker yet: the loop keeps turning.
        var ticks = 0
        try loop.addTimer(after: 0, repeating: 0.01) { _ in ticks += 1 }
        try run(loop, for: 0.5) { false }
        #expect(ticks >= 20)
        #expect(panel.state != .connected)
        #expect(log.contains { $0.contains("retrying in") })

        try broker.start()
        #expect(try run(loop, for: 5) { panel.state == .connected })
        let fleet = try MQTTClient(
            loop: loop, configuration: configuration(broker, id: "fleet", prefix: "fleet"))
        fleet.start()
        #expect(try run(loop, for: 5) { fleet.state == .connected })
        #expect(try run(loop, for: 5) { panel.isReady })
        fleet.publish("plant/speed", payload: "1")
        #expect(try run(loop, for: 5) { received.contains("1") })

        broker.stop()
        #expect(try run(loop, for: 5) { panel.state != .connected })
        try broker.start()
        #expect(try run(loop, for: 10) { panel.isReady && fleet.state == .connected })
        fleet.publish("plant/speed", payload: "2")
        #expect(try run(loop, for: 5) { received.contains("2") })
        panel.stop()
        fleet.stop()
    }

    @Test("malformed and oversize payloads are refused and the last good value stays")
    func badPayloads() throws {
        var store: ValueStore?
        var sources: ValueSources?
        var errors: [String] = []
        var log: [String] = []
        try withPanelAndFleet({ loop, panel in
            (store, sources) = try temperature(loop)
            store?.onError = { errors.append("\($0): \($1)") }
            panel.onLog = { log.append($0) }
            panel.onMessage = { sources?.deliver(topic: $0, payload: $1) }
            panel.subscribe("plant/temp")
        }) { loop, _, fleet throws in
            fleet.publish("plant/temp", payload: #"{"value": 20}"#)
            #expect(try run(loop, for: 5) { store?.value("temp")?.text == "20" })
            fleet.publish("plant/temp", payload: #"{"value": 21"#)
            fleet.publish("plant/temp", payload: String(repeating: "x", count: 5000))
            fleet.publish("plant/temp", payload: #"{"other": 1}"#)
            #expect(try run(loop, for: 5) { errors.count == 2 && log.count >= 2 })
            #expect(store?.value("temp")?.text == "20")
            #expect(
                errors == [
                    "temp: malformed JSON: unexpected end of input at byte 12",
                    "temp: JSON path: no member \"value\" at the top level"
                ])
            #expect(
                log.contains("MQTT: message on plant/temp refused: payload too large: 5000 > 1024"))
        }
    }

    @Test("commands: the navigation vocabulary is accepted, anything else refused, a flood bounded")
    func commands() throws {
        var commands: [RemoteCommand] = []
        var log: [String] = []
        try withPanelAndFleet({ _, panel in
            panel.onCommand = { commands.append($0) }
            panel.onLog = { log.append($0) }
        }) { loop, _, fleet throws in
            let topic = "kiosk/panel1/command"
            fleet.publish(topic, payload: "open line2")
            #expect(try run(loop, for: 5) { commands.count == 1 })
            fleet.publish(topic, payload: "rm -rf /")
            fleet.publish(topic, payload: "open ../../etc/passwd")
            fleet.publish(topic, payload: "set speed 42 m/min")
            #expect(try run(loop, for: 5) { commands.count == 2 })
            #expect(
                commands == [.navigate(.open("line2")), .setValue(name: "speed", value: "42 m/min")]
            )
            #expect(log.contains { $0.contains("refused command: unknown command \"rm\"") })
            #expect(log.contains { $0.contains("refused command: open needs one page id") })

            commands = []
            for _ in 0..<500 { fleet.publish(topic, payload: "next") }
            fleet.publish(topic, payload: "home")
            #expect(try run(loop, for: 5) { commands.last == .navigate(.home) })
            #expect(commands.count < 500)
            #expect(log.contains { $0.contains("commands dropped") })
        }
    }
}

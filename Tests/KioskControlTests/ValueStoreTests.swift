import KioskCore
import Testing

@testable import KioskControl

/// The store with a manual clock: extraction, limits, staleness, thresholds and coalescing.
@Suite("ValueStore")
struct ValueStoreTests {
    func departures() throws -> ValueDefinition {
        ValueDefinition(
            name: "departures", source: .mqtt(topic: "station/board"),
            extraction: .rows(
                array: try JSONPath("trains"),
                fields: [
                    RowField(name: "time", path: try JSONPath("time")),
                    RowField(name: "to", path: try JSONPath("to")),
                    RowField(name: "delay", path: try JSONPath("delay"))
                ]),
            staleAfter: 60)
    }

    @Test("a JSON field becomes the value; malformed and oversize input keep the last good one")
    func keepsLastGood() throws {
        let store = ValueStore(
            definitions: [
                ValueDefinition(
                    name: "delay", source: .external,
                    extraction: .json(try JSONPath("trains[0].delay")))
            ],
            limits: ValueLimits(payloadBytes: 100), now: 0)
        var errors: [String] = []
        store.onError = { errors.append("\($0): \($1)") }
        #expect(store.value("delay") == LiveValue(text: "—", hasValue: false))
        store.deliver(Array(#"{"trains": [{"delay": 4}]}"#.utf8), to: "delay", at: 1)
        #expect(store.value("delay")?.text == "4")
        store.deliver(Array(#"{"trains": [{"delay": 4}"#.utf8), to: "delay", at: 2)
        store.deliver(Array(String(repeating: " ", count: 101).utf8), to: "delay", at: 3)
        #expect(store.value("delay")?.text == "4")
        #expect(
            errors == [
                "delay: malformed JSON: unexpected end of input at byte 24",
                "delay: payload too large: 101 > 100"
            ])
        #expect(store.lastError("delay") == .tooLarge(what: "payload", size: 101, limit: 100))
    }

    @Test("text from outside is one plain line with a length cap, markup left as text")
    func plainText() throws {
        let store = ValueStore(
            definitions: [ValueDefinition(name: "note", source: .external)],
            limits: ValueLimits(valueCharacters: 12), now: 0)
        try store.set("note", text: "<b>hi</b>\n\u{1b}[31mred", at: 1)
        #expect(store.value("note")?.text == "<b>hi</b>  […")
    }

    @Test("only values declared as set from outside accept set")
    func setRefused() throws {
        let store = ValueStore(
            definitions: [ValueDefinition(name: "temp", source: .mqtt(topic: "t"))], now: 0)
        #expect(
            throws: ControlError.refusedCommand(
                "value \"temp\" is fed by its source and cannot be set")
        ) {
            try store.set("temp", text: "1", at: 1)
        }
        #expect(throws: ControlError.refusedCommand("no value named \"nope\"")) {
            try store.set("nope", text: "1", at: 1)
        }
    }

    @Test("a value not updated within stale_after is marked stale until the next update")
    func stale() throws {
        let store = ValueStore(
            definitions: [ValueDefinition(name: "t", source: .external, staleAfter: 10)], now: 0)
        try store.set("t", text: "20", at: 1)
        _ = store.takeChanges()
        store.refreshStaleness(at: 10.5)
        #expect(store.value("t")?.isStale == false)
        #expect(store.nextStaleCheck() == 11)
        store.refreshStaleness(at: 11.5)
        #expect(store.value("t")?.isStale == true)
        #expect(store.takeChanges().values == ["t"])
        try store.set("t", text: "20", at: 12)
        #expect(store.value("t")?.isStale == false)
        #expect(store.takeChanges().values == ["t"])  // same text, but the stale mark went away
    }

    @Test("thresholds give normal, warning and alarm from the leading number")
    func thresholds() throws {
        let store = ValueStore(
            definitions: [
                ValueDefinition(
                    name: "t", source: .external,
                    thresholds: Thresholds(warningAbove: 60, alarmAbove: 80, alarmBelow: 5))
            ], now: 0)
        for (text, level) in [
            ("20 °C", ValueLevel.normal), ("60", .warning), ("80.5 °C", .alarm), ("-3", .alarm),
            ("n/a", .normal)
        ] {
            try store.set("t", text: text, at: 1)
            #expect(store.value("t")?.level == level, "\(text)")
        }
    }

    @Test("a flood of updates calls onChange once and reports only the latest value")
    func coalesced() throws {
        let store = ValueStore(definitions: [ValueDefinition(name: "n", source: .external)], now: 0)
        var calls = 0
        store.onChange = { calls += 1 }
        for index in 0..<10_000 { try store.set("n", text: "\(index)", at: 1) }
        #expect(calls == 1)
        #expect(store.takeChanges().values == ["n"])
        #expect(store.value("n")?.text == "9999")
        try store.set("n", text: "x", at: 2)
        #expect(calls == 2)
    }

    @Test("list rows come from a JSON array; the change report names the rows that changed")
    func rows() throws {
        let store = ValueStore(
            definitions: [try departures()], limits: ValueLimits(rows: 3), now: 0)
        let first =
            #"{"trains": [{"time": "08:12", "to": "Hafen", "delay": 3}, {"time": "08:20", "to": "Süd"}]}"#
        store.deliver(Array(first.utf8), to: "departures", at: 1)
        #expect(
            store.rows("departures") == [
                ValueRow(["time": "08:12", "to": "Hafen", "delay": "3"]),
                ValueRow(["time": "08:20", "to": "Süd", "delay": ""])
            ])
        #expect(
            store.takeChanges().lists["departures"]
                == RowChanges(previousCount: 0, count: 2, changedRows: [0, 1]))
        let second =
            #"{"trains": [{"time": "08:12", "to": "Hafen", "delay": 5}, {"time": "08:20", "to": "Süd"}]}"#
        store.deliver(Array(second.utf8), to: "departures", at: 2)
        let changes = try #require(store.takeChanges().lists["departures"])
        #expect(changes.changedRows == [0])
        #expect(!changes.needsLayout)
        let third =
            #"{"trains": [{"time": "08:12", "to": "Hafen", "delay": 5}, {"time": "08:20", "to": "Süd"}, {"time": "09:00", "to": "Ost"}]}"#
        store.deliver(Array(third.utf8), to: "departures", at: 3)
        let grown = try #require(store.takeChanges().lists["departures"])
        #expect(grown.changedRows == [2])
        #expect(grown.needsLayout)
    }

    @Test("too many rows or a non-object element is refused and the rows stay")
    func badRows() throws {
        let store = ValueStore(
            definitions: [try departures()], limits: ValueLimits(rows: 2), now: 0)
        store.deliver(Array(#"{"trains": [{"time": "1"}]}"#.utf8), to: "departures", at: 1)
        #expect(
            store.deliver(Array(#"{"trains": [{}, {}, {}]}"#.utf8), to: "departures", at: 2)
                == .tooLarge(what: "rows", size: 3, limit: 2))
        #expect(
            store.deliver(Array(#"{"trains": [{}, 7]}"#.utf8), to: "departures", at: 3)
                == .jsonPath("row 1 is a number, not an object"))
        #expect(
            store.deliver(Array(#"{"trains": 7}"#.utf8), to: "departures", at: 3)
                == .jsonPath("trains is a number, not an array"))
        #expect(store.rows("departures")?.count == 1)
    }

    @Test("templates fill {name} with plain text and leave unknown names visible")
    func templates() throws {
        let store = ValueStore(
            definitions: [ValueDefinition(name: "speed", source: .external)], now: 0)
        try store.set("speed", text: "{x} 42", at: 1)
        #expect(
            ValueTemplate.expand("Line {speed} m/min {{raw}} {nope}", lookup: store.text)
                == "Line {x} 42 m/min {raw} {nope}")
        #expect(ValueTemplate.names(in: "{a} and {b}") == ["a", "b"])
    }
}

/// A value with `history` records every sample in its ring, a non-number as a gap.
@Suite("ValueStore history")
struct ValueStoreHistoryTests {
    @Test("each delivery is a sample, equal ones too; text is a gap; the ring is the same object")
    func records() throws {
        let store = ValueStore(
            definitions: [
                ValueDefinition(
                    name: "speed", source: .external, extraction: .json(try JSONPath("value")),
                    history: .samples(3)),
                ValueDefinition(name: "plain", source: .external)
            ], now: 0)
        let ring = try #require(store.history("speed"))
        #expect(store.history("plain") == nil)
        for (time, payload) in [
            (1.0, #"{"value": 96}"#), (2, #"{"value": 96}"#), (3, #"{"value": "off"}"#),
            (4, #"{"value": 97.5}"#)
        ] {
            store.deliver(Array(payload.utf8), to: "speed", at: time)
            #expect(store.takeChanges().values == ["speed"])
        }
        #expect(store.history("speed") === ring)
        #expect(ring.count == 3)
        #expect(ring[0].value == 96 && ring[1].value.isNaN && ring[2].value == 97.5)
        #expect(ring[2].time == 4)
        // A refused payload is not a sample.
        store.deliver(Array("{".utf8), to: "speed", at: 5)
        #expect(ring.version == 4)
    }
}

import Testing

@testable import KioskCore

@Suite("ActionScript")
struct ActionScriptTests {
    @Test("every step kind parses, separated by ; or new lines, with blank steps skipped")
    func parseAll() throws {
        let script = try ActionScript.parse(
            "tap 400,300; drag 700,240 100,240 250ms; wait 300ms; key Right; open settings; back\nhome;  ; next;previous"
        )
        #expect(
            script.steps == [
                .tap(Point(x: 400, y: 300)),
                .drag(from: Point(x: 700, y: 240), to: Point(x: 100, y: 240), duration: 0.25),
                .wait(0.3), .key(.right), .action(.open("settings")), .action(.back),
                .action(.home),
                .action(.nextFace), .action(.previousFace)
            ])
    }

    @Test("durations: milliseconds, seconds, bare seconds; a drag without one takes 250 ms")
    func durations() throws {
        let script = try ActionScript.parse("wait 1.5s; wait 2; wait 0ms; drag 0,0 10.5,-3")
        #expect(
            script.steps == [
                .wait(1.5), .wait(2), .wait(0),
                .drag(from: Point(x: 0, y: 0), to: Point(x: 10.5, y: -3), duration: 0.25)
            ])
    }

    @Test("key names are case-insensitive, with aliases; unknown names pass through as other keys")
    func keys() throws {
        let script = try ActionScript.parse(
            "key left; key RIGHT; key Up; key down; key Return; key esc; key BackSpace; key Home; key tab; key space; key F5"
        )
        #expect(
            script.steps == [
                .key(.left), .key(.right), .key(.up), .key(.down), .key(.enter), .key(.escape),
                .key(.backspace),
                .key(.home), .key(.tab), .key(.space), .key(.other("F5"))
            ])
        #expect(try ActionScript.parse("TAP 1,2").steps == [.tap(Point(x: 1, y: 2))])
    }

    @Test("errors name the step and what was expected")
    func errors() {
        func message(_ text: String) -> String? {
            do {
                _ = try ActionScript.parse(text)
                return nil
            } catch {
                return error.description
            }
        }
        #expect(
            message("tap 1,1; jump 3")
                == "actions: \"jump 3\": unknown step; expected tap, drag, wait, key, open, back, home, next or previous"
        )
        #expect(message("tap 1,1 2,2") == "actions: \"tap 1,1 2,2\": expected tap X,Y")
        #expect(message("tap 1x1") == "actions: \"tap 1x1\": \"1x1\" is not a point X,Y")
        #expect(message("tap 1,inf") == "actions: \"tap 1,inf\": \"1,inf\" is not a point X,Y")
        #expect(
            message("drag 1,1") == "actions: \"drag 1,1\": expected drag X1,Y1 X2,Y2 [DURATION]")
        #expect(
            message("drag 1,1 2,2 soon")
                == "actions: \"drag 1,1 2,2 soon\": \"soon\" is not a duration like 300ms or 1.5s")
        #expect(
            message(" wait -1s ")
                == "actions: \"wait -1s\": \"-1s\" is not a duration like 300ms or 1.5s")
        #expect(
            message("wait 2h")
                == "actions: \"wait 2h\": \"2h\" is not a duration like 300ms or 1.5s")
        #expect(
            message("wait 3601")
                == "actions: \"wait 3601\": \"3601\" is not a duration like 300ms or 1.5s")
        #expect(message("wait") == "actions: \"wait\": expected wait DURATION (e.g. 300ms or 1.5s)")
        #expect(
            message("key")
                == "actions: \"key\": expected key NAME (Left, Right, Up, Down, Enter, Escape, BackSpace, Home)"
        )
        #expect(message("open") == "actions: \"open\": expected open PAGE")
        #expect(message("open a b") == "actions: \"open a b\": expected open PAGE")
        #expect(message("back now") == "actions: \"back now\": expected back")
        #expect(message("") == nil)
    }

    @Test(
        "a tap is down and up 50 ms apart; a drag samples at 120 Hz; waits add; keys and actions take no time"
    )
    func eventTimes() throws {
        let script = try ActionScript.parse(
            "tap 10,20; wait 100ms; key Right; drag 0,0 120,0 100ms; open x")
        let (events, end) = script.events()
        #expect(abs(end - 0.25) < 1e-12)
        #expect(
            events.prefix(4) == [
                .touch(.down(id: 0, position: Point(x: 10, y: 20), time: 0)),
                .touch(.frame(time: 0)),
                .touch(.up(id: 0, time: 0.05)), .touch(.frame(time: 0.05))
            ])
        #expect(
            events[4] == .key(KeyEvent(key: .right, isPressed: true, time: 0.15000000000000002)))
        #expect(
            events[5] == .key(KeyEvent(key: .right, isPressed: false, time: 0.15000000000000002)))
        let motions = events.compactMap { event -> (Point, Double)? in
            if case .touch(.motion(_, let p, let t)) = event { (p, t) } else { nil }
        }
        // 100 ms at 120 Hz: 12 samples 10 px apart, the last at the end point.
        #expect(motions.count == 12)
        #expect(motions.map(\.0.x) == (1...12).map { Double($0) * 10 })
        #expect(abs(motions[0].1 - (0.15 + 0.1 / 12)) < 1e-12)
        #expect(abs(motions[11].1 - 0.25) < 1e-12)
        #expect(events.last == .action(.open("x"), time: end))
    }
}

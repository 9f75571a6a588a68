import Foundation
import KioskConfig
import KioskCore
import Testing

@Suite("Shipped demo config")
struct DemoConfigTests {
    static let directory = URL(fileURLWithPath: #filePath).deletingLastPathComponent()
        .deletingLastPathComponent().deletingLastPathComponent().appendingPathComponent("Config")
        .path

    @Test("Config/ loads with no errors and no warnings")
    func loadsClean() {
        let result = ConfigLoader.load(directory: Self.directory)
        #expect(result.diagnostics.map(\.description) == [])
        #expect(result.configuration != nil)
    }
}

extension DemoConfigTests {
    @Test("the demo uses every page type, every widget type and every action")
    func coversEverything() throws {
        let configuration = try #require(ConfigLoader.load(directory: Self.directory).configuration)
        #expect(configuration.settings.home == "home")
        #expect(
            configuration.page("home")?.content
                == .cube(CubeSpec(faces: ["status", "lobby", "explore", "about"])))
        let pageTypes = Set(configuration.pages.values.map(\.content.typeName))
        #expect(pageTypes == ["panel", "cube", "drilldown", "stack", "tabs", "playlist"])
        var widgetTypes: Set<String> = []
        var actions: Set<String> = []
        for page in configuration.pages.values {
            guard case .panel(let panel) = page.content else { continue }
            for widget in panel.widgets {
                widgetTypes.insert(widget.typeName)
                if case .grid(let grid) = widget {
                    actions.formUnion(grid.tiles.compactMap { $0.action.map(Self.kind) })
                }
                if case .list(let list) = widget {
                    actions.formUnion(list.rows.compactMap { $0.action.map(Self.kind) })
                }
            }
        }
        #expect(
            widgetTypes == [
                "title", "text", "image", "list", "grid", "clock", "keyvalue", "file", "spacer",
                "value", "toggle", "slider", "stepper", "choice", "field", "chart", "gauge", "bar",
                "qr"
            ])
        #expect(
            actions == ["open", "back", "home", "next", "previous", "run", "publish", "language"])
        #expect(configuration.reachablePages().count == configuration.pages.count)
    }

    static func kind(_ action: Action) -> String {
        if action.openedPage != nil { return "open" }
        if case .command(let command) = action {
            if case .run = command.effect { return "run" }
            return "publish"
        }
        if case .language = action { return "language" }
        return action.description
    }

    @Test("the lobby face of the demo cube is a playlist of three lobby pages, the exhibit longest")
    func lobbyIsAPlaylist() throws {
        let configuration = try #require(ConfigLoader.load(directory: Self.directory).configuration)
        guard case .playlist(let lobby)? = configuration.page("lobby")?.content else {
            Issue.record("the lobby face is not a playlist")
            return
        }
        #expect(lobby.pages == ["highlight", "lobby-today", "lobby-plan"])
        #expect(lobby.dwell(of: "highlight") == 60 && lobby.dwell(of: "lobby-today") == 10)
        #expect(lobby.resumeAfter == 45 && lobby.transition.kind == .cube)
    }

    @Test("the demo shows a 2-face card flip and a tile with its own transition")
    func showsCardAndOwnTransition() throws {
        let configuration = try #require(ConfigLoader.load(directory: Self.directory).configuration)
        #expect(
            configuration.page("engine-card")?.content
                == .cube(
                    CubeSpec(
                        faces: ["engine-front", "engine-back"], wraps: false, durationPerFace: 0.4))
        )
        guard case .panel(let menu)? = configuration.page("menu")?.content else {
            Issue.record("no menu panel")
            return
        }
        let actions = menu.widgets.flatMap { widget -> [Action] in
            if case .grid(let grid) = widget { return grid.tiles.compactMap(\.action) }
            return []
        }
        #expect(
            actions.contains(
                .openWith(
                    "engine-card",
                    ActionTransition(
                        push: TransitionOverride(kind: .flip), back: TransitionOverride(kind: .fade)
                    ))))
    }
}

extension DemoConfigTests {
    @Test("the plant section: [mqtt], [dbus], every value source, a list, run and publish actions")
    func plantSection() throws {
        let configuration = try #require(ConfigLoader.load(directory: Self.directory).configuration)
        let control = configuration.settings.control
        let mqtt = try #require(control.mqtt)
        #expect(mqtt.broker.description == "mqtt://127.0.0.1:1883")
        #expect(mqtt.topicPrefix == "kiosk/hall-panel-1")
        #expect(control.dbusEnabled)
        let speed = try #require(control.value("line-speed"))
        #expect(speed.source == .mqtt(topic: "plant/line2/speed"))
        #expect(speed.extraction == .json(try JSONPath("value")))
        #expect(speed.staleAfter == 10)
        #expect(speed.thresholds == Thresholds(warningAbove: 110, alarmAbove: 130))
        #expect(speed.history == .duration(seconds: 600))
        #expect(
            control.value("disk")?.source
                == .program(
                    argv: ["sh", "-c", "df --output=pcent / | tail -n 1"], interval: 5, timeout: 2))
        #expect(
            control.value("hall-temp")?.source
                == .file(path: Self.directory + "/data/hall-temperature", pollInterval: nil))
        #expect(control.value("shift")?.placeholder == "Day shift")
        #expect(control.value("schedule")?.source == .schedule)
        #expect(control.value("schedule")?.isList == true)
        #expect(control.value("schedule-now")?.extraction == .json(try JSONPath("state")))
        #expect(configuration.settings.schedule.rows.count == 3)
        let departures = try #require(control.value("departures"))
        #expect(departures.isList)
        guard case .rows(let array, let fields) = departures.extraction else {
            Issue.record("not a list"); return
        }
        #expect(array == (try JSONPath("trains")))
        #expect(fields.map(\.name) == ["delay", "platform", "time", "to"])
        guard case .panel(let plant)? = configuration.page("plant")?.content,
            case .grid(let grid) = plant.widgets.first(where: { $0.typeName == "grid" })
        else { Issue.record("no plant grid"); return }
        let restart = CommandAction(
            name: "restart-line",
            effect: .run(ProgramAction(argv: ["sh", "-c", "sleep 2; echo restarted"], timeout: 10)),
            confirm: "Restart line 2? It stops for a minute.")
        #expect(grid.tiles[1].action == .command(restart))
        guard
            case .control(let setpoint) = plant.widgets.first(where: { $0.typeName == "stepper" })
        else {
            Issue.record("no setpoint stepper"); return
        }
        #expect(
            setpoint.kind == .stepper(ControlRange(min: 60, max: 140, step: 2.5, unit: "m/min")))
        #expect(setpoint.effects.publish == PublishTemplate(topic: "plant/line2/setpoint/set"))
        #expect(control.value(setpoint.value)?.source == .mqtt(topic: "plant/line2/setpoint"))
        #expect(
            grid.tiles[0].action
                == .command(
                    CommandAction(
                        name: "Start line",
                        effect: .publish(
                            topic: "plant/line2/command", payload: "start", retain: false))))
        guard case .qr(let manual) = plant.widgets.first(where: { $0.typeName == "qr" }) else {
            Issue.record("no manual QR code"); return
        }
        #expect(manual.content == .text("https://example.com/plant/line-2/manual"))
    }
}

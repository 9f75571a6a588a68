import KioskCore
import Testing

@testable import KioskConfig

/// Issue 14: cube `sides`, `duration`, `perspective`, `start`; tabs `start`.
@Suite("Cube and tabs settings")
struct TurningSettingsTests {
    static let leaves = [
        "pages/a.toml": "type = \"panel\"\n", "pages/b.toml": "type = \"panel\"\n",
        "pages/c.toml": "type = \"panel\"\n"
    ]

    static func load(_ page: String, home: String = "x") -> ConfigLoadResult {
        var files = leaves
        files["kiosk.toml"] = "home = \"\(home)\"\n"
        files["pages/x.toml"] = page
        return loadMemory(files)
    }

    @Test("sides, duration, perspective and start reach the cube; start reaches the tabs")
    func keysReachTheSpecs() throws {
        let cube = Self.load(
            "type = \"cube\"\nfaces = [\"a\", \"b\", \"c\"]\nwrap = false\nsides = 4\nduration = 0.5\nperspective = 2\nstart = \"b\"\n"
        )
        #expect(cube.diagnostics == [])
        #expect(
            cube.configuration?.pages["x"]?.content
                == .cube(
                    CubeSpec(
                        faces: ["a", "b", "c"], wraps: false, sides: 4, durationPerFace: 0.5,
                        perspective: 2, start: "b")))
        let tabs = Self.load("type = \"tabs\"\npages = [\"a\", \"b\", \"c\"]\nstart = \"b\"\n")
        #expect(tabs.diagnostics == [])
        if case .tabs(let spec)? = tabs.configuration?.pages["x"]?.content {
            #expect(spec.start == "b")
        } else {
            Issue.record("not a tabs page")
        }
    }

    @Test(
        "check refuses a start that is not a face and a perspective out of range; sides = 4 on a wrapping cube is taken"
    )
    func checkRefuses() {
        let badStart = Self.load("type = \"cube\"\nfaces = [\"a\", \"b\"]\nstart = \"zz\"\n")
        #expect(
            badStart.diagnostics.map(\.description) == [
                "pages/x.toml:3:1: error: start: \"zz\" is not one of the faces; expected one of a, b"
            ])
        #expect(badStart.configuration == nil)
        let wrapping = Self.load("type = \"cube\"\nfaces = [\"a\", \"b\"]\nsides = 4\n")
        #expect(!wrapping.diagnostics.contains { $0.description.contains("error") })
        #expect(wrapping.configuration != nil)
        let flat = Self.load("type = \"cube\"\nfaces = [\"a\", \"b\"]\nperspective = 9\n")
        #expect(
            flat.diagnostics.map(\.description) == [
                "pages/x.toml:3:1: error: perspective: must be between 0.25 and 4 (1 = default, larger = stronger), found 9"
            ])
        let tabs = Self.load("type = \"tabs\"\npages = [\"a\", \"b\"]\nstart = \"bb\"\n")
        #expect(
            tabs.diagnostics.map(\.description) == [
                "pages/x.toml:3:1: error: start: \"bb\" is not one of the pages; did you mean 'b'?"
            ])
    }
}

/// Issue 14: `transition` and `back_transition` on rows and tiles.
@Suite("Row and tile transitions")
struct RowTransitionTests {
    static func load(_ rows: String) -> ConfigLoadResult {
        loadMemory([
            "kiosk.toml": "home = \"s\"\n",
            "pages/s.toml": "type = \"stack\"\nroot = \"a\"\n",
            "pages/a.toml": "type = \"panel\"\n[[widget]]\ntype = \"list\"\n" + rows,
            "pages/b.toml": "type = \"panel\"\n"
        ])
    }

    @Test("a name, \"none\" or an inline table reach the row's action")
    func parsed() throws {
        let result = Self.load(
            """
            [[widget.row]]
            label = "b"
            open = "b"
            transition = "zoom"
            back_transition = "none"
            [[widget.row]]
            label = "back"
            action = "back"
            transition = { type = "fade", duration = 0.8 }

            """)
        #expect(result.diagnostics == [])
        guard case .panel(let panel)? = result.configuration?.pages["a"]?.content,
            case .list(let list)? = panel.widgets.first
        else {
            Issue.record("no list")
            return
        }
        #expect(
            list.rows.map(\.action) == [
                .openWith(
                    "b",
                    ActionTransition(
                        push: TransitionOverride(kind: .zoom), back: TransitionOverride.none)),
                .backWith(TransitionOverride(kind: .fade, duration: 0.8))
            ])
    }

    @Test(
        "a misspelt transition, one on a home action and back_transition on back are located errors"
    )
    func refused() {
        let result = Self.load(
            """
            [[widget.row]]
            label = "b"
            open = "b"
            transition = "zom"
            [[widget.row]]
            label = "home"
            action = "home"
            transition = "fade"
            [[widget.row]]
            label = "back"
            action = "back"
            back_transition = "fade"

            """)
        #expect(
            result.diagnostics.map(\.description) == [
                "pages/a.toml:7:1: error: widget[1].row[1].transition: unknown transition \"zom\"; did you mean 'zoom'?",
                "pages/a.toml:11:1: error: widget[1].row[2].transition: a transition goes with open = \"…\" or action = \"back\"",
                "pages/a.toml:15:1: error: widget[1].row[3].back_transition: with action = \"back\" write transition = \"…\" (how the page leaves)"
            ])
        #expect(result.configuration == nil)
    }
}

/// Issue 14: drill-down `placeholder`, `left_placeholder` and `replace`.
@Suite("Drill-down settings")
struct DrillDownSettingsTests {
    static func load(_ drill: String, hint: String = "type = \"panel\"\n") -> ConfigLoadResult {
        loadMemory([
            "kiosk.toml": "home = \"dd\"\n",
            "pages/dd.toml": "type = \"drilldown\"\nroot = \"r\"\n" + drill,
            "pages/r.toml": "type = \"panel\"\n",
            "pages/hint.toml": hint
        ])
    }

    @Test(
        "placeholder, left_placeholder and replace reach the spec; the placeholder page counts as reachable"
    )
    func parsed() {
        let result = Self.load(
            "placeholder = \"hint\"\nleft_placeholder = \"hint\"\nreplace = \"push\"\n")
        #expect(result.diagnostics == [])
        #expect(
            result.configuration?.pages["dd"]?.content
                == .drillDown(
                    DrillDownSpec(
                        root: "r", rightPlaceholder: "hint", leftPlaceholder: "hint",
                        replaceAnimation: .push)))
        #expect(result.configuration?.reachablePages().contains("hint") == true)
    }

    @Test(
        "a placeholder that is not a panel, an unknown one and an unknown replace are located errors"
    )
    func refused() {
        let container = Self.load(
            "placeholder = \"hint\"\n", hint: "type = \"stack\"\nroot = \"r\"\n")
        #expect(
            container.diagnostics.map(\.description) == [
                "pages/dd.toml:3:1: error: placeholder: page \"hint\" is a stack; a placeholder must be a panel"
            ])
        let unknown = Self.load("left_placeholder = \"hnt\"\nreplace = \"slide\"\n")
        #expect(
            unknown.diagnostics.map(\.description) == [
                "pages/dd.toml:3:1: error: left_placeholder: unknown page \"hnt\" (no page file has this id); did you mean 'hint'?",
                "pages/dd.toml:4:1: error: replace: unknown replace animation \"slide\"; expected one of fade, push"
            ])
    }
}

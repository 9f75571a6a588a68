import Glibc
import KioskCore
import KioskRender
import Testing
import KioskTestSupport

/// Paths and fonts for the app tests: the package folder (from #filePath), the pinned fonts
/// (DejaVu Sans only, before pango first loads fonts), a fixed wall-clock instant.
enum AppFixture {
    /// Tests/KioskAppTests.
    static let testsDirectory: String = {
        let file = #filePath
        guard let slash = file.lastIndex(of: "/") else { return "." }
        return String(file[..<slash])
    }()

    /// The package root (two levels above this folder).
    static let packageDirectory: String = {
        var path = testsDirectory
        for _ in 0..<2 {
            if let slash = path.lastIndex(of: "/") { path = String(path[..<slash]) }
        }
        return path
    }()

    static var demoConfig: String { packageDirectory + "/Config" }
    static func fixture(_ name: String) -> String { testsDirectory + "/Fixtures/" + name }

    /// A fresh temporary folder.
    static func temporaryDirectory() -> String {
        var template = Array("/tmp/kiosk-app-tests-XXXXXX".utf8CString)
        guard let made = mkdtemp(&template) else { fatalError("mkdtemp failed") }
        return String(cString: made)
    }

    /// Fonts pinned to DejaVu Sans (Tests/Fonts/fonts.conf), as KioskRenderTests does.
    static let fonts: Void = TestFonts.pin()

    /// 2023-11-14 22:13:20 UTC: clocks in goldens show this.
    static let instant = WallClockTime(secondsSinceEpoch: 1_700_000_000, timeZone: "UTC")
}

/// The app goldens, Tests/KioskAppTests/Golden.
let appGoldens = GoldenFolder(besides: #filePath)

/// Recognisable pages for the transition and prism goldens: each a flat colour with a name at
/// the top left (shows mirroring) and a big letter in the middle.
enum LetterPages {
    static let letters: [(letter: String, name: String, colour: String)] = [
        ("A", "Amber", "#f0a020"), ("B", "Blue", "#2a6fd6"), ("C", "Green", "#2e9e4f"),
        ("D", "Red", "#c83a32"), ("E", "Purple", "#7b4bc4"), ("F", "Teal", "#1d9a9a")
    ]

    /// Page `letter` ("A"…"F"), its rows opening `opens`.
    static func page(_ index: Int, opens: [PageID] = []) -> PageDefinition {
        let entry = letters[index]
        var widgets: [Widget] = [
            .title(TitleWidget(text: entry.name)),
            .text(TextWidget(markup: "<b>\(entry.letter)</b>", size: 120, alignment: .center))
        ]
        if !opens.isEmpty {
            widgets.append(
                .list(
                    ListWidget(rows: opens.map { ListRow(label: $0.rawValue, action: .open($0)) })))
        }
        return PageDefinition(
            id: PageID(entry.letter), title: entry.name,
            // Light text pinned: the goldens were drawn before light pages got dark text by default.
            content: .panel(
                Panel(
                    widgets: widgets, background: RGBA(hex: entry.colour),
                    textColor: Theme.standard.text)))
    }

    static func configuration(home: PageID, _ pages: [PageDefinition]) -> KioskConfiguration {
        var byID: [PageID: PageDefinition] = [:]
        for page in pages { byID[page.id] = page }
        var theme = Theme.standard
        theme.padding = 16
        theme.titleSize = 28
        return KioskConfiguration(
            settings: KioskSettings(home: home, theme: theme), pages: byID,
            directory: "/nonexistent")
    }
}

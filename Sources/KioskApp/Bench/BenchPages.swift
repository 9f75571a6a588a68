import KioskConfig
import KioskCore
import KioskRender

/// The configuration `kiosk-shell bench` drives: the config's pages plus the containers the
/// measurements need (a 4-sided cube, a vertical one, a stack per transition), built from the
/// config's panels so the runtime draws exactly what a panel would. Without a usable config (or
/// with fewer than four panels) generated panels stand in.
struct BenchPages {
    static let cube = PageID("bench:cube")
    static let verticalCube = PageID("bench:vertical-cube")
    static let clock = PageID("bench:clock")
    /// A stack (swipe: the pushed page shows from the first frame; no header) over `tapMenu`,
    /// whose rows open the faces.
    static let tapStack = PageID("bench:tap-stack")
    static let tapMenu = PageID("bench:tap-menu")
    static func stack(_ kind: TransitionKind) -> PageID { PageID("bench:stack-\(kind.rawValue)") }

    let configuration: KioskConfiguration
    /// Panel pages of the config by id, sorted (each is rasterised).
    let panels: [(id: PageID, panel: Panel)]
    /// The pages the cube shows (the first two turn into view) and transitions move between.
    let faces: [PageID]

    init(directory: String, progress: (String) -> Void) {
        let loaded = ConfigLoader.load(directory: directory)
        var base: KioskConfiguration
        if let configuration = loaded.configuration, !loaded.hasErrors {
            base = configuration
            panels = configuration.pages.values.compactMap { page -> (id: PageID, panel: Panel)? in
                guard case .panel(let panel) = page.content else { return nil }
                return (page.id, panel)
            }.sorted { $0.id < $1.id }
        } else {
            progress(
                "config \(directory) unusable (\(counted(loaded.errors.count, "error"))): generated pages stand in"
            )
            base = KioskConfiguration(
                settings: KioskSettings(home: Self.cube), pages: [:], directory: directory)
            panels = []
        }
        var faces = Array(panels.prefix(4).map(\.id))
        let tints = [
            RGBA(red: 0.19, green: 0.38, blue: 0.56), RGBA(red: 0.56, green: 0.25, blue: 0.19)
        ]
        while faces.count < 4 {
            let id = PageID("bench:generated-\(faces.count)")
            let panel = Panel(
                widgets: [.title(TitleWidget(text: "Generated page \(faces.count + 1)"))],
                background: tints[faces.count % 2])
            base.pages[id] = PageDefinition(id: id, title: id.rawValue, content: .panel(panel))
            faces.append(id)
        }
        self.faces = faces
        func add(_ id: PageID, _ content: PageContent) {
            base.pages[id] = PageDefinition(id: id, title: id.rawValue, content: content)
        }
        add(Self.cube, .cube(CubeSpec(faces: faces, wraps: true, orientation: .horizontal)))
        add(Self.verticalCube, .cube(CubeSpec(faces: faces, wraps: true, orientation: .vertical)))
        for kind in TransitionKind.allCases {
            add(
                Self.stack(kind),
                .stack(
                    StackSpec(
                        root: faces[0],
                        transition: TransitionSpec(
                            kind: kind, orientation: .rightToLeft, duration: 0.35))))
        }
        add(Self.clock, .panel(Panel(widgets: [.clock(ClockWidget(format: "%H:%M:%S", size: 96))])))
        // Three rows: with the menu on screen, the default budget (4 surfaces) holds all three
        // looked ahead; a fourth would be drawn when tapped.
        let rows = faces.prefix(3).map { ListRow(label: "Open \($0.rawValue)", action: .open($0)) }
        add(
            Self.tapMenu,
            .panel(
                Panel(widgets: [.title(TitleWidget(text: "Menu")), .list(ListWidget(rows: rows))])))
        add(
            Self.tapStack,
            .stack(
                StackSpec(
                    root: Self.tapMenu, transition: TransitionSpec(kind: .swipe, duration: 0.35),
                    showsHeader: false)))
        configuration = base
    }

    /// The first panel with a clock (the generated clock page when none has one).
    func clockPage(renderer: PageRenderer, size: Size) -> PageID {
        for (id, panel) in panels {
            let layout = renderer.layout(
                panel: panel, size: size, theme: configuration.settings.theme)
            if layout.dynamicRegions.contains(where: {
                if case .clock = $0.source { true } else { false }
            }) {
                return id
            }
        }
        return Self.clock
    }
}

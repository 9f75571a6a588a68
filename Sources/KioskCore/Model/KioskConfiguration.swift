/// Where touch and keys come from (`[input] source`).
public enum InputSource: String, Hashable, Sendable, CaseIterable {
    case wayland, libinput, both
}

/// `[idle]`: what happens when nobody touches the panel. nil disables a step.
public struct IdleSettings: Hashable, Sendable {
    public var homeAfter: Double?
    public var blankAfter: Double?
    /// A device in /sys/class/backlight switched off while blanked; nil = only a black frame.
    public var backlight: String?
    /// The attract page shown after `screensaverAfter` idle seconds (a schedule row's
    /// `screensaver` overrides it while the row holds); nil = none.
    public var screensaver: PageID?
    /// Idle seconds before the screensaver page shows (used only when a screensaver page is set).
    public var screensaverAfter: Double
    /// `screensaver_after` when the file does not say: five minutes, the attract loop's usual wait.
    public static let defaultScreensaverAfter: Double = 300

    public init(
        homeAfter: Double? = nil, blankAfter: Double? = nil, backlight: String? = nil,
        screensaver: PageID? = nil, screensaverAfter: Double = IdleSettings.defaultScreensaverAfter
    ) {
        self.homeAfter = homeAfter
        self.blankAfter = blankAfter
        self.backlight = backlight
        self.screensaver = screensaver
        self.screensaverAfter = screensaverAfter
    }
}

/// `[input]`.
public struct InputSettings: Hashable, Sendable {
    public var source: InputSource
    /// `[display] rotation` and the rest of `[input]` (touch rotation, calibration, devices, keymap).
    public var geometry: InputGeometrySettings
    public init(
        source: InputSource = .wayland, geometry: InputGeometrySettings = InputGeometrySettings()
    ) {
        self.source = source
        self.geometry = geometry
    }
}

/// Everything in kiosk.toml.
public struct KioskSettings: Hashable, Sendable {
    /// The page shown at start and by the home action.
    public var home: PageID
    /// Logical size `render` and a window without a configured size use.
    public var previewSize: Size
    /// Output pixels per logical pixel for `render`.
    public var previewScale: Double
    /// The xdg_toplevel app_id (weston's kiosk-shell matches `app-ids=` on it).
    public var appID: String
    public var theme: Theme
    public var idle: IdleSettings
    public var input: InputSettings
    /// `[display]` backend, connector and mode.
    public var output = OutputSettings()
    /// Where `run` saves the navigation (absolute path): nil = `$STATE_DIRECTORY/navigation`
    /// under systemd, else nowhere; "" = never save or restore.
    public var stateFile: String?
    /// `[mqtt]`, `[dbus]` and `[[value]]`.
    public var control: ControlSettings
    /// `[display] threads`: how many threads compose each frame; nil = one per core this
    /// process may use, at most four (see `LayerCompositor.maximumThreads` for why).
    public var renderThreads: Int?
    /// `[[schedule]]`: the panel's day (display power, brightness, pages by time).
    public var schedule = Schedule()
    /// `[languages]` and the `lang/<code>.toml` strings; nil shows every text as written.
    public var languages: LanguageCatalog?

    public init(
        home: PageID, previewSize: Size = Size(width: 1280, height: 800), previewScale: Double = 1,
        appID: String = "kiosk-shell", theme: Theme = .standard,
        idle: IdleSettings = IdleSettings(),
        input: InputSettings = InputSettings(), stateFile: String? = nil,
        control: ControlSettings = ControlSettings()
    ) {
        self.home = home
        self.previewSize = previewSize
        self.previewScale = previewScale
        self.appID = appID
        self.theme = theme
        self.idle = idle
        self.input = input
        self.stateFile = stateFile
        self.control = control
    }
}

/// A validated configuration: settings plus every page by id. Every id a page refers to exists.
public struct KioskConfiguration: Hashable, Sendable {
    public var settings: KioskSettings
    public var pages: [PageID: PageDefinition]
    /// The folder the files were read from; relative paths were resolved against it.
    public var directory: String

    public init(settings: KioskSettings, pages: [PageID: PageDefinition], directory: String) {
        self.settings = settings
        self.pages = pages
        self.directory = directory
    }

    public func page(_ id: PageID) -> PageDefinition? { pages[id] }

    /// The pages shown without a tap leading to them: home, then the screensaver's and the
    /// schedule rows' pages (`pagesNamedInSettings`).
    public var routeRoots: [PageID] { [settings.home] + settings.pagesNamedInSettings.map(\.id) }

    /// The routes through every way a page leads to another (`pagesItLeadsTo`): from `roots`
    /// first, then from `routeRoots` for what those do not reach.
    public func routes(from roots: [PageID] = []) -> PageRoutes {
        PageRoutes(roots: roots, extraRoots: routeRoots) { pages[$0]?.pagesItLeadsTo }
    }

    /// Every page the panel can show: what home, the screensaver and the schedule's pages lead
    /// to.
    public func reachablePages() -> Set<PageID> { routes().reachable }
}

extension PageDefinition {
    /// Every page this one leads to: its container children (faces, tabs, a stack's or
    /// drill-down's root), its rows' and tiles' `open` pages and a drill-down's placeholders
    /// (a tap on a placeholder's tile opens as on the page beside it).
    public var pagesItLeadsTo: [PageID] { children + openTargets + placeholders }

    /// The placeholder pages a drill-down draws in an empty column; none for other pages.
    public var placeholders: [PageID] {
        guard case .drillDown(let spec) = content else { return [] }
        return spec.placeholders
    }

    /// Pages its widgets' `open` actions lead to.
    public var openTargets: [PageID] {
        guard case .panel(let panel) = content else { return [] }
        var targets: [PageID] = []
        for widget in panel.widgets {
            switch widget {
            case .list(let list):
                for row in list.rows { if let id = row.action?.openedPage { targets.append(id) } }
            case .grid(let grid):
                for tile in grid.tiles {
                    if let id = tile.action?.openedPage { targets.append(id) }
                }
            default: break
            }
        }
        return targets
    }
}

/// How the window presents itself to the compositor.
public struct WindowConfiguration: Sendable, Equatable {
    /// xdg_toplevel app_id: compositors match rules and kiosk setups on it.
    public var appID: String
    /// xdg_toplevel title.
    public var title: String
    /// Logical size used when the compositor leaves the choice to the client (a 0x0 configure,
    /// as sway and cage send first).
    public var defaultSize: (width: Int, height: Int)
    /// Ask for fullscreen (a kiosk always does; false is for debugging in a desktop session).
    public var fullscreen: Bool

    public init(
        appID: String = "kiosk-shell", title: String = "kiosk-shell",
        defaultSize: (width: Int, height: Int) = (1280, 720), fullscreen: Bool = true
    ) {
        self.appID = appID
        self.title = title
        self.defaultSize = defaultSize
        self.fullscreen = fullscreen
    }

    public static func == (a: Self, b: Self) -> Bool {
        a.appID == b.appID && a.title == b.title && a.defaultSize == b.defaultSize
            && a.fullscreen == b.fullscreen
    }
}

import ArgumentParser
import KioskConfig
import KioskControl
import KioskCore

// The subcommands of `kiosk-shell ctl`, one per D-Bus method (docs/control.md).

struct CtlOpen: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "open", abstract: "Show a page, from wherever the panel is (D-Bus Open).")
    @ParentCommand var ctl: Ctl

    @Argument(help: "The page id.")
    var page: String

    func run() throws { try ctl.withClient { try $0.send(.navigate(.open(PageID(page)))) } }
}

struct CtlBack: CtlFixedCommand {
    static let configuration = CommandConfiguration(
        commandName: "back", abstract: "Go back one page (D-Bus Back).")
    static let command = RemoteCommand.navigate(.back)
    @ParentCommand var ctl: Ctl
}

struct CtlHome: CtlFixedCommand {
    static let configuration = CommandConfiguration(
        commandName: "home", abstract: "Return to the home page (D-Bus Home).")
    static let command = RemoteCommand.navigate(.home)
    @ParentCommand var ctl: Ctl
}

struct CtlNext: CtlFixedCommand {
    static let configuration = CommandConfiguration(
        commandName: "next",
        abstract: "Turn the cube on screen one face forward (D-Bus Next; MQTT next).")
    static let command = RemoteCommand.navigate(.nextFace)
    @ParentCommand var ctl: Ctl
}

struct CtlPrevious: CtlFixedCommand {
    static let configuration = CommandConfiguration(
        commandName: "previous",
        abstract: "Turn the cube on screen one face back (D-Bus Previous; MQTT previous).")
    static let command = RemoteCommand.navigate(.previousFace)
    @ParentCommand var ctl: Ctl
}

struct CtlReload: CtlFixedCommand {
    static let configuration = CommandConfiguration(
        commandName: "reload", abstract: "Re-read the config (D-Bus Reload).")
    static let command = RemoteCommand.reload
    @ParentCommand var ctl: Ctl
}

struct CtlScreenshot: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "screenshot", abstract: "Write a PNG of what is on screen (D-Bus Screenshot).")
    @ParentCommand var ctl: Ctl

    @Argument(
        help: "The PNG file to write (the kiosk writes it: a relative path is made absolute here).")
    var path: String

    func run() throws {
        try ctl.withClient { try $0.send(.screenshot(path: LocalPath.absolute(path))) }
    }
}

struct CtlSet: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "set", abstract: "Set a value declared source = \"external\" (D-Bus SetValue)."
    )
    @ParentCommand var ctl: Ctl

    @Argument(help: "The value's name.")
    var name: String

    /// The words after the name, joined with spaces, taken as they are (a value may start with '-').
    @Argument(parsing: .allUnrecognized, help: "The value (the rest of the line).")
    var value: [String] = []

    func run() throws {
        try ctl.withClient {
            try $0.send(.setValue(name: name, value: value.joined(separator: " ")))
        }
    }
}

struct CtlStatus: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "status",
        abstract: "Print the page on screen and whether the panel is idle and blanked.")
    @ParentCommand var ctl: Ctl

    func run() throws {
        try ctl.withClient { client in
            let status = try client.status()
            print("page: \(status.currentPage)")
            print("idle: \(status.idle ? "yes" : "no")")
            print("blanked: \(status.blanked ? "yes" : "no")")
        }
    }
}

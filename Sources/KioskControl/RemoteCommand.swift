import KioskCore

/// What another program may ask the kiosk to do, over MQTT or D-Bus: navigation, reload, setting
/// a value declared as set from outside, the display's power and brightness, the screensaver and
/// a screenshot. Never a program to run or a file to read.
public enum RemoteCommand: Hashable, Sendable, CustomStringConvertible {
    /// open PAGE, back, home, next, previous.
    case navigate(Action)
    /// Re-read the config.
    case reload
    /// set NAME VALUE: a value declared with `source = "external"`.
    case setValue(name: String, value: String)
    /// D-Bus only (a privileged caller names the file); the text parser never produces it.
    case screenshot(path: String)
    /// display on|off|dim: holds over the schedule until the schedule's own state changes.
    case display(DisplayPower)
    /// brightness N (0–100 %): as `display`, holds until the schedule's state changes.
    case brightness(Int)
    /// screensaver: starts the attract page now (`[idle] screensaver` or the schedule row's).
    case screensaver
    /// screenshot (MQTT): the frame on screen as PNG on `<prefix>/screenshot`.
    case publishScreenshot

    public var description: String {
        switch self {
        case .navigate(let action): action.description
        case .reload: "reload"
        case .setValue(let name, let value): "set \(name) \(value)"
        case .screenshot(let path): "screenshot \(path)"
        case .display(let power): "display \(power.rawValue)"
        case .brightness(let percent): "brightness \(percent)"
        case .screensaver: "screensaver"
        case .publishScreenshot: "screenshot"
        }
    }

    /// Longest command text accepted (bytes).
    public static let maxLength = 1024
    static let vocabulary =
        "open PAGE, back, home, next, previous, reload, set NAME VALUE, display on|off|dim, brightness N, screensaver, screenshot"

    /// Parses one command line: `open PAGE`, `back`, `home`, `next`, `previous`, `reload`,
    /// `set NAME VALUE` (VALUE is the rest of the line), `display on|off|dim`, `brightness N`,
    /// `screensaver`, `screenshot`. Anything else is refused with a reason.
    public static func parse(_ bytes: some Collection<UInt8>) throws(ControlError) -> RemoteCommand
    {
        guard bytes.count <= maxLength else {
            throw .tooLarge(what: "command", size: bytes.count, limit: maxLength)
        }
        let text = String(decoding: bytes, as: UTF8.self)
        let trimmed = String(text.trimmingLeadingWhitespace().trimmingTrailingWhitespace())
        let words = trimmed.split(separator: " ", maxSplits: 2, omittingEmptySubsequences: true)
            .map(String.init)
        guard let verb = words.first else { throw .refusedCommand("empty command") }
        func only(_ command: RemoteCommand) throws(ControlError) -> RemoteCommand {
            guard words.count == 1 else { throw .refusedCommand("\"\(verb)\" takes no argument") }
            return command
        }
        switch verb {
        case "back": return try only(.navigate(.back))
        case "home": return try only(.navigate(.home))
        case "next": return try only(.navigate(.nextFace))
        case "previous": return try only(.navigate(.previousFace))
        case "reload": return try only(.reload)
        case "screensaver": return try only(.screensaver)
        case "screenshot": return try only(.publishScreenshot)
        case "display":
            guard words.count == 2 else { throw .refusedCommand("display needs on, off or dim") }
            return .display(try displayPower(words[1]))
        case "brightness":
            guard words.count == 2 else {
                throw .refusedCommand("brightness needs one percentage, 0 to 100")
            }
            return .brightness(try brightness(words[1]))
        case "open":
            guard words.count == 2, isIdentifier(words[1], limit: 128) else {
                throw .refusedCommand("open needs one page id (letters, digits, '.', '_', '-')")
            }
            return .navigate(.open(PageID(words[1])))
        case "set":
            guard words.count >= 2, isIdentifier(words[1], limit: 64) else {
                throw .refusedCommand("set needs a value name and a value")
            }
            return .setValue(name: words[1], value: words.count == 3 ? words[2] : "")
        default:
            throw .refusedCommand(
                "unknown command \"\(PlainText.line(verb, limit: 32))\" (known: \(vocabulary))")
        }
    }

    /// `on`, `off` or `dim` (the display command and D-Bus `Display`).
    static func displayPower(_ word: String) throws(ControlError) -> DisplayPower {
        guard let power = DisplayPower(rawValue: word) else {
            throw .refusedCommand(
                "display needs on, off or dim, not \"\(PlainText.line(word, limit: 32))\"")
        }
        return power
    }

    /// A whole percentage 0…100 (the brightness command and D-Bus `Brightness`).
    static func brightness(_ word: String) throws(ControlError) -> Int {
        guard word.count <= 3, word.allSatisfy({ $0.isASCII && $0.isNumber }),
            let percent = Int(word),
            (0...100).contains(percent)
        else {
            throw .refusedCommand(
                "brightness needs a percentage 0 to 100, not \"\(PlainText.line(word, limit: 32))\""
            )
        }
        return percent
    }

    static func isIdentifier(_ text: String, limit: Int) -> Bool {
        !text.isEmpty && text.count <= limit
            && text.allSatisfy { $0.isASCII && ($0.isLetter || $0.isNumber || "._-".contains($0)) }
    }
}

/// Commands waiting for the next loop round, bounded: a flood keeps the latest few and counts
/// the rest as dropped; repeated `set` of one name keeps only the latest value.
struct CommandQueue {
    let capacity: Int
    private(set) var commands: [RemoteCommand] = []
    private(set) var dropped = 0

    init(capacity: Int) { self.capacity = max(1, capacity) }

    mutating func push(_ command: RemoteCommand) {
        if case .setValue(let name, _) = command,
            let index = commands.lastIndex(where: {
                if case .setValue(let other, _) = $0 { return other == name }
                return false
            })
        {
            commands[index] = command
            return
        }
        if commands.count == capacity {
            commands.removeFirst()
            dropped += 1
        }
        commands.append(command)
    }

    /// The waiting commands and how many were dropped since the last call.
    mutating func take() -> (commands: [RemoteCommand], dropped: Int) {
        defer {
            commands = []
            dropped = 0
        }
        return (commands, dropped)
    }
}

import KioskCore
import KioskPlatform

/// Where the navigation is saved between runs, so a panel restarted after a crash comes back on
/// the page it showed: one small text file (NavigationState's text), replaced atomically.
public struct NavigationStore: Hashable, Sendable {
    /// The file name used in `$STATE_DIRECTORY`.
    public static let defaultName = "navigation"
    /// A saved state is a few lines; anything bigger is not ours.
    public static let maximumSize = 64 * 1024

    public let path: String

    public init(path: String) { self.path = path }

    /// The store for the `state_file` setting: an absolute path, "" for none, or nil for
    /// `$STATE_DIRECTORY/navigation` (the first folder when systemd lists several), none when
    /// that is unset too.
    public static func resolve(setting: String?, environment: (String) -> String?)
        -> NavigationStore?
    {
        if let setting { return setting.isEmpty ? nil : NavigationStore(path: setting) }
        guard let folders = environment("STATE_DIRECTORY"),
            let first = folders.split(separator: ":").first, !first.isEmpty
        else { return nil }
        return NavigationStore(path: String(first) + "/" + defaultName)
    }

    public enum Loaded: Hashable, Sendable {
        /// Nothing saved yet.
        case none
        case state(NavigationState)
        /// The file exists but cannot be used; the text says why (one line).
        case unusable(String)
    }

    public func load() -> Loaded {
        let bytes: [UInt8]?
        do {
            bytes = try AtomicFile.read(path, limit: Self.maximumSize)
        } catch {
            return .unusable("\(path): \(error.description)")
        }
        guard let bytes else { return .none }
        guard let text = String(validating: bytes, as: UTF8.self) else {
            return .unusable("\(path): not UTF-8 text")
        }
        do {
            return .state(try NavigationState(text: text))
        } catch {
            return .unusable("\(path): \(error.description)")
        }
    }

    public func save(_ state: NavigationState) throws(PlatformError) {
        try AtomicFile.write(Array(state.text.utf8), to: path)
    }
}

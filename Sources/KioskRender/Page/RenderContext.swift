import Glibc
import KioskCore

/// What a page draw needs from outside the page: the time for clocks and a way to read the files
/// file values show. Both are injectable so tests are deterministic.
public struct RenderContext: Sendable {
    public var now: WallClockTime
    /// Returns a file's contents, or nil when it is missing or unreadable.
    public var readFile: @Sendable (String) -> String?
    /// Live values by name (`[[value]]`): nil for an unknown name. Set by the app from its
    /// value store; the default knows none.
    public var values: @Sendable (String) -> LiveValue? = { _ in nil }
    /// Rows of a list value by name (empty for an unknown name).
    public var rows: @Sendable (String) -> [ValueRow] = { _ in [] }
    /// A value's history and thresholds (charts, gauges, bars).
    public var chartData: @Sendable (String) -> ChartData = { _ in
        ChartData(history: nil, thresholds: nil)
    }

    public init(
        now: WallClockTime = .now(),
        readFile: @escaping @Sendable (String) -> String? = RenderContext.readSmallFile
    ) {
        self.now = now
        self.readFile = readFile
    }

    /// What `widget` shows: its file's contents with surrounding whitespace trimmed, or its
    /// placeholder when the file is missing, unreadable or blank.
    public func displayedText(for widget: FileValueWidget) -> String {
        fileValue(at: widget.path) ?? widget.placeholder
    }

    /// The trimmed value a file value widget shows, or nil when there is none to show.
    func fileValue(at path: String) -> String? {
        guard let raw = readFile(path) else { return nil }
        let trimmed = raw.trimmingWhitespace()
        return trimmed.isEmpty ? nil : trimmed
    }

    /// Reads at most 4 KiB of a file (a sensor value, a counter); nil when it cannot be opened.
    @Sendable public static func readSmallFile(_ path: String) -> String? {
        let fd = open(path, O_RDONLY | O_CLOEXEC | O_NONBLOCK | O_NOCTTY)
        guard fd >= 0 else { return nil }
        defer { close(fd) }
        return String(decoding: DescriptorReader.read(fd, limit: 4096), as: UTF8.self)
    }
}

extension String {
    fileprivate func trimmingWhitespace() -> String {
        let chars = Array(self)
        guard let first = chars.firstIndex(where: { !$0.isWhitespace }),
            let last = chars.lastIndex(where: { !$0.isWhitespace })
        else { return "" }
        return String(chars[first...last])
    }
}

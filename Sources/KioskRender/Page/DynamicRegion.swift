import KioskCore

/// A part of a page whose pixels change without the page changing: a clock or a file value.
/// A damage tracker redraws only these with `PageRenderer.redraw(_:…)`.
public struct DynamicRegion: Hashable, Sendable {
    public enum Source: Hashable, Sendable {
        /// A clock with this strftime format.
        case clock(format: String)
        /// A file value read from this path.
        case file(path: String)
        /// A live value card (`ValueWidget`), redrawn when its text, stale mark or level changes.
        case value(name: String)
        /// Plain text with `{name}` placeholders, redrawn when the expanded text changes.
        case template(String)
        /// Row `index` of a list generated from the list value `name` (`ValueRowsWidget`).
        case row(name: String, index: Int)
        /// A chart of these values' histories, redrawn when any of them gets a sample.
        case chart(names: [String])
    }

    /// In logical page coordinates, clipped to the page.
    public var rect: Rect
    public var source: Source
    /// The widget, as an index into `Panel.widgets`.
    public var widgetIndex: Int

    public init(rect: Rect, source: Source, widgetIndex: Int) {
        self.rect = rect
        self.source = source
        self.widgetIndex = widgetIndex
    }

    /// True for a clock whose format shows seconds (it needs a tick every second, not every minute).
    public var updatesEverySecond: Bool {
        guard case .clock(let format) = source else { return false }
        var chars = format.makeIterator()
        while let c = chars.next() {
            guard c == "%" else { continue }
            // Skip strftime flags and width (e.g. %-S, %_5S) to reach the conversion.
            var conversion = chars.next()
            while let f = conversion, "_-0^#EO123456789".contains(f) { conversion = chars.next() }
            if let f = conversion, "STrsc+X".contains(f) { return true }
        }
        return false
    }
}

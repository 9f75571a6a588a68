/// One part of a header, drawn on its own transparent layer the size of the header (the bar is
/// opaque), so that while two headers change places their titles and back labels can slide and
/// fade apart over one bar (UINavigationBar; ADTransitionController issue #23) instead of being
/// printed over each other. At rest a header is one `Chrome.header` layer.
public enum HeaderPart: Hashable, Sendable {
    /// The bar: background and the divider along its bottom.
    case bar
    /// The back chevron at the leading edge.
    case chevron
    /// A title, placed as a header with (`besideBack`) or without a back button places it.
    case title(String, besideBack: Bool)
    /// The back button's label beside the chevron.
    case backLabel(String)
}

/// What one header says: a title and, when it has a back button, the title of the page the
/// button goes back to ("" = a bare chevron).
public struct HeaderLine: Hashable, Sendable {
    public var title: String
    public var back: String?

    public init(title: String, back: String?) {
        self.title = title
        self.back = back
    }

    /// The whole header as one chrome layer (at rest).
    public var chrome: Chrome {
        .header(title: title, showsBack: back != nil, backTitle: back ?? "")
    }
}

/// A QR code (`type = "qr"`): fixed text or a live value's text (a URL, a Wi-Fi join string),
/// always dark on light whatever the theme, because phone cameras need the contrast.

/// How much of a QR code may be damaged or covered and still read (the standard's four levels);
/// a higher level holds less text.
public enum QRErrorCorrection: String, Hashable, Sendable, CaseIterable {
    /// About 7 % of the code may be lost.
    case L
    /// About 15 % (the default: the usual choice for a printed or shown code).
    case M
    /// About 25 %.
    case Q
    /// About 30 %.
    case H

    /// The most bytes a code at this level holds (version 40 in byte mode, ISO/IEC 18004
    /// table 7). Digits and capitals pack tighter, but any text up to this length fits.
    public var byteCapacity: Int {
        switch self {
        case .L: 2953
        case .M: 2331
        case .Q: 1663
        case .H: 1273
        }
    }
}

/// What a QR code encodes.
public enum QRContent: Hashable, Sendable {
    /// The same text always (`text = "…"`).
    case text(String)
    /// A `[[value]]`'s current text (`value = "name"`): the code changes with it.
    case value(String)
}

public struct QRWidget: Hashable, Sendable {
    public var content: QRContent
    public var level: QRErrorCorrection
    /// A line under the code ("Scan for the manual").
    public var label: String
    /// The card's height in logical pixels; the code takes the largest whole number of device
    /// pixels per module that fits in it (and in the width).
    public var size: Double

    public init(
        content: QRContent, level: QRErrorCorrection = .M, label: String = "",
        size: Double = 240
    ) {
        self.content = content
        self.level = level
        self.label = label
        self.size = size
    }
}

import KioskCore

/// How the upright picture is turned onto the panel (`[display] rotation`), in one place: the
/// input router writes it when it applies `[display]`/`[input]` (at start and after every
/// reload); the renderer turns Scenes by it and `calibrate` places its targets by it, reading
/// this object rather than keeping copies that could disagree.
public final class DisplayOrientation {
    public internal(set) var transform: DisplayTransform

    public init(_ transform: DisplayTransform = .normal) {
        self.transform = transform
    }
}

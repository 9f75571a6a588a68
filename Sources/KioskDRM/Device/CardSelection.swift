/// Which DRM card is the display, when no `KIOSK_DRM_DEVICE` names one: the first
/// `/dev/dri/card*` (in numeric order) that has KMS connectors, the way flutter-pi finds it. On a
/// Raspberry Pi 4/5 the render-only GPU (v3d) can be card0 and the display controller (vc4)
/// card1, in either order from boot to boot; vgem and etnaviv are render-only cards too.
///
/// A card with connectors counts even when none is connected yet: the display may be plugged in
/// later (hotplug), and at boot a connector's status may not have been probed yet, so preferring
/// a connected one could pick different cards on the same panel from one boot to the next.
///
/// This is the decision alone, over cards already probed (`CardProbe` does the probing), so that
/// it can be tested without /dev/dri.
public enum CardSelection {
    /// What probing one card found.
    public enum Finding: Equatable, Sendable {
        /// udev has not finished with the node (its group may not be set yet): not probed yet.
        case notReady
        /// It could not be opened or asked (the reason, e.g. "Permission denied").
        case failed(String)
        /// No KMS resources: a render-only GPU (drmModeGetResources fails).
        case renderOnly
        /// KMS resources, `connectors` of them connectors, `connected` of those with a display.
        case kms(connectors: Int, connected: Int)
    }

    /// One `/dev/dri/card*` node and what probing it found.
    public struct Probe: Equatable, Sendable {
        public var path: String
        /// The kernel driver's name (drmGetVersion), nil when the card could not be asked.
        public var driver: String?
        public var finding: Finding
        public init(path: String, driver: String? = nil, finding: Finding) {
            self.path = path
            self.driver = driver
            self.finding = finding
        }
    }

    /// Use `path` (`line` says which and why), or wait for more cards (`line` says what was found).
    public enum Decision: Equatable, Sendable {
        case use(path: String, line: String)
        case wait(line: String)
    }

    /// `requested` (`KIOSK_DRM_DEVICE`) is used as it is, whatever the cards; else the first card
    /// of `probes` (in numeric order: `ordered`) that has connectors. A card not ready yet before
    /// that one makes it wait for udev: whichever card udev finishes first, the same card is
    /// chosen.
    public static func decide(requested: String?, probes: [Probe]) -> Decision {
        if let requested {
            return .use(path: requested, line: "using \(requested) (KIOSK_DRM_DEVICE names it)")
        }
        var skipped: [String] = []
        for probe in probes {
            switch probe.finding {
            case .notReady:
                return .wait(
                    line: waitLine("\(probe.path) (udev has not finished with it)", skipped))
            case .kms(let connectors, _) where connectors > 0:
                var line =
                    "using \(probe.path) (\(describe(probe)), the first card with connectors)"
                if !skipped.isEmpty { line += "; skipped " + skipped.joined(separator: ", ") }
                return .use(path: probe.path, line: line)
            default:
                skipped.append("\(probe.path) (\(describe(probe)))")
            }
        }
        return .wait(line: waitLine(nil, skipped))
    }

    private static func waitLine(_ pending: String?, _ skipped: [String]) -> String {
        var parts: [String] = []
        if let pending { parts.append("waiting for \(pending)") }
        if !skipped.isEmpty { parts.append("skipped " + skipped.joined(separator: ", ")) }
        if pending == nil {
            parts.append(skipped.isEmpty ? "no /dev/dri/card* yet" : "no card with connectors yet")
        }
        return "no display card yet: " + parts.joined(separator: "; ")
    }

    /// "virtio_gpu: 1 connector (1 connected)", "vgem: no connectors, render-only".
    static func describe(_ probe: Probe) -> String {
        let driver = probe.driver ?? "driver unknown"
        switch probe.finding {
        case .notReady: return "\(driver): not ready"
        case .failed(let reason): return "\(driver): cannot probe: \(reason)"
        case .renderOnly: return "\(driver): no connectors, render-only"
        case .kms(let connectors, let connected):
            guard connectors > 0 else { return "\(driver): KMS with no connectors" }
            return
                "\(driver): \(connectors) connector\(connectors == 1 ? "" : "s") (\(connected) connected)"
        }
    }

    /// The card nodes among `names` (a /dev/dri listing: `card0`, `renderD128`, `by-path`...) in
    /// numeric order, card10 after card2 (the kernel numbers cards in the order drivers bind).
    public static func ordered(_ names: [String]) -> [String] {
        names.compactMap { name in cardNumber(name).map { (name, $0) } }.sorted { $0.1 < $1.1 }.map(
            \.0)
    }

    /// N of "cardN", nil for any other name.
    static func cardNumber(_ name: String) -> Int? {
        guard name.hasPrefix("card") else { return nil }
        let digits = name.dropFirst(4)
        guard !digits.isEmpty, digits.allSatisfy({ $0.isASCII && $0.isNumber }) else { return nil }
        return Int(digits)
    }
}

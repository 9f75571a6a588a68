internal import CDRM
import Glibc
import KioskPlatform

/// Looks for the display card among the `/dev/dri/card*` nodes (`CardSelection` decides) and
/// waits, as `CardWait` does for a named card, until one qualifies: at boot udev loads the
/// display's driver late, and on a Pi the render-only GPU's card may come first.
///
/// Each card is probed once it is ready (`CardWait.isReady`: udev has set its group), with a plain
/// open(2) first: a KMS query needs no DRM master, and asking seatd would make it take and drop
/// master on every card. When that is refused, `fallback` (the seat) opens it: the unit's device
/// policy (`DeviceAllow=char-drm`) lets the kiosk itself open no card when no DRM driver was loaded
/// yet as it started, and seatd opens it as root. A probe that got an answer is kept per device
/// number, so the wait's polls cost a directory listing and a stat per card.
public final class CardSearch {
    /// Where the card nodes are (tests pass their own).
    public let directory: String
    /// Where udev keeps its database (`CardWait.udevRoot`).
    public let udevRoot: String
    private var probed: [String: (device: UInt64, probe: CardSelection.Probe)] = [:]
    /// Opens a card open(2) could not (the seat): its descriptor and how to close it, or nil.
    private let fallback: ((String) -> (fd: Int32, close: () -> Void)?)?

    /// What to check when no card qualifies.
    public static let hint =
        "is the display's driver loaded? a render-only GPU has no connectors; "
        + "a drop-in with Environment=KIOSK_DRM_DEVICE=… names the card"

    public init(
        directory: String = "/dev/dri", udevRoot: String = "/run/udev",
        fallback: ((String) -> (fd: Int32, close: () -> Void)?)? = nil
    ) {
        self.directory = directory
        self.udevRoot = udevRoot
        self.fallback = fallback
    }

    /// The cards as they are now, in numeric order, each probed once it is ready.
    public func probes() -> [CardSelection.Probe] {
        cardPaths().map { path in
            var info = stat()
            guard stat(path, &info) == 0, CardWait(path: path, udevRoot: udevRoot).isReady else {
                return CardSelection.Probe(path: path, finding: .notReady)
            }
            let device = UInt64(info.st_rdev)
            if let known = probed[path], known.device == device { return known.probe }
            let probe = probe(path)
            // A failed open is tried again at the next poll: on the virtual panel a card that
            // udev had just finished still refused the kiosk once (EACCES) before it opened.
            if case .failed = probe.finding { return probe }
            probed[path] = (device, probe)
            return probe
        }
    }

    /// Returns the card to use, the line saying why, and the seconds waited; throws after
    /// `timeout` seconds or when `stopping` gives a reason (as `CardWait.wait`). While it waits,
    /// `changed` gets each new "no display card yet" line (cards appearing, skipped), and
    /// `waiting` the seconds waited and the current line every `reportInterval` seconds.
    public func wait(
        timeout: Double, reportInterval: Double = 5, stopping: () -> String? = { nil },
        changed: (String) -> Void = { _ in }, waiting: (Double, String) -> Void = { _, _ in }
    ) throws(DRMError) -> (path: String, line: String, waited: Double) {
        let start = MonotonicClock.now
        var nextReport = reportInterval
        var last: String?
        while true {
            let waitLine: String
            switch CardSelection.decide(requested: nil, probes: probes()) {
            case .use(let path, let line): return (path, line, MonotonicClock.now - start)
            case .wait(let line): waitLine = line
            }
            if waitLine != last {
                changed(waitLine)
                last = waitLine
            }
            let waited = MonotonicClock.now - start
            guard waited < timeout else {
                let seconds = timeout == timeout.rounded() ? "\(Int(timeout))" : "\(timeout)"
                throw DRMError("\(waitLine) within \(seconds) s (\(CardSearch.hint))")
            }
            if let reason = stopping() {
                throw DRMError("stopped while waiting for a display card: \(reason)")
            }
            if waited >= nextReport {
                waiting(waited, waitLine)
                nextReport = waited + reportInterval
            }
            usleep(20_000)
        }
    }

    /// The card nodes there now (`cardN`, in numeric order), ready or not.
    public func cardPaths() -> [String] {
        CardSelection.ordered(listing()).map { directory + "/" + $0 }
    }

    private func listing() -> [String] {
        guard let folder = opendir(directory) else { return [] }  // no /dev/dri before the first driver
        defer { closedir(folder) }
        var names: [String] = []
        while let entry = readdir(folder) {
            names.append(
                withUnsafeBytes(of: entry.pointee.d_name) {
                    String(decoding: $0.prefix { $0 != 0 }, as: UTF8.self)
                })
        }
        return names
    }

    /// Opens `path` (open(2), else `fallback`), asks it and closes it again.
    private func probe(_ path: String) -> CardSelection.Probe {
        let fd = open(path, O_RDWR | O_CLOEXEC)
        if fd >= 0 {
            defer { close(fd) }
            return Self.ask(fd, path)
        }
        let reason = String(cString: strerror(errno))
        guard let opened = fallback?(path) else {
            return .init(path: path, finding: .failed(reason))
        }
        defer { opened.close() }
        return Self.ask(opened.fd, path)
    }

    /// The driver's name and KMS resources of the card open as `fd`.
    private static func ask(_ fd: Int32, _ path: String) -> CardSelection.Probe {
        guard let version = drmGetVersion(fd) else {
            return .init(
                path: path, finding: .failed("not a DRM card: \(String(cString: strerror(errno)))"))
        }
        let driver = version.pointee.name.map { String(cString: $0) }
        drmFreeVersion(version)
        // A driver without KMS (vgem, v3d, etnaviv) refuses the query (EOPNOTSUPP or EINVAL).
        guard let resources = drmModeGetResources(fd) else {
            return .init(path: path, driver: driver, finding: .renderOnly)
        }
        defer { drmModeFreeResources(resources) }
        let count = Int(resources.pointee.count_connectors)
        var connected = 0
        for i in 0..<count {
            // What the kernel last probed: no round trip to the display (an EDID read on real panels).
            guard let connector = drmModeGetConnectorCurrent(fd, resources.pointee.connectors[i])
            else { continue }
            if connector.pointee.connection == DRM_MODE_CONNECTED { connected += 1 }
            drmModeFreeConnector(connector)
        }
        return .init(
            path: path, driver: driver, finding: .kms(connectors: count, connected: connected))
    }
}

import Foundation
import Glibc
import KioskDRM
import Testing

/// `CardSelection.decide` over made-up probes (a Pi's v3d + vc4, vgem + virtio-gpu), and
/// `CardSearch` over a temporary folder standing in for /dev/dri (its files are no DRM cards).
@Suite("DRM card selection")
struct CardSelectionTests {
    typealias Probe = CardSelection.Probe
    let v3d = Probe(path: "/dev/dri/card0", driver: "v3d", finding: .renderOnly)
    let vc4 = Probe(
        path: "/dev/dri/card1", driver: "vc4", finding: .kms(connectors: 2, connected: 0))

    @Test(
        "a Pi: the render-only card0 is skipped, card1 with connectors is used and the line says why"
    )
    func piOrder() {
        #expect(
            CardSelection.decide(requested: nil, probes: [v3d, vc4])
                == .use(
                    path: "/dev/dri/card1",
                    line:
                        "using /dev/dri/card1 (vc4: 2 connectors (0 connected), the first card with connectors); "
                        + "skipped /dev/dri/card0 (v3d: no connectors, render-only)"))
    }

    @Test(
        "the first card with connectors wins, connected or not (a display plugged in later still shows)"
    )
    func firstWithConnectors() {
        let hdmi = Probe(
            path: "/dev/dri/card2", driver: "i915", finding: .kms(connectors: 3, connected: 1))
        let decision = CardSelection.decide(requested: nil, probes: [vc4, hdmi])
        #expect(
            decision
                == .use(
                    path: "/dev/dri/card1",
                    line:
                        "using /dev/dri/card1 (vc4: 2 connectors (0 connected), the first card with connectors)"
                ))
    }

    @Test(
        "KMS with zero connectors and a card that cannot be opened are skipped with their reasons")
    func skipReasons() {
        let empty = Probe(
            path: "/dev/dri/card0", driver: "simpledrm", finding: .kms(connectors: 0, connected: 0))
        let denied = Probe(path: "/dev/dri/card1", finding: .failed("Permission denied"))
        let one = Probe(
            path: "/dev/dri/card2", driver: "virtio_gpu", finding: .kms(connectors: 1, connected: 1)
        )
        guard
            case .use(let path, let line) = CardSelection.decide(
                requested: nil, probes: [empty, denied, one])
        else {
            Issue.record("expected a card")
            return
        }
        #expect(path == "/dev/dri/card2")
        #expect(line.hasPrefix("using /dev/dri/card2 (virtio_gpu: 1 connector (1 connected)"))
        #expect(
            line.hasSuffix(
                "skipped /dev/dri/card0 (simpledrm: KMS with no connectors), /dev/dri/card1 (driver unknown: cannot probe: Permission denied)"
            ))
    }

    @Test("no card with connectors: wait, naming what was skipped")
    func noneQualifies() {
        let vgem = Probe(path: "/dev/dri/card0", driver: "vgem", finding: .renderOnly)
        #expect(
            CardSelection.decide(requested: nil, probes: [vgem])
                == .wait(
                    line:
                        "no display card yet: skipped /dev/dri/card0 (vgem: no connectors, render-only); no card with connectors yet"
                ))
        #expect(
            CardSelection.decide(requested: nil, probes: [])
                == .wait(line: "no display card yet: no /dev/dri/card* yet"))
    }

    @Test(
        "a card udev has not finished before the first with connectors makes it wait: the choice does not depend on udev's order"
    )
    func notReadyFirst() {
        let pending = Probe(path: "/dev/dri/card0", finding: .notReady)
        #expect(
            CardSelection.decide(requested: nil, probes: [pending, vc4])
                == .wait(
                    line:
                        "no display card yet: waiting for /dev/dri/card0 (udev has not finished with it)"
                ))
        // One not ready after the chosen card does not matter.
        let later = Probe(path: "/dev/dri/card2", finding: .notReady)
        #expect(
            CardSelection.decide(requested: nil, probes: [v3d, vc4, later]).path == "/dev/dri/card1"
        )
    }

    @Test("KIOSK_DRM_DEVICE is used as it is, even a render-only card or one not probed")
    func requestedWins() {
        #expect(
            CardSelection.decide(requested: "/dev/dri/card0", probes: [v3d, vc4])
                == .use(
                    path: "/dev/dri/card0", line: "using /dev/dri/card0 (KIOSK_DRM_DEVICE names it)"
                ))
        #expect(
            CardSelection.decide(requested: "/dev/dri/card7", probes: []).path == "/dev/dri/card7")
    }

    @Test("card nodes in numeric order (card10 after card2), other names left out")
    func numericOrder() {
        #expect(
            CardSelection.ordered([
                "card10", "renderD128", "card2", "by-path", "card0", "card", "cardX",
                "card1-HDMI-A-1", "card1"
            ])
                == ["card0", "card1", "card2", "card10"])
    }

    // MARK: CardSearch on a folder of stand-ins

    /// A folder standing in for /dev/dri with `names` as empty files, and one for /run/udev.
    func folders(_ names: [String], udevRunning: Bool = false) throws -> (dri: String, udev: String)
    {
        let base = NSTemporaryDirectory() + "kiosk-dri-\(UUID().uuidString)"
        try FileManager.default.createDirectory(
            atPath: base + "/dri", withIntermediateDirectories: true)
        try FileManager.default.createDirectory(
            atPath: base + "/udev/data", withIntermediateDirectories: true)
        if udevRunning {
            _ = FileManager.default.createFile(atPath: base + "/udev/control", contents: nil)
        }
        for name in names {
            _ = FileManager.default.createFile(atPath: base + "/dri/" + name, contents: nil)
        }
        return (base + "/dri", base + "/udev")
    }

    @Test(
        "the search probes card nodes in numeric order; a file that is no DRM card is skipped as such"
    )
    func searchProbes() throws {
        let (dri, udev) = try folders(["card10", "card2", "renderD128"])
        let probes = CardSearch(directory: dri, udevRoot: udev).probes()
        #expect(probes.map(\.path) == [dri + "/card2", dri + "/card10"])
        for probe in probes {
            guard case .failed(let reason) = probe.finding else {
                Issue.record("\(probe.path): \(probe.finding)")
                continue
            }
            #expect(reason.hasPrefix("not a DRM card"))
        }
    }

    @Test(
        "a card that could not be opened is tried again at the next poll, not remembered as failed")
    func failedProbeRetried() throws {
        // A folder named card0 cannot be opened for writing (EISDIR); a file in its place then
        // opens (and is no DRM card): the second reason shows the second poll opened it again.
        let (dri, udev) = try folders([])
        try FileManager.default.createDirectory(
            atPath: dri + "/card0", withIntermediateDirectories: false)
        let search = CardSearch(directory: dri, udevRoot: udev)
        #expect(search.probes().map(\.finding) == [.failed(String(cString: strerror(EISDIR)))])
        try FileManager.default.removeItem(atPath: dri + "/card0")
        _ = FileManager.default.createFile(atPath: dri + "/card0", contents: nil)
        guard case .failed(let reason) = search.probes().first?.finding else {
            Issue.record("card0 not probed again")
            return
        }
        #expect(reason.hasPrefix("not a DRM card"))
    }

    @Test("with udev running a node it has no entry for is not probed yet")
    func searchWaitsForUdev() throws {
        let (dri, udev) = try folders(["card0"], udevRunning: true)
        #expect(
            CardSearch(directory: dri, udevRoot: udev).probes() == [
                Probe(path: dri + "/card0", finding: .notReady)
            ])
    }

    @Test(
        "with no card that qualifies the wait ends at its timeout with what it skipped and what to check"
    )
    func searchTimesOut() throws {
        let (dri, udev) = try folders(["card0"])
        var lines: [String] = []
        let start = Date()
        #expect {
            _ = try CardSearch(directory: dri, udevRoot: udev).wait(
                timeout: 0.2, changed: { lines.append($0) })
        } throws: { error in
            let line = (error as? DRMError)?.description ?? ""
            return line.hasPrefix(
                "no display card yet: skipped \(dri)/card0 (driver unknown: cannot probe: not a DRM card"
            )
                && line.contains("within 0.2 s") && line.contains("KIOSK_DRM_DEVICE")
        }
        #expect(Date().timeIntervalSince(start) >= 0.2)
        #expect(Date().timeIntervalSince(start) < 2)
        // The same finding is told once, not at every poll.
        #expect(lines.count == 1)
    }

    @Test("a card appearing during the wait is probed and told: one more line")
    func searchSeesNewCards() throws {
        let (dri, udev) = try folders([])
        let writer = Thread {
            usleep(100_000)
            _ = FileManager.default.createFile(atPath: dri + "/card3", contents: nil)
        }
        var lines: [String] = []
        writer.start()
        #expect(throws: DRMError.self) {
            _ = try CardSearch(directory: dri, udevRoot: udev).wait(
                timeout: 1, changed: { lines.append($0) })
        }
        #expect(lines.first == "no display card yet: no /dev/dri/card* yet")
        #expect(lines.count == 2)
        #expect(lines.last?.contains("skipped \(dri)/card3") == true)
    }

    @Test("a stop ends the search at once, with the reason")
    func searchStops() throws {
        let (dri, udev) = try folders([])
        #expect {
            _ = try CardSearch(directory: dri, udevRoot: udev).wait(
                timeout: .infinity, stopping: { "SIGTERM received" })
        } throws: { error in
            (error as? DRMError)?.description
                == "stopped while waiting for a display card: SIGTERM received"
        }
    }
}

extension CardSelection.Decision {
    /// The chosen card, nil while waiting.
    var path: String? {
        if case .use(let path, _) = self { return path }
        return nil
    }
}

import Foundation
import Glibc
import KioskDRM
import Testing

/// `CardWait` against real files: /dev/null stands in for the card (a character device whose
/// udev database name is `c1:3`), a temporary folder for /run/udev.
@Suite("DRM card wait at boot")
struct CardWaitTests {
    /// A fresh folder standing in for /run/udev; `running` creates its `control` socket's name.
    func udevRoot(running: Bool) throws -> String {
        let root = NSTemporaryDirectory() + "kiosk-udev-\(UUID().uuidString)"
        try FileManager.default.createDirectory(
            atPath: root + "/data", withIntermediateDirectories: true)
        if running { _ = FileManager.default.createFile(atPath: root + "/control", contents: nil) }
        return root
    }

    @Test("a card that never appears ends the wait with a line naming it and what to check")
    func missingCard() throws {
        let wait = CardWait(
            path: "/dev/dri/no-such-card-\(getpid())", udevRoot: try udevRoot(running: false))
        #expect(!wait.isReady)
        let start = Date()
        #expect {
            _ = try wait.wait(timeout: 0.2)
        } throws: { error in
            let line = (error as? DRMError)?.description ?? ""
            return line.contains("no-such-card") && line.contains("did not appear within 0.2 s")
                && line.contains("KIOSK_DRM_DEVICE")
        }
        // It waited for the timeout, not longer.
        #expect(Date().timeIntervalSince(start) >= 0.2)
        #expect(Date().timeIntervalSince(start) < 2)
    }

    @Test(
        "while the card is missing the wait reports itself at each interval, then still ends at its timeout"
    )
    func reportsWhileWaiting() throws {
        let wait = CardWait(
            path: "/dev/dri/no-such-card-\(getpid())", udevRoot: try udevRoot(running: false))
        var reports: [Double] = []
        #expect(throws: DRMError.self) {
            _ = try wait.wait(timeout: 1, reportInterval: 0.1, waiting: { reports.append($0) })
        }
        // About one report per interval (fewer only if the machine stalls the loop), each at
        // least an interval after the one before.
        #expect(reports.count >= 1 && reports.count <= 10)
        #expect(reports.first.map { $0 >= 0.1 } == true)
        #expect(zip(reports, reports.dropFirst()).allSatisfy { $1 - $0 >= 0.1 })
    }

    @Test("a stop ends the wait at once, with the reason")
    func stopEndsWait() throws {
        let wait = CardWait(
            path: "/dev/dri/no-such-card-\(getpid())", udevRoot: try udevRoot(running: false))
        let start = Date()
        #expect {
            _ = try wait.wait(timeout: .infinity, stopping: { "SIGTERM received" })
        } throws: { error in
            (error as? DRMError)?.description
                == "stopped while waiting for /dev/dri/no-such-card-\(getpid()): SIGTERM received"
        }
        #expect(Date().timeIntervalSince(start) < 2)
    }

    @Test("a ready card is not reported as waited for")
    func readyCardNoReport() throws {
        let wait = CardWait(path: "/dev/null", udevRoot: try udevRoot(running: false))
        var reports = 0
        _ = try wait.wait(timeout: 1, reportInterval: 0, waiting: { _ in reports += 1 })
        #expect(reports == 0)
    }

    @Test("without udev the node alone is ready")
    func noUdev() throws {
        let wait = CardWait(path: "/dev/null", udevRoot: try udevRoot(running: false))
        #expect(wait.isReady)
        // Ready at once: it returns (a card not ready would throw after the timeout), whatever
        // the load of the machine running the test.
        #expect(try wait.wait(timeout: 1) < 1)
    }

    @Test("with udev running the node counts once udev's database has it")
    func udevDatabase() throws {
        let root = try udevRoot(running: true)
        let wait = CardWait(path: "/dev/null", udevRoot: root)
        #expect(!wait.isReady)
        _ = FileManager.default.createFile(atPath: root + "/data/c1:3", contents: nil)
        #expect(wait.isReady)
    }

    @Test("a card udev finishes during the wait ends it then")
    func appearsDuringWait() throws {
        let root = try udevRoot(running: true)
        let wait = CardWait(path: "/dev/null", udevRoot: root)
        let entry = root + "/data/c1:3"
        let writer = Thread {
            usleep(150_000)
            _ = FileManager.default.createFile(atPath: entry, contents: nil)
        }
        writer.start()
        let waited = try wait.wait(timeout: 5)
        #expect(waited >= 0.1)
        #expect(waited < 2)
    }
}

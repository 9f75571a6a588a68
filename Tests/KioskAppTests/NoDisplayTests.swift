import Foundation
import Glibc
import KioskCore
import Testing

@testable import KioskApp

/// `kiosk-shell run` (and `calibrate`) with nowhere to draw: at a terminal it says so in one line
/// and exits 69; under systemd it waits for the card, as at boot.
@Suite("run without a display")
struct NoDisplayTests {
    static let noCards = !FileManager.default.fileExists(atPath: DisplayPresence.cardDirectory)

    /// A started `kiosk-shell run` on the drill fixture (no MQTT, no D-Bus) with only `environment`
    /// (no WAYLAND_DISPLAY, no XDG_RUNTIME_DIR), stdin from /dev/null and stderr into a file.
    final class Started {
        let process = Process()
        let errorPath = AppFixture.temporaryDirectory() + "/stderr"

        init(environment: [String: String], command: String = "run") throws {
            let binary = try #require(KioskShellBinary.path)
            process.executableURL = URL(fileURLWithPath: binary)
            process.arguments = [command, "--config", AppFixture.fixture("drill")]
            process.environment = ["PATH": "/usr/bin:/bin"].merging(environment) { $1 }
            _ = FileManager.default.createFile(atPath: errorPath, contents: nil)
            process.standardInput = FileHandle.nullDevice
            process.standardOutput = FileHandle.nullDevice
            process.standardError = FileHandle(forWritingAtPath: errorPath)
            try process.run()
        }

        deinit { stop() }

        /// Whether it ended within `seconds` (polled: a deadline, not a fixed sleep).
        func ends(within seconds: Double) -> Bool {
            let end = Date().addingTimeInterval(seconds)
            while process.isRunning, Date() < end { usleep(20_000) }
            return !process.isRunning
        }

        func stop() {
            guard process.isRunning else { return }
            kill(process.processIdentifier, SIGKILL)
            process.waitUntilExit()
        }

        var error: String { (try? String(contentsOfFile: errorPath, encoding: .utf8)) ?? "" }
    }

    @Test(
        "at a terminal with no compositor and no /dev/dri it prints one line naming both and exits 69",
        .enabled(
            if: KioskShellBinary.path != nil && noCards,
            "needs the built binary and a machine without /dev/dri"),
        arguments: ["run", "calibrate"])
    func saysWhatIsMissing(command: String) throws {
        let run = try Started(environment: [:], command: command)
        #expect(run.ends(within: 15), "still running: it waits instead of saying what is missing")
        run.stop()
        #expect(run.process.terminationStatus == KioskExitCode.unavailable.rawValue)
        #expect(
            run.error
                == "kiosk-shell: no display: no Wayland compositor (WAYLAND_DISPLAY unset) and no DRM card in /dev/dri; start it under a compositor or on a console with a display\n"
        )
    }

    @Test(
        "started by systemd (INVOCATION_ID) it waits for the card and says once what for",
        .enabled(
            if: KioskShellBinary.path != nil && noCards,
            "needs the built binary and a machine without /dev/dri"))
    func waitsUnderSystemd() throws {
        let run = try Started(environment: ["INVOCATION_ID": "0123456789abcdef0123456789abcdef"])
        #expect(!run.ends(within: 1.5), "ended: \(run.error)")
        run.stop()
        #expect(
            run.error.components(separatedBy: "no display card yet: no /dev/dri/card* yet").count
                == 2, "\(run.error)")
    }

    @Test("systemd is NOTIFY_SOCKET, or INVOCATION_ID without a terminal on both stdin and stderr")
    func systemdRule() {
        func started(_ variables: [String: String], stdin: Bool = false, stderr: Bool = false)
            -> Bool
        {
            DisplayPresence.startedBySystemd(
                environment: { variables[$0] }, stdinIsTerminal: stdin, stderrIsTerminal: stderr)
        }
        #expect(!started([:]))
        #expect(!started([:], stdin: true, stderr: true))
        #expect(started(["NOTIFY_SOCKET": "/run/systemd/notify"], stdin: true, stderr: true))
        #expect(started(["INVOCATION_ID": "x"]))
        // TTYPath= units: stdin on the console, stderr in the journal.
        #expect(started(["INVOCATION_ID": "x"], stdin: true))
        // A shell in a terminal emulator that runs as a user service.
        #expect(!started(["INVOCATION_ID": "x"], stdin: true, stderr: true))
    }

    @Test(
        "only auto without WAYLAND_DISPLAY, KIOSK_DRM_DEVICE or any card node stops, and never under systemd"
    )
    func whenItStops() {
        func missing(
            _ wanted: OutputBackendChoice = .auto, systemd: Bool = false,
            environment variables: [String: String] = [:],
            cards: [String] = []
        ) -> String? {
            DisplayPresence.missingDisplay(
                wanted: wanted, startedBySystemd: systemd, environment: { variables[$0] },
                cardPaths: { cards })
        }
        #expect(missing() != nil)
        #expect(missing(environment: ["WAYLAND_DISPLAY": ""]) != nil)
        #expect(missing(systemd: true) == nil)
        #expect(missing(.drm) == nil)
        #expect(missing(environment: ["KIOSK_DRM_DEVICE": "/dev/dri/card1"]) == nil)
        #expect(missing(environment: ["WAYLAND_DISPLAY": "wayland-1"]) == nil)
        #expect(missing(cards: ["/dev/dri/card0"]) == nil)
        // A compositor's socket where libwayland would not look without WAYLAND_DISPLAY is named.
        let runtime = AppFixture.temporaryDirectory()
        _ = FileManager.default.createFile(atPath: runtime + "/wayland-0", contents: nil)
        #expect(
            missing(environment: ["XDG_RUNTIME_DIR": runtime])?.hasSuffix(
                "set WAYLAND_DISPLAY=wayland-0") == true)
    }
}

#if canImport(Glibc)
    import Glibc
#endif

/// A panel backlight in `/sys/class/backlight/NAME`, switched off while the screen is blanked.
///
/// `bl_power` (0 = on, 4 = FB_BLANK_POWERDOWN) is used when the driver has it, because it keeps
/// the brightness setting; otherwise brightness goes to 0 and back to the value it had. The
/// process needs write access (a udev rule giving the kiosk's group the files; see docs/panels.md).
public final class Backlight {
    /// The device name under the class folder, e.g. "rpi_backlight", "10-0045".
    public let name: String
    /// The device's folder.
    public let directory: String
    private var savedBrightness: String?

    /// The class folder: `/sys/class/backlight`, or `KIOSK_BACKLIGHT_ROOT` when set (the
    /// end-to-end tests point it at a fake sysfs folder to read what the panel wrote).
    public static let classFolder: String = {
        guard let root = getenv("KIOSK_BACKLIGHT_ROOT") else { return "/sys/class/backlight" }
        return String(cString: root)
    }()

    /// `root` is the class folder; tests point it at a fake one.
    public init(name: String, root: String = Backlight.classFolder) {
        self.name = name
        directory = root + "/" + name
    }

    /// True when the device folder exists.
    public var exists: Bool { access(directory, F_OK) == 0 }

    /// Switches the light on or off.
    public func setPower(on: Bool) throws(PlatformError) {
        if access(directory + "/bl_power", F_OK) == 0 {
            try write(on ? "0" : "4", to: "bl_power")
            return
        }
        if on {
            let value = savedBrightness ?? maximum() ?? "1"
            try write(value, to: "brightness")
            savedBrightness = nil
        } else {
            let current = read("brightness")
            try write("0", to: "brightness")
            if let current, current != "0" { savedBrightness = current }
        }
    }

    /// Sets the light to `percent` of `max_brightness` (bl_power on): never 0 unless 0 is asked
    /// for, as a panel at 1 % still shows its picture and one at 0 shows nothing.
    public func setLevel(percent: Int) throws(PlatformError) {
        guard let maximum = maximum().flatMap({ Int($0) }), maximum > 0 else {
            throw .systemCall(
                call: "read \(directory)/max_brightness", reason: "missing or not a number")
        }
        let level = Self.level(percent: percent, maximum: maximum)
        if level > 0, access(directory + "/bl_power", F_OK) == 0 { try write("0", to: "bl_power") }
        try write(String(level), to: "brightness")
        savedBrightness = nil
    }

    /// `percent` of `maximum`, rounded, at least 1 for any level above 0.
    public static func level(percent: Int, maximum: Int) -> Int {
        let clamped = min(max(percent, 0), 100)
        guard clamped > 0 else { return 0 }
        return max(1, (clamped * maximum + 50) / 100)
    }

    private func maximum() -> String? { read("max_brightness") }

    private func read(_ file: String) -> String? {
        guard let bytes = try? AtomicFile.read(directory + "/" + file, limit: 64) else {
            return nil
        }
        let text = String(decoding: bytes, as: UTF8.self).filter { !$0.isWhitespace }
        return text.isEmpty ? nil : text
    }

    // sysfs attributes are written in place with one write(2); a temporary file and rename
    // cannot work there.
    private func write(_ value: String, to file: String) throws(PlatformError) {
        let path = directory + "/" + file
        // O_TRUNC as a shell's `echo 0 > brightness`: harmless on sysfs, needed on a plain file.
        let fd = open(path, O_WRONLY | O_TRUNC | O_CLOEXEC)
        guard fd >= 0 else { throw .fromErrno("open \(path)") }
        defer { close(fd) }
        let bytes = Array((value + "\n").utf8)
        let n = bytes.withUnsafeBytes { Glibc.write(fd, $0.baseAddress, $0.count) }
        guard n == bytes.count else { throw .fromErrno("write \(path)") }
    }
}

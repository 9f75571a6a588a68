import KioskPlatform

/// Settings every kiosk-shell process makes before its command runs.
public enum KioskProcess {
    public static func prepare() {
        MemoryPolicy.apply()
    }
}

import KioskPlatform

/// Settings every kiosk-shell process makes before its command runs.
public enum KioskProcess {
    public static func prepare() {
        // From exec to here: the dynamic loader, relocations, static initialisers.
        StartupTimeline.process.mark("loader")
        MemoryPolicy.apply()
    }
}

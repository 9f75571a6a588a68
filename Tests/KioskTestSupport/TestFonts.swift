import Glibc

/// Pins fontconfig to DejaVu Sans Book and Bold (Tests/Fonts/fonts.conf) so text renders the
/// same on every machine. fontconfig reads its configuration once per process, so this must run
/// before the first text is drawn; scripts/test.sh also sets FONTCONFIG_FILE for the whole run.
public enum TestFonts {
    private static let pinned: Void = {
        guard getenv("KIOSK_NO_FONTCONF") == nil else { return }
        let file = #filePath
        guard let slash = file.lastIndex(of: "/") else { return }
        let tests = file[..<slash].dropLast("/KioskTestSupport".count)
        setenv("FONTCONFIG_FILE", String(tests) + "/Fonts/fonts.conf", 1)
    }()

    public static func pin() { _ = pinned }
}

import CTestFonts

/// Pins fontconfig to DejaVu Sans Book and Bold (Tests/Fonts/fonts.conf) so text renders the
/// same on every machine. The pinning itself happens when the test binary loads
/// (Tests/CTestFonts/pin.c), before any test draws text; `pin()` only makes sure that code is
/// linked in and says whether it worked.
public enum TestFonts {
    public static func pin() {
        precondition(ks_test_fonts_pinned() == 1, "Tests/Fonts/fonts.conf was not pinned")
    }
}

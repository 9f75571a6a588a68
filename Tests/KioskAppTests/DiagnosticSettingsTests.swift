import Foundation
import KioskApp
import KioskConfig
import KioskCore
import Testing

@Suite("Diagnostic page settings")
struct DiagnosticSettingsTests {
    @Test(
        "a refused config whose kiosk.toml parsed gives the diagnostic page its [display] rotation, preview size and app_id"
    )
    func rotationCarried() throws {
        let folder = AppFixture.temporaryDirectory() + "/cfg"
        try FileManager.default.createDirectory(
            atPath: folder + "/pages", withIntermediateDirectories: true)
        try
            "home = \"home\"\napp_id = \"museum\"\ncolour = 1\n[preview]\nwidth = 600\nheight = 1000\n[display]\nrotation = \"90\"\n"
            .write(toFile: folder + "/kiosk.toml", atomically: true, encoding: .utf8)
        try "type = \"panel\"\n".write(
            toFile: folder + "/pages/home.toml", atomically: true, encoding: .utf8)
        let result = ConfigLoader.load(directory: folder)
        #expect(result.configuration == nil)
        let settings = try #require(result.displaySettings)
        #expect(settings.input.geometry.displayTransform == DisplayTransform(name: "90"))
        let shown = DiagnosticPage.configuration(
            errors: result.errors, directory: folder, displaySettings: settings)
        #expect(shown.settings.input.geometry.displayTransform == DisplayTransform(name: "90"))
        #expect(shown.settings.previewSize == Size(width: 600, height: 1000))
        #expect(shown.settings.home == DiagnosticPage.pageID)
        #expect(shown.settings.appID == "museum")  // weston's kiosk-shell shows only that app_id
    }

    @Test("an error line longer than the page shows ends in an ellipsis; check prints it whole")
    func longLineShortened() {
        let long = Diagnostic(
            severity: .error, file: "pages/a.toml", message: String(repeating: "word ", count: 100))
        let config = DiagnosticPage.configuration(errors: [long], directory: "/c")
        guard case .panel(let panel)? = config.pages[DiagnosticPage.pageID]?.content,
            case .text(let row) = panel.widgets[2]
        else {
            Issue.record("no error row")
            return
        }
        #expect(row.markup.hasSuffix("…</tt>"))
        #expect(row.markup.count < 220)
        #expect(long.description.count > 500)
    }
}

import Glibc
import KioskCore
import KioskRender
import KioskTestSupport

/// Shared setup for rendering tests: fonts pinned to DejaVu Sans (what CI installs) and fixture
/// images drawn once into a temporary folder.
enum TestFixtures {
    /// Fonts pinned to DejaVu Sans (Tests/Fonts/fonts.conf), what CI installs.
    static let fonts: Void = TestFonts.pin()

    static let directory: String = {
        var template = Array("/tmp/kiosk-render-tests-XXXXXX".utf8CString)
        guard let made = mkdtemp(&template) else { fatalError("mkdtemp failed") }
        return String(cString: made)
    }()

    static func write(_ text: String, to path: String) {
        guard let f = fopen(path, "w") else { fatalError("cannot write \(path)") }
        fputs(text, f)
        fclose(f)
    }

    /// A 640x360 "photo": sky, sun, two mountain ranges, a lake.
    static let photoPath: String = {
        let path = "\(directory)/photo.png"
        guard let image = try? ImageBuffer(width: 640, height: 360) else { fatalError("buffer") }
        let c = CairoContext(target: image)
        c.fill(
            Rect(x: 0, y: 0, width: 640, height: 360),
            color: RGBA(red: 0.36, green: 0.55, blue: 0.78))
        c.fill(
            Rect(x: 0, y: 0, width: 640, height: 120),
            color: RGBA(red: 0.30, green: 0.48, blue: 0.72))
        c.fillCircle(
            center: Point(x: 480, y: 90), radius: 40, color: RGBA(red: 1, green: 0.85, blue: 0.45))
        c.fillPolygon(
            [
                Point(x: 0, y: 260), Point(x: 150, y: 110), Point(x: 300, y: 240),
                Point(x: 420, y: 140), Point(x: 640, y: 270), Point(x: 640, y: 360),
                Point(x: 0, y: 360)
            ],
            color: RGBA(red: 0.25, green: 0.33, blue: 0.42))
        c.fillPolygon(
            [
                Point(x: 0, y: 300), Point(x: 220, y: 200), Point(x: 400, y: 290),
                Point(x: 640, y: 230), Point(x: 640, y: 360), Point(x: 0, y: 360)
            ],
            color: RGBA(red: 0.16, green: 0.36, blue: 0.27))
        c.fill(
            Rect(x: 0, y: 320, width: 640, height: 40),
            color: RGBA(red: 0.18, green: 0.42, blue: 0.6))
        save(image, to: path)
        return path
    }()

    /// A 96x96 icon: a white gear-ish ring on transparent background.
    static let iconPath: String = {
        let path = "\(directory)/icon.png"
        guard let image = try? ImageBuffer(width: 96, height: 96) else { fatalError("buffer") }
        let c = CairoContext(target: image)
        let amber = RGBA(red: 0.976, green: 0.659, blue: 0.145)
        c.fillRoundedRect(
            Rect(x: 8, y: 8, width: 80, height: 80), radius: 20, color: amber.withAlpha(0.2))
        c.strokeRoundedRect(
            Rect(x: 28, y: 28, width: 40, height: 40), radius: 20, lineWidth: 8, color: amber)
        c.strokePolyline([Point(x: 48, y: 14), Point(x: 48, y: 24)], lineWidth: 8, color: amber)
        c.strokePolyline([Point(x: 48, y: 72), Point(x: 48, y: 82)], lineWidth: 8, color: amber)
        c.strokePolyline([Point(x: 14, y: 48), Point(x: 24, y: 48)], lineWidth: 8, color: amber)
        c.strokePolyline([Point(x: 72, y: 48), Point(x: 82, y: 48)], lineWidth: 8, color: amber)
        save(image, to: path)
        return path
    }()

    private static func save(_ image: ImageBuffer, to path: String) {
        do { try image.writePNG(to: path) } catch { fatalError("\(error)") }
    }

    /// 2023-11-14 22:13:20 UTC.
    static let instant = WallClockTime(secondsSinceEpoch: 1_700_000_000, timeZone: "UTC")

    /// A context with the fixed instant and files from `files` (missing paths read as nil).
    static func context(files: [String: String] = [:]) -> RenderContext {
        RenderContext(now: instant, readFile: { files[$0] })
    }

    /// A renderer with the pinned fonts.
    static func renderer() -> PageRenderer {
        _ = fonts
        return PageRenderer()
    }
}

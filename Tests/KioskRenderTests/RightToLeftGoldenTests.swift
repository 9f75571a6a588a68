import Glibc
import KioskCore
import KioskRender
import KioskTestSupport
import Testing

/// Whole right-to-left screens (a header with its back button, the page, a tab bar) in Arabic at
/// two sizes and in Hebrew at one, as the language work will show them.
@Suite("Right-to-left goldens", .serialized)
struct RightToLeftGoldenTests {
    static let sensorPath = "/run/kiosk/rtl-temperature"

    /// The words of one language for the same page.
    struct Words {
        var title, subtitle, paragraph, back, header: String
        var tiles: [String]
        var rows: [(label: String, detail: String)]
        var card: String
        var tabs: [String]
    }

    static let arabic = Words(
        title: "مرحبا بكم في المتحف", subtitle: "القاعة ٣ · الطابق الأول",
        paragraph: "افتح الأبواب من الساعة 9:00 حتى 17:00. الدخول عبر Gate B مجانا للأطفال.",
        back: "الرئيسية", header: "المعارض",
        tiles: ["المعارض", "الخريطة", "المقهى", "مساعدة"],
        rows: [(label: "الجولات المصحوبة", detail: "3 اليوم"), (label: "التذاكر", detail: "12 €")],
        card: "درجة الحرارة", tabs: ["الرئيسية", "المعارض", "الإعدادات"])

    static let hebrew = Words(
        title: "ברוכים הבאים למוזיאון", subtitle: "אולם 3 · קומה ראשונה",
        paragraph: "הפתיחה בשעה 9:00 עד 17:00. הכניסה דרך Gate B חינם לילדים.",
        back: "ראשי", header: "תערוכות",
        tiles: ["תערוכות", "מפה", "בית קפה", "עזרה"],
        rows: [(label: "סיורים מודרכים", detail: "3 היום"), (label: "כרטיסים", detail: "12 €")],
        card: "טמפרטורה", tabs: ["ראשי", "תערוכות", "הגדרות"])

    static func panel(_ words: Words) -> Panel {
        Panel(widgets: [
            .title(TitleWidget(text: words.title, subtitle: words.subtitle)),
            .text(TextWidget(markup: words.paragraph)),
            .grid(
                GridWidget(
                    columns: 4, tileHeight: 96,
                    tiles: words.tiles.enumerated().map { index, label in
                        Tile(
                            label: label, icon: index == 0 ? TestFixtures.iconPath : nil,
                            action: .open(PageID("p\(index)")), style: index == 3 ? .button : .tile)
                    })),
            .list(
                ListWidget(
                    rows: words.rows.map {
                        ListRow(label: $0.label, detail: $0.detail, action: .open("row"))
                    })),
            .fileValue(FileValueWidget(label: words.card, path: sensorPath, unit: "°C"))
        ])
    }

    static let headerHeight = 64.0
    static let tabBarHeight = 72.0

    /// The screen: a header with a back button at the top, the page, a tab bar at the bottom.
    static func screen(_ words: Words, width: Double, height: Double) throws -> ImageBuffer {
        _ = TestFixtures.fonts
        var theme = Theme.standard
        theme.layoutDirection = .rightToLeft
        let screen = try ImageBuffer(width: Int(width), height: Int(height))
        let chrome = ChromeRenderer()
        let header = try chrome.render(
            .header(title: words.header, showsBack: true, backTitle: words.back),
            size: Size(width: width, height: headerHeight), scale: 1, theme: theme)
        let pageHeight = height - headerHeight - tabBarHeight
        let page = try TestFixtures.renderer().render(
            panel: panel(words), size: Size(width: width, height: pageHeight), scale: 1,
            theme: theme, context: TestFixtures.context(files: [sensorPath: "21.5\n"]))
        let tabs = try chrome.render(
            .tabBar(titles: words.tabs, highlight: TabHighlight(selected: 1)),
            size: Size(width: width, height: tabBarHeight), scale: 1, theme: theme)
        copy(header, into: screen, atRow: 0)
        copy(page, into: screen, atRow: Int(headerHeight))
        copy(tabs, into: screen, atRow: Int(headerHeight + pageHeight))
        screen.markDirty()
        return screen
    }

    /// Copies `part`'s rows (as wide as `screen`) into `screen` from row `top` down.
    static func copy(_ part: ImageBuffer, into screen: ImageBuffer, atRow top: Int) {
        for row in 0..<part.height {
            memcpy(
                screen.pixels + (top + row) * screen.stride, part.pixels + row * part.stride,
                min(part.stride, screen.stride))
        }
    }

    @Test("an Arabic screen at 800x480 reads from the right: back button, tiles and tabs mirrored")
    func arabicSmall() throws {
        goldenImages.check(
            try Self.screen(Self.arabic, width: 800, height: 480), named: "rtl-arabic-800x480")
    }

    @Test("an Arabic screen at 1920x1080")
    func arabicLarge() throws {
        goldenImages.check(
            try Self.screen(Self.arabic, width: 1920, height: 1080), named: "rtl-arabic-1920x1080")
    }

    @Test("a Hebrew screen at 800x480")
    func hebrew() throws {
        goldenImages.check(
            try Self.screen(Self.hebrew, width: 800, height: 480), named: "rtl-hebrew-800x480")
    }
}

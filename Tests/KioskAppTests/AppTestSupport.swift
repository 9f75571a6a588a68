import Glibc
import KioskCore
import KioskRender
import Testing

/// Paths and fonts for the app tests: the package folder (from #filePath), the pinned fonts
/// (DejaVu Sans only, before pango first loads fonts), a fixed wall-clock instant.
enum AppFixture {
    /// Tests/KioskAppTests.
    static let testsDirectory: String = {
        let file = #filePath
        guard let slash = file.lastIndex(of: "/") else { return "." }
        return String(file[..<slash])
    }()

    /// The package root (two levels above this folder).
    static let packageDirectory: String = {
        var path = testsDirectory
        for _ in 0..<2 {
            if let slash = path.lastIndex(of: "/") { path = String(path[..<slash]) }
        }
        return path
    }()

    static var demoConfig: String { packageDirectory + "/Config" }
    static func fixture(_ name: String) -> String { testsDirectory + "/Fixtures/" + name }

    /// A fresh temporary folder.
    static func temporaryDirectory() -> String {
        var template = Array("/tmp/kiosk-app-tests-XXXXXX".utf8CString)
        guard let made = mkdtemp(&template) else { fatalError("mkdtemp failed") }
        return String(cString: made)
    }

    /// Restricts fontconfig to DejaVu Sans Book and Bold (as KioskRenderTests does), so goldens
    /// render the same on a machine with more fonts.
    static let fonts: Void = {
        let path = temporaryDirectory() + "/fonts.conf"
        let conf = """
            <?xml version="1.0"?>
            <!DOCTYPE fontconfig SYSTEM "urn:fontconfig:fonts.dtd">
            <fontconfig>
              <include ignore_missing="yes">/etc/fonts/fonts.conf</include>
              <selectfont>
                <rejectfont>
                  <glob>*.ttf</glob><glob>*.otf</glob><glob>*.ttc</glob><glob>*.otc</glob><glob>*.pfb</glob>
                  <glob>*.pfa</glob><glob>*.t1</glob><glob>*.pcf</glob><glob>*.pcf.gz</glob><glob>*.otb</glob>
                  <glob>*.woff</glob><glob>*.woff2</glob><glob>*.bdf</glob>
                </rejectfont>
                <acceptfont><glob>*/DejaVuSans.ttf</glob><glob>*/DejaVuSans-Bold.ttf</glob></acceptfont>
              </selectfont>
            </fontconfig>
            """
        guard let f = fopen(path, "w") else { fatalError("cannot write \(path)") }
        fputs(conf, f)
        fclose(f)
        if getenv("KIOSK_NO_FONTCONF") == nil { setenv("FONTCONFIG_FILE", path, 1) }
    }()

    /// 2023-11-14 22:13:20 UTC: clocks in goldens show this.
    static let instant = WallClockTime(secondsSinceEpoch: 1_700_000_000, timeZone: "UTC")
}

/// Compares rendered buffers with PNGs in Golden/ (the KioskRenderTests rule): a pixel differs
/// when some channel is off by more than 6, and 0.2 % of the pixels may differ (freetype
/// versions antialias slightly differently). `RECORD_GOLDEN=1` records; a failure or a missing
/// golden writes `<name>.actual.png` beside it.
enum AppGolden {
    static let channelTolerance = 6
    static let allowedFraction = 0.002

    static var directory: String { AppFixture.testsDirectory + "/Golden" }
    static var isRecording: Bool { getenv("RECORD_GOLDEN").map { String(cString: $0) } == "1" }

    static func check(_ image: ImageBuffer, named name: String, sourceLocation: SourceLocation = #_sourceLocation) {
        let goldenPath = "\(directory)/\(name).png"
        let actualPath = "\(directory)/\(name).actual.png"
        if isRecording {
            #expect(throws: Never.self, sourceLocation: sourceLocation) { try image.writePNG(to: goldenPath) }
            unlink(actualPath)
            return
        }
        guard access(goldenPath, R_OK) == 0, let golden = try? ImageBuffer(pngPath: goldenPath) else {
            try? image.writePNG(to: actualPath)
            Issue.record("missing golden \(name).png; wrote \(name).actual.png (RECORD_GOLDEN=1 records)", sourceLocation: sourceLocation)
            return
        }
        guard golden.width == image.width, golden.height == image.height else {
            try? image.writePNG(to: actualPath)
            Issue.record(
                "\(name): size \(image.width)x\(image.height) differs from golden \(golden.width)x\(golden.height)",
                sourceLocation: sourceLocation)
            return
        }
        let (differing, worst) = difference(image, golden)
        let allowed = Int(Double(image.width * image.height) * allowedFraction)
        if differing > allowed {
            try? image.writePNG(to: actualPath)
            Issue.record(
                "\(name): \(differing) pixels differ (allowed \(allowed)), worst channel difference \(worst); wrote \(name).actual.png",
                sourceLocation: sourceLocation)
        } else {
            unlink(actualPath)
        }
    }

    /// Pixels differing beyond the tolerance, and the largest channel difference seen.
    static func difference(_ a: ImageBuffer, _ b: ImageBuffer) -> (Int, Int) {
        var differing = 0
        var worst = 0
        for y in 0..<min(a.height, b.height) {
            for x in 0..<min(a.width, b.width) {
                let p = a.pixel(x: x, y: y)
                let q = b.pixel(x: x, y: y)
                if p == q { continue }
                var pixelWorst = 0
                for shift in stride(from: 0, to: 32, by: 8) {
                    pixelWorst = max(pixelWorst, abs(Int((p >> UInt32(shift)) & 0xff) - Int((q >> UInt32(shift)) & 0xff)))
                }
                worst = max(worst, pixelWorst)
                if pixelWorst > channelTolerance { differing += 1 }
            }
        }
        return (differing, worst)
    }
}

/// Recognisable pages for the transition and prism goldens: each a flat colour with a name at
/// the top left (shows mirroring) and a big letter in the middle.
enum LetterPages {
    static let letters: [(letter: String, name: String, colour: String)] = [
        ("A", "Amber", "#f0a020"), ("B", "Blue", "#2a6fd6"), ("C", "Green", "#2e9e4f"),
        ("D", "Red", "#c83a32"), ("E", "Purple", "#7b4bc4"), ("F", "Teal", "#1d9a9a"),
    ]

    /// Page `letter` ("A"…"F"), its rows opening `opens`.
    static func page(_ index: Int, opens: [PageID] = []) -> PageDefinition {
        let entry = letters[index]
        var widgets: [Widget] = [
            .title(TitleWidget(text: entry.name)),
            .text(TextWidget(markup: "<b>\(entry.letter)</b>", size: 120, alignment: .center)),
        ]
        if !opens.isEmpty { widgets.append(.list(ListWidget(rows: opens.map { ListRow(label: $0.rawValue, action: .open($0)) }))) }
        return PageDefinition(
            id: PageID(entry.letter), title: entry.name,
            content: .panel(Panel(widgets: widgets, background: RGBA(hex: entry.colour))))
    }

    static func configuration(home: PageID, _ pages: [PageDefinition]) -> KioskConfiguration {
        var byID: [PageID: PageDefinition] = [:]
        for page in pages { byID[page.id] = page }
        var theme = Theme.standard
        theme.padding = 16
        theme.titleSize = 28
        return KioskConfiguration(settings: KioskSettings(home: home, theme: theme), pages: byID, directory: "/nonexistent")
    }
}

import KioskConfig
import KioskCore
import KioskRender
import Testing

@testable import KioskApp

@Suite("Diagnostic page and error banner")
struct DiagnosticsTests {
    let errors = [
        Diagnostic(
            severity: .error, file: "pages/home.toml", line: 3, column: 1,
            keyPath: "widget[1].type",
            message: "unknown widget type \"titel\"; did you mean 'title'?"),
        Diagnostic(severity: .error, file: "kiosk.toml", message: "home <page> & co")
    ]

    @Test("the diagnostic configuration shows one page listing every error, escaped for markup")
    func page() throws {
        let configuration = DiagnosticPage.configuration(
            errors: errors, directory: "/etc/kiosk-shell")
        #expect(configuration.settings.home == DiagnosticPage.pageID)
        #expect(configuration.settings.stateFile == "")
        let page = try #require(configuration.pages[DiagnosticPage.pageID])
        guard case .panel(let panel) = page.content else {
            Issue.record("not a panel")
            return
        }
        #expect(panel.background == DiagnosticPage.background)
        #expect(panel.widgets.count == 4)
        #expect(
            panel.widgets[0]
                == .title(
                    TitleWidget(
                        text: "The kiosk config cannot be used",
                        subtitle: "/etc/kiosk-shell: 2 errors")))
        #expect(
            panel.widgets[2]
                == .text(
                    TextWidget(
                        markup:
                            "<tt>pages/home.toml:3:1: error: widget[1].type: unknown widget type &quot;titel&quot;; did you mean &apos;title&apos;?</tt>",
                        size: 16)))
        #expect(
            panel.widgets[3]
                == .text(
                    TextWidget(
                        markup: "<tt>kiosk.toml: error: home &lt;page&gt; &amp; co</tt>", size: 16))
        )
    }

    @Test(
        "a list longer than a screen says under the title that it scrolls and how many errors it holds"
    )
    func longListSaysSo() throws {
        let many = (1...16).map {
            Diagnostic(severity: .error, file: "pages/p\($0).toml", message: "bad")
        }
        guard
            case .panel(let panel)? = DiagnosticPage.configuration(errors: many, directory: "/c")
                .pages[DiagnosticPage.pageID]?.content,
            case .text(let intro) = panel.widgets[1]
        else {
            Issue.record("no introduction")
            return
        }
        #expect(intro.markup.hasSuffix("The list scrolls: drag it up to see all 16 errors."))
        guard
            case .panel(let short)? = DiagnosticPage.configuration(
                errors: Array(many.prefix(2)), directory: "/c"
            ).pages[DiagnosticPage.pageID]?.content,
            case .text(let plain) = short.widgets[1]
        else {
            Issue.record("no introduction")
            return
        }
        #expect(!plain.markup.contains("scrolls"))
    }

    @Test("past the limit the rest is counted with the check command")
    func limit() {
        let many = (1...20).map {
            Diagnostic(severity: .error, file: "pages/p\($0).toml", message: "bad")
        }
        let widgets = DiagnosticRows.widgets(for: many, limit: 14, directory: "/cfg")
        #expect(widgets.count == 15)
        #expect(
            widgets.last
                == .text(
                    TextWidget(
                        markup: "… and 6 more errors: kiosk-shell check --config /cfg", size: 16)))
    }

    @Test(
        "the banner's panel is an overlay panel under an id config files cannot use, never a page of the configuration"
    )
    func banner() {
        let home = PageDefinition(id: "home", title: "Home", content: .panel(Panel(widgets: [])))
        let good = KioskConfiguration(
            settings: KioskSettings(home: "home"), pages: ["home": home], directory: "/c")
        let banner = ErrorBanner(errors: errors, directory: "/c")
        let overlay = ErrorBannerOverlay(banner) {}
        #expect(Array(overlay.panels(theme: .standard).keys) == [ErrorBanner.pageID])
        #expect(ErrorBanner.pageID.rawValue.contains(":"))
        #expect(good.pages.count == 1)
    }

    @Test(
        "the banner spans the width, follows its text, and never covers more than 60 % of the height"
    )
    func bannerFrame() {
        let viewport = Size(width: 800, height: 600)
        #expect(
            ErrorBanner.frame(viewport: viewport, contentHeight: 241.3)
                == Rect(x: 0, y: 0, width: 800, height: 242))
        #expect(
            ErrorBanner.frame(viewport: viewport, contentHeight: 2000)
                == Rect(x: 0, y: 0, width: 800, height: 360))
        let layer = ErrorBanner.layer(frame: Rect(x: 0, y: 0, width: 800, height: 242), scale: 2)
        #expect(layer.content == .panel(ErrorBanner.pageID))
        #expect(layer.size == Size(width: 800, height: 242))
        #expect(layer.transform.project(Point(x: 800, y: 242)) == Point(x: 1600, y: 484))
    }

    @Test("the banner's text lays out within the screen on an 800x600 panel")
    func bannerLayout() throws {
        let banner = ErrorBanner(errors: errors, directory: "/c")
        guard case .panel(let panel) = banner.page.content else {
            Issue.record("not a panel")
            return
        }
        let layout = PageRenderer().layout(
            panel: panel, size: Size(width: 800, height: 600), theme: .standard)
        #expect(layout.contentHeight > 150)
        #expect(layout.contentHeight < 360)
    }
}

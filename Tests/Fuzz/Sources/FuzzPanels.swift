import KioskCore
import KioskRender

/// The Navigator's panel measurements from the renderer's layout, as `run` answers them
/// (KioskApp's FrameRenderer), without the app's cache: each fuzz input is a new configuration.
struct FuzzPanels: PanelMeasuring {
    let configuration: KioskConfiguration
    let renderer: PageRenderer

    func targets(page: PageID, size: Size) -> [PanelTarget] {
        layout(page, size)?.hitRegions.map { PanelTarget(rect: $0.rect, action: $0.action) } ?? []
    }

    func contentHeight(page: PageID, size: Size) -> Double {
        layout(page, size)?.contentHeight ?? size.height
    }

    private func layout(_ page: PageID, _ size: Size) -> PanelLayout? {
        guard case .panel(let panel)? = configuration.pages[page]?.content else { return nil }
        return renderer.layout(panel: panel, size: size, theme: configuration.settings.theme)
    }
}

import KioskCore

extension PageSurfaceCache {
    /// Replaces the overlay panels (by the ids their layers show). A surface whose panel changed
    /// is drawn again when next prepared, one whose panel went is dropped; the configuration and
    /// the other surfaces stay as they are.
    public func setOverlayPanels(_ panels: [PageID: Panel]) {
        let old = overlayPanels
        overlayPanels = panels
        for id in Set(old.keys).union(panels.keys) where old[id] != panels[id] {
            let content = LayerContent.panel(id)
            if panels[id] == nil {
                entries[content] = nil
            } else {
                entries[content]?.isValid = false
            }
        }
    }
}

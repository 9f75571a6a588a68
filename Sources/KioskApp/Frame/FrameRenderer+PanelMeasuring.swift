import KioskCore

/// The Navigator asks the renderer's layout where a panel's items are and how tall it is.
extension FrameRenderer: PanelMeasuring {}

import KioskCore

extension ControlGeometry {
    /// The geometry of a control drawn in `card` on a page reading in `direction`: right to left,
    /// every part is reflected inside the card (the label at the right, a stepper's + at the
    /// left and − at the right, a slider's minimum at the right end). The layout's hit regions
    /// get the same reflection from the page-wide mirror (`PanelLayout.mirrorForRightToLeft`).
    init(_ kind: ControlKind, card: Rect, bodySize: Double, direction: LayoutDirection) {
        self.init(kind, card: card, bodySize: bodySize)
        guard direction == .rightToLeft else { return }
        label = label.mirrored(within: card)
        value = value?.mirrored(within: card)
        parts = parts.map { ($0.rect.mirrored(within: card), $0.part) }
    }
}

import KioskCore

/// `qr`: a QR code of fixed `text` or a `value`'s text. Fixed text longer than the level holds is
/// reported here, so `check` catches it before the panel shows a placeholder instead.
extension WidgetParser {
    static let qrKeys = ["text", "value", "level", "label", "size"]
    static let defaultQRSize = 240.0
    /// Below this a version-1 code (21 modules and the quiet zone) would have less than a pixel
    /// per module.
    static let minimumQRSize = 40.0

    func qrWidget(_ table: TableReader, what: String) -> Widget? {
        let level = table.choice("level", QRErrorCorrection.self, what: "QR error correction level")
        let label = table.string("label", allowEmpty: true) ?? ""
        let size = table.number(
            "size", above: Self.minimumQRSize, allowMinimum: true, maximum: ConfigLimits.length)
        let content = qrContent(table, what: what)
        if table.has("level") && level == nil { return nil }
        if table.has("size") && size == nil { return nil }
        guard let content else { return nil }
        let chosen = level ?? .M
        if case .text(let text) = content, text.utf8.count > chosen.byteCapacity {
            context.error(
                table.keyPath("text"),
                "text of \(text.utf8.count) bytes is too long for a QR code at level \(chosen.rawValue) (at most \(chosen.byteCapacity)); shorten it or choose a lower level"
            )
            return nil
        }
        return .qr(
            QRWidget(
                content: content, level: chosen, label: label, size: size ?? Self.defaultQRSize))
    }

    /// `text = "…"` or `value = "name"`, exactly one.
    private func qrContent(_ table: TableReader, what: String) -> QRContent? {
        switch (table.has("text"), table.has("value")) {
        case (true, true):
            context.error(
                table.keyPath("value"), "set either 'text' (fixed) or 'value' (live), not both")
            return nil
        case (false, true):
            return table.string("value", required: what).map(QRContent.value)
        default:
            return table.string("text", required: what).map(QRContent.text)
        }
    }
}

import KioskCore
import KioskRender

/// The on-screen numeric pad or keyboard a `field` opens: what is typed, the reason a value was
/// refused, and rows of keys (`KeyboardLayout`), on a card along the bottom of a dimmed screen.
/// Drawn by kiosk-shell itself, so it works the same under a compositor and under DRM, and a
/// physical keyboard types into it too. Modal: it takes every touch and key until submitted or
/// cancelled. Submitting checks the value (`FieldRules`): a bad one stays with the reason on
/// screen and nothing is sent.
final class EntryOverlay: Overlay {
    static let surfaceID = PageID("kiosk-shell:entry")
    /// Keys are 48 logical pixels tall, the fingertip minimum: five rows of them, the typed text
    /// and the reason a value was refused still fit an 800x480 panel.
    static let keyHeight = 48.0
    /// The numeric pad is narrow (a phone's pad); a keyboard spans the screen up to this.
    static let padWidth = 420.0
    static let keyboardWidth = 1100.0

    let field: FieldSpec
    let label: String
    /// What the visitor typed so far.
    private(set) var text = ""
    /// Why the last submitted value was refused; cleared by the next key.
    private(set) var problem: String?
    /// Gets an accepted value; the overlay then closes.
    private let submitted: (String) -> Void
    /// Hears why a value was refused (the runner logs it).
    private let refused: (String) -> Void
    /// A last check of a value that passed the rules (a PIN against its hash): a reason refuses
    /// it and clears what was typed; nil accepts it.
    private let verify: ((String) -> String?)?
    /// The keys' touch targets, logical pixels, once laid out.
    private(set) var keys: [(rect: Rect, key: EntryKey)] = []
    private(set) var layers: [SceneLayer] = []
    private(set) var frame: Rect?

    init(
        field: FieldSpec, label: String, submitted: @escaping (String) -> Void,
        refused: @escaping (String) -> Void, verify: ((String) -> String?)? = nil
    ) {
        self.field = field
        self.label = label
        self.submitted = submitted
        self.refused = refused
        self.verify = verify
    }

    var level: OverlayLevel { .dialog }

    func panels(theme: Theme) -> [PageID: Panel] { [Self.surfaceID: panel] }

    var panel: Panel {
        let rows = field.openedLayout.rows
        let name = label.isEmpty ? "Enter a value" : label
        // The typed text is the heading; under it the reason a value was refused, else the label.
        var widgets: [Widget] = [
            .title(
                TitleWidget(
                    text: text.isEmpty ? name : field.entry.shown(text),
                    subtitle: problem ?? (text.isEmpty ? " " : name)))
        ]
        for row in rows {
            let tiles = row.map { Tile(label: $0.label, style: $0 == .submit ? .button : .tile) }
            widgets.append(
                .grid(GridWidget(columns: row.count, tileHeight: Self.keyHeight, tiles: tiles)))
        }
        return Panel(widgets: widgets)
    }

    func layout(in space: OverlaySpace) {
        let rows = field.openedLayout.rows
        let widest = field.entry == .text ? Self.keyboardWidth : Self.padWidth
        let width = min(widest, space.viewport.width)
        let layout = space.layout(panel, width: width)
        let height = min(layout.contentHeight.rounded(.up), space.viewport.height)
        let card = Rect(
            x: ((space.viewport.width - width) / 2).rounded(), y: space.viewport.height - height,
            width: width, height: height)
        // The key rows are the panel's widgets after the title.
        keys = []
        for placed in layout.widgets where placed.widgetIndex >= 1 {
            let row = rows[placed.widgetIndex - 1]
            for (rect, key) in zip(placed.parts, row) {
                keys.append((rect.offsetBy(dx: card.minX, dy: card.minY), key))
            }
        }
        frame = Rect(size: space.viewport)
        layers = space.modalLayers(Self.surfaceID, card: card)
    }

    /// Modal: every touch is the pad's.
    func takesTouch(at point: Point) -> Bool { true }

    func touchEnded(wentDownAt point: Point) -> OverlayTouchOutcome {
        guard let key = keys.first(where: { $0.rect.contains(point) })?.key else { return .stays }
        return press(key)
    }

    /// A key from a physical keyboard: characters type, Backspace deletes, Enter submits,
    /// Escape cancels; other keys are kept from the pages while the pad is open.
    func keyPressed(_ key: Key) -> OverlayTouchOutcome? {
        switch key {
        case .enter: return press(.submit)
        case .escape: return press(.cancel)
        case .backspace: return press(.backspace)
        case .space: return press(.space)
        case .other(let name): return EntryKey(typedByKeysym: name).map(press) ?? .stays
        default: return .stays
        }
    }

    /// What a key does: types, deletes, cancels, or submits the value when it passes the rules.
    func press(_ key: EntryKey) -> OverlayTouchOutcome {
        switch key {
        case .cancel:
            return .closes
        case .submit:
            if let reason = field.rules.problem(with: text, entry: field.entry) {
                problem = reason
                refused(reason)
                return .changed
            }
            if let reason = verify?(text) {
                // A wrong PIN is not left on the pad to be corrected digit by digit.
                text = ""
                problem = reason
                refused(reason)
                return .changed
            }
            submitted(text)
            return .closes
        case .character, .space, .backspace:
            let next = key.apply(to: text)
            guard next != text || problem != nil else { return .stays }
            text = next
            problem = nil
            return .changed
        }
    }
}

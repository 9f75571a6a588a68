import KioskCore
import KioskRender

/// The dialog asking before an action with `confirm = "…"` runs: the question and two buttons,
/// Cancel and Run, on a card in the middle of a dimmed screen. Modal: it takes every touch until
/// answered; a touch that went down on Run answers yes, any other no.
final class ConfirmOverlay: Overlay {
    static let surfaceID = PageID("kiosk-shell:confirm")
    /// Touch targets are at least this tall (logical pixels; 48 is the usual minimum).
    static let buttonHeight = 64.0

    let question: String
    /// Runs once with the answer (true: Run).
    private let answered: (Bool) -> Void
    /// The Cancel and Run buttons in logical pixels, once laid out.
    private(set) var buttons: [Rect] = []
    private(set) var layers: [SceneLayer] = []
    private(set) var frame: Rect?

    init(question: String, answered: @escaping (Bool) -> Void) {
        self.question = question
        self.answered = answered
    }

    var level: OverlayLevel { .dialog }

    func panels(theme: Theme) -> [PageID: Panel] { [Self.surfaceID: panel] }

    var panel: Panel {
        let buttons = GridWidget(
            columns: 2, tileHeight: Self.buttonHeight,
            tiles: [Tile(label: "Cancel", style: .tile), Tile(label: "Run", style: .button)])
        return Panel(widgets: [.title(TitleWidget(text: question)), .grid(buttons)])
    }

    func layout(in space: OverlaySpace) {
        let layout = space.layout(panel, width: OverlayCard.width(viewport: space.viewport))
        let card = OverlayCard.frame(
            viewport: space.viewport, contentHeight: layout.contentHeight, centred: true)
        // The buttons are the grid's cells (the panel's second widget).
        buttons =
            layout.widgets.first { $0.widgetIndex == 1 }?.parts.map {
                $0.offsetBy(dx: card.minX, dy: card.minY)
            } ?? []
        frame = Rect(size: space.viewport)
        layers = space.modalLayers(Self.surfaceID, card: card)
    }

    /// Modal: every touch is the dialog's.
    func takesTouch(at point: Point) -> Bool { true }

    func touchEnded(wentDownAt point: Point) -> OverlayTouchOutcome {
        answered(buttons.count == 2 && buttons[1].contains(point))
        return .closes
    }
}

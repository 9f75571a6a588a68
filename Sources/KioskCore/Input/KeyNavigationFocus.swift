/// Which of a list's actionable items has keyboard focus.
///
/// Rules:
/// - Nothing is focused until the first focus move, so a touch-only kiosk never shows a focus ring.
///   From no focus, `.down` and `.next` focus the first item and `.up` the last.
/// - `.next` (Tab) always goes round from the last item to the first.
/// - At the ends it clamps by default (a kiosk list should not jump from the last departure back to
///   the first); set `wraps` to go round.
/// - An empty list has no focus. When the item count shrinks, the focus clamps to the last item.
public struct KeyNavigationFocus: Hashable, Sendable {
    /// Number of actionable items; negative values count as zero.
    public private(set) var count: Int
    /// The focused item's index in 0..<count, or nil.
    public private(set) var focusedIndex: Int?
    /// Whether moving past an end continues at the other end.
    public var wraps: Bool

    public init(count: Int, focusedIndex: Int? = nil, wraps: Bool = false) {
        self.count = max(0, count)
        self.wraps = wraps
        self.focusedIndex = nil
        if let focusedIndex { focus(focusedIndex) }
    }

    /// Changes the number of items, clamping the focus into range (nil when empty).
    public mutating func setCount(_ newCount: Int) {
        count = max(0, newCount)
        guard let index = focusedIndex else { return }
        focusedIndex = count == 0 ? nil : min(index, count - 1)
    }

    /// Focuses `index` when it is a valid item index; otherwise leaves the focus unchanged.
    public mutating func focus(_ index: Int) {
        guard index >= 0, index < count else { return }
        focusedIndex = index
    }

    /// Removes the focus (e.g. after a touch, so touch and keys do not fight).
    public mutating func clear() {
        focusedIndex = nil
    }

    /// Moves the focus one item; returns whether the focused index changed.
    @discardableResult
    public mutating func move(_ direction: FocusDirection) -> Bool {
        guard count > 0 else { return false }
        let old = focusedIndex
        guard let index = old else {
            focusedIndex = direction == .up ? count - 1 : 0
            return true
        }
        switch direction {
        case .next:
            focusedIndex = index + 1 < count ? index + 1 : 0
        case .down:
            focusedIndex = index + 1 < count ? index + 1 : (wraps ? 0 : index)
        case .up:
            focusedIndex = index > 0 ? index - 1 : (wraps ? count - 1 : index)
        }
        return focusedIndex != old
    }
}

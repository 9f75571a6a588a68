import KioskCore

/// `header = true|false` on stacks and drill-downs (the bar with the page title and a back
/// button labelled with the previous title).
extension PageParser {
    static let headerKey = "header"

    /// The `header` key: nil when absent; `.failed` when it is not a boolean (already reported).
    func header(_ root: TableReader) -> HeaderSetting {
        guard root.has(Self.headerKey) else { return .absent }
        return root.bool(Self.headerKey).map(HeaderSetting.set) ?? .failed
    }
}

/// What a page's `header` key says.
enum HeaderSetting {
    case absent
    case set(Bool)
    case failed

    /// The value when given, nil when absent.
    var value: Bool? {
        if case .set(let on) = self { return on }
        return nil
    }

    var isValid: Bool {
        if case .failed = self { return false }
        return true
    }
}

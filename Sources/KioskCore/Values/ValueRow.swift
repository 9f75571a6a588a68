/// One row of a list generated from data (a departure: time, destination, platform, delay):
/// named fields of plain text.
public struct ValueRow: Hashable, Sendable {
    public var fields: [String: String]

    public init(_ fields: [String: String]) { self.fields = fields }

    /// The field's text, or nil when the row has no such field.
    public subscript(name: String) -> String? { fields[name] }
}

/// What changed in a generated list since a renderer last looked, so it redraws only that.
public struct RowChanges: Hashable, Sendable {
    /// Row count before and after.
    public var previousCount: Int
    public var count: Int
    /// Indices (in the new list) of rows that differ from the row at the same index before,
    /// including every row that did not exist before.
    public var changedRows: [Int]

    public init(previousCount: Int, count: Int, changedRows: [Int]) {
        self.previousCount = previousCount
        self.count = count
        self.changedRows = changedRows
    }

    /// A different number of rows moves everything below: lay the list out again.
    public var needsLayout: Bool { previousCount != count }
    public var isEmpty: Bool { previousCount == count && changedRows.isEmpty }

    /// Compares `old` with `new` row by row at the same index.
    public init(from old: [ValueRow], to new: [ValueRow]) {
        previousCount = old.count
        count = new.count
        changedRows = new.indices.filter { $0 >= old.count || old[$0] != new[$0] }
    }
}

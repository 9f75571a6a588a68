/// How a row shares its width between a leading text (a label, a key) and a trailing one (a
/// detail, a value): by their content, so a short text is never cut to make room that the other
/// does not need.
struct RowColumns: Hashable {
    var leading: Double
    var trailing: Double

    /// Widths for texts whose one-line widths are `leading` and `trailing`, in `available` with
    /// `gap` between them. Both whole when they fit. Otherwise a text narrower than its share
    /// (`leadingShare` of the room for the leading one, the rest for the trailing one) keeps its
    /// width and the other gets what is left; when both are wider, each gets its share.
    static func split(
        leading a: Double, trailing b: Double, available: Double, gap: Double, leadingShare: Double
    ) -> RowColumns {
        let room = max(0, available - gap)
        guard b > 0 else { return RowColumns(leading: max(0, available), trailing: 0) }
        if a + b <= room { return RowColumns(leading: room - b, trailing: b) }
        let share = min(max(leadingShare, 0), 1)
        if a <= room * share { return RowColumns(leading: a, trailing: room - a) }
        if b <= room * (1 - share) { return RowColumns(leading: room - b, trailing: b) }
        return RowColumns(leading: room * share, trailing: room * (1 - share))
    }
}

import KioskCore

/// Benchmark results with each median as a ratio to the memory bound (a memcpy of one frame) and
/// to the reference (the cube frame through pixman's general projective transform).
public struct BenchmarkReport: Sendable {
    public var results: [BenchmarkResult]
    /// Name of the result that is the memory bound.
    public var memoryBound: String
    /// Name of the result that is the reference.
    public var reference: String
    /// Output size the frames were measured at, e.g. "1920x1080".
    public var size: String
    /// How the frames were made (the bench states that it runs the runtime pipeline); nil: not said.
    public var note: String?
    /// Lines printed after the table: ratios between results and measurements that are not one
    /// median (latency percentiles).
    public var summary: [String] = []

    public init(
        results: [BenchmarkResult], memoryBound: String, reference: String, size: String,
        note: String? = nil
    ) {
        self.note = note
        self.results = results
        self.memoryBound = memoryBound
        self.reference = reference
        self.size = size
    }

    private func median(of name: String) -> Double? {
        results.first { $0.name == name }.map(\.medianMs)
    }

    /// `result` ÷ memory bound (how many frame copies it costs); nil without a bound.
    public func ratioToMemoryBound(_ r: BenchmarkResult) -> Double? {
        median(of: memoryBound).flatMap { $0 > 0 ? r.medianMs / $0 : nil }
    }

    /// `result` ÷ reference (below 1 is faster than pixman); nil without a reference.
    public func ratioToReference(_ r: BenchmarkResult) -> Double? {
        median(of: reference).flatMap { $0 > 0 ? r.medianMs / $0 : nil }
    }

    /// An aligned table: name, median ms, × memcpy, × reference.
    public var text: String {
        let nameWidth = max(9, results.map(\.name.count).max() ?? 0)
        func pad(_ s: String, _ n: Int, left: Bool = false) -> String {
            let fill = String(repeating: " ", count: max(0, n - s.count))
            return left ? s + fill : fill + s
        }
        var lines = ["benchmark at \(size) (medians)"]
        if let note { lines.append(note) }
        lines.append(
            pad("operation", nameWidth, left: true) + pad("ms", 10) + pad("x memcpy", 10)
                + pad("x ref", 9))
        for r in results {
            let m = ratioToMemoryBound(r).map { BenchmarkReport.format($0, 2) } ?? "-"
            let f = ratioToReference(r).map { BenchmarkReport.format($0, 3) } ?? "-"
            lines.append(
                pad(r.name, nameWidth, left: true) + pad(BenchmarkReport.format(r.medianMs, 3), 10)
                    + pad(m, 10) + pad(f, 9))
        }
        return (lines + summary).joined(separator: "\n")
    }

    /// `{"size": …, "memoryBound": …, "reference": …, "results": [{"name", "medianMs",
    /// "ratioToMemoryBound", "ratioToReference"}]}`; a missing ratio is null.
    public var json: String {
        func number(_ v: Double?) -> String {
            guard let v, v.isFinite else { return "null" }
            return BenchmarkReport.format(v, 4)
        }
        let items = results.map { r in
            "{\"name\":\(JSONString.quoted(r.name)),\"medianMs\":\(number(r.medianMs)),"
                + "\"ratioToMemoryBound\":\(number(ratioToMemoryBound(r))),"
                + "\"ratioToReference\":\(number(ratioToReference(r)))}"
        }
        let pipeline = note.map { ",\"pipeline\":" + JSONString.quoted($0) } ?? ""
        return
            "{\"size\":\(JSONString.quoted(size))\(pipeline),\"memoryBound\":\(JSONString.quoted(memoryBound)),"
            + "\"reference\":\(JSONString.quoted(reference)),\"results\":["
            + items.joined(separator: ",") + "],"
            + "\"summary\":[" + summary.map(JSONString.quoted).joined(separator: ",") + "]}"
    }

    /// Fixed-point decimal without Foundation.
    public static func format(_ v: Double, _ decimals: Int) -> String {
        v.isFinite ? DecimalText.fixed(v, decimals: decimals) : "nan"
    }
}

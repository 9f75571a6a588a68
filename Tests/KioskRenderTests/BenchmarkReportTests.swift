import Testing

@testable import KioskRender

@Suite("Benchmark report")
struct BenchmarkReportTests {
    let report = BenchmarkReport(
        results: [
            BenchmarkResult(name: "memcpy frame", medianMs: 0.25),
            BenchmarkResult(name: "cube 30deg", medianMs: 3),
            BenchmarkResult(name: "pixman \"ref\"", medianMs: 60)
        ],
        memoryBound: "memcpy frame", reference: "pixman \"ref\"", size: "1920x1080")

    @Test("ratios are taken against the memory bound and the reference")
    func ratios() {
        #expect(report.ratioToMemoryBound(report.results[1]) == 12)
        #expect(report.ratioToReference(report.results[1]) == 0.05)
        let missing = BenchmarkReport(
            results: report.results, memoryBound: "none", reference: "none", size: "1x1")
        #expect(missing.ratioToMemoryBound(report.results[1]) == nil)
    }

    @Test("the table has one aligned row per result with ms, x memcpy and x ref")
    func text() {
        let lines = report.text.split(separator: "\n").map(String.init)
        #expect(lines[0] == "benchmark at 1920x1080 (medians)")
        // The name column is as wide as the longest name (12).
        #expect(lines[1] == "operation           ms  x memcpy    x ref")
        #expect(lines[3] == "cube 30deg       3.000     12.00    0.050")
    }

    @Test("the JSON names every field and escapes quotes")
    func json() {
        #expect(
            report.json.hasPrefix(
                "{\"size\":\"1920x1080\",\"memoryBound\":\"memcpy frame\",\"reference\":\"pixman \\\"ref\\\"\""
            ))
        #expect(
            report.json.contains(
                "{\"name\":\"cube 30deg\",\"medianMs\":3.0000,\"ratioToMemoryBound\":12.0000,\"ratioToReference\":0.0500}"
            ))
    }

    @Test("the runner reports the median of its timed runs")
    func runner() {
        var calls = 0
        let result = BenchmarkRunner(warmUp: 2).measure(name: "count", repetitions: 5) {
            calls += 1
        }
        #expect(calls == 7)
        #expect(result.name == "count")
        #expect(result.medianMs >= 0)
    }
}

// Ownership: RowLineMapper reads a source surface's pixels, valid for one layer of one compose
// call; `horizontalWeights` is a table allocated once for the process and never freed.

/// (16 − fx, fx) for fx 0...16, each four lanes wide, 16-byte aligned: a row's horizontal
/// weights are one load per pixel instead of two broadcasts and a shuffle.
nonisolated(unsafe) let horizontalWeights: UnsafeMutablePointer<SIMD8<UInt16>> = {
    let table = UnsafeMutablePointer<SIMD8<UInt16>>.allocate(capacity: 17)
    for fx in 0...16 {
        (table + fx).initialize(
            to: SIMD8(
                lowHalf: SIMD4(repeating: UInt16(16 - fx)), highHalf: SIMD4(repeating: UInt16(fx))))
    }
    return table
}()

/// The divisor depends only on the row (rotations about a horizontal screen axis: a vertical
/// cube, flips and folds top to bottom, and the cube on a display turned by 90° or 270°): along
/// each output row both coordinates step by a per-row constant, as `RowMapper` computes them.
///
/// When every row of the layer reads one source line, the fully covered run of a row takes a
/// fast path set up once per row:
/// - `.row`: v is the same along the row (a tilt about a horizontal axis): one source row pair
///   and its vertical weight, u stepped per pixel, the horizontal weights from a table;
/// - `.column`: u is the same along the row (the cube on a turned display): one source column
///   pair and its horizontal weights, v stepped per pixel (the column loop's transpose).
///
/// Each pixel is then a multiply-add and a vertical-then-horizontal vector blend, four pixels per
/// step, from the generic loop's very coordinates (`RowMapper`'s fixed point), so its pixels are
/// the generic loop's bit for bit. Runs whose stepped coordinate stays inside the surface at both
/// ends (it is linear in x, so everywhere between) skip the clamp.
struct RowLineMapper: SpanMapper {
    /// Which source line every row of the layer reads.
    enum Line { case row, column }

    var rows: RowMapper
    /// The line every row reads, or nil when the rows step both coordinates (the generic loop).
    let line: Line?
    let source: BilinearSource
    /// Every source pixel is opaque: under a constant opacity, OVER needs no per-pixel alpha.
    let opaqueSource: Bool
    /// Whether the specialised loop draws the fully covered runs.
    var fast: Bool { line != nil }

    /// Plans the rows y0..<y1 of the inverse `n` (normalised, g = 0).
    init(
        _ n: Homography, y0: Int, y1: Int, source: BilinearSource, allowFast: Bool = true,
        opaqueSource: Bool = false
    ) {
        rows = RowMapper(n)
        self.source = source
        self.opaqueSource = opaqueSource
        var line: Line?
        if allowFast && source.columnStep == 1 && y0 < y1 {
            // The per-row steps exactly as the generic loop computes them: the row's line is
            // constant only where its step is exactly zero on every row.
            var constantV = true, constantU = true
            var probe = RowMapper(n)
            for y in y0..<y1 where constantV || constantU {
                probe.startRow(y)
                if probe.dv != 0 { constantV = false }
                if probe.du != 0 { constantU = false }
            }
            line = constantV ? .row : constantU ? .column : nil
        }
        self.line = line
    }

    @inline(__always)
    mutating func startRow(_ y: Int) { rows.startRow(y) }

    @inline(__always)
    func coordinates(_ x: Int) -> (u: Int, v: Int) { rows.coordinates(x) }

    /// True when the stepped coordinate of x0..<x1 (not empty) is in 0...max at both ends, so
    /// everywhere between: no clamp needed.
    @inline(__always)
    func isSafe(_ x0: Int, _ x1: Int) -> Bool {
        let (start, step, top) =
            line == .row ? (rows.u0, rows.du, source.uMax) : (rows.v0, rows.dv, source.vMax)
        let a = start &+ step &* x0, b = start &+ step &* (x1 &- 1)
        return a >= 0 && a <= top && b >= 0 && b <= top
    }

    @inline(__always)
    func drawInterior(
        _ row: UnsafeMutablePointer<UInt32>, from x0: Int, to x1: Int, colour: UInt64,
        alpha: UInt64, fresh: Bool
    ) -> Bool {
        guard let line else { return false }
        guard x0 < x1 else { return true }
        let modulated = colour != 256 || alpha != 256
        let m = modulation(colour: colour, alpha: alpha)
        let m2 = SIMD8(lowHalf: m, highHalf: m)
        let safe = isSafe(x0, x1)
        let blend =
            !fresh && modulated && opaqueSource && alpha < 256 ? inverseModulatedAlpha(alpha) : nil
        @inline(__always) func go<Columnar: LoopSwitch>(_: Columnar.Type) {
            // One specialisation per case, so no switch costs anything per pixel.
            switch (safe, modulated, blend, fresh) {
            case (true, false, _, true):
                run(
                    row, x0, x1, m2, .zero, Columnar.self, SwitchOff.self, SwitchOff.self,
                    SwitchOff.self, SwitchOn.self)
            case (false, false, _, true):
                run(
                    row, x0, x1, m2, .zero, Columnar.self, SwitchOn.self, SwitchOff.self,
                    SwitchOff.self, SwitchOn.self)
            case (true, true, _, true):
                run(
                    row, x0, x1, m2, .zero, Columnar.self, SwitchOff.self, SwitchOn.self,
                    SwitchOff.self, SwitchOn.self)
            case (false, true, _, true):
                run(
                    row, x0, x1, m2, .zero, Columnar.self, SwitchOn.self, SwitchOn.self,
                    SwitchOff.self, SwitchOn.self)
            case (true, false, _, false):
                run(
                    row, x0, x1, m2, .zero, Columnar.self, SwitchOff.self, SwitchOff.self,
                    SwitchOff.self, SwitchOff.self)
            case (false, false, _, false):
                run(
                    row, x0, x1, m2, .zero, Columnar.self, SwitchOn.self, SwitchOff.self,
                    SwitchOff.self, SwitchOff.self)
            case (true, true, let ia?, false):
                run(
                    row, x0, x1, m2, ia, Columnar.self, SwitchOff.self, SwitchOn.self,
                    SwitchOn.self, SwitchOff.self)
            case (false, true, let ia?, false):
                run(
                    row, x0, x1, m2, ia, Columnar.self, SwitchOn.self, SwitchOn.self, SwitchOn.self,
                    SwitchOff.self)
            case (true, true, nil, false):
                run(
                    row, x0, x1, m2, .zero, Columnar.self, SwitchOff.self, SwitchOn.self,
                    SwitchOff.self, SwitchOff.self)
            case (false, true, nil, false):
                run(
                    row, x0, x1, m2, .zero, Columnar.self, SwitchOn.self, SwitchOn.self,
                    SwitchOff.self, SwitchOff.self)
            }
        }
        switch line {
        case .row: go(SwitchOff.self)
        case .column: go(SwitchOn.self)
        }
        return true
    }

    /// The run x0..<x1: `Columnar` reads one source column (v stepped) instead of one source row
    /// (u stepped), `Clamped` clamps the stepped coordinate, `Modulated` applies `m`, `Blended`
    /// blends with the constant inverse alpha `ia` (opaque source, opacity < 1), `Fresh` stores
    /// without blending (the target pixels are transparent).
    @inline(never)
    private func run<
        Columnar: LoopSwitch, Clamped: LoopSwitch, Modulated: LoopSwitch, Blended: LoopSwitch,
        Fresh: LoopSwitch
    >(
        _ row: UnsafeMutablePointer<UInt32>, _ x0: Int, _ x1: Int, _ m: SIMD8<UInt16>,
        _ ia: SIMD8<UInt16>,
        _: Columnar.Type, _: Clamped.Type, _: Modulated.Type, _: Blended.Type, _: Fresh.Type
    ) {
        let clamped = Clamped.isOn
        let strideBytes = source.stridePixels &* 4
        let rowBytes = source.rowStep &* 4
        let base = UnsafeRawPointer(source.base)
        let fyTable = UnsafeRawPointer(verticalWeights),
            fxTable = UnsafeRawPointer(horizontalWeights)
        // The fixed part of the row: a source row and its vertical weight, or a source column
        // and its horizontal weights; `start` and `step` give the other coordinate per pixel.
        let line: UnsafeRawPointer, fixedWeights: SIMD8<UInt16>, start: Int, step: Int
        if Columnar.isOn {
            let (c, fx) = source.column(rows.u0)
            line = base + c &* 4
            fixedWeights = fxTable.load(fromByteOffset: Int(fx) &* 16, as: SIMD8<UInt16>.self)
            start = rows.v0
            step = rows.dv
        } else {
            let (r, fy) = source.row(rows.v0)
            line = base + r &* strideBytes
            fixedWeights = fyTable.load(fromByteOffset: Int(fy) &* 16, as: SIMD8<UInt16>.self)
            start = rows.u0
            step = rows.du
        }
        // Down a source column the pixels are a row apart each, a stride the hardware
        // prefetchers may miss: ask for the one eight pixels ahead.
        let ahead = Columnar.isOn ? ((step &* 8) >> fixedBits) &* strideBytes : 0
        // One output pixel's two source pixels, blended vertically and weighted horizontally.
        @inline(__always) func weighted(_ x: Int, prefetching: Bool) -> SIMD8<UInt16> {
            let t = start &+ step &* x
            if Columnar.isOn {
                let p: UnsafeRawPointer, fy: SIMD8<UInt16>
                if clamped {
                    let (r, f) = source.row(t)
                    p = line + r &* strideBytes
                    fy = fyTable.load(fromByteOffset: Int(f) &* 16, as: SIMD8<UInt16>.self)
                } else {
                    // 0 ≤ v ≤ vMax: the row is v's integer part and fy its first four fraction
                    // bits (times 16 bytes: the offset of fy's broadcast vector in the table).
                    p = line + (t >> fixedBits) &* strideBytes
                    fy = fyTable.load(
                        fromByteOffset: (t >> (fixedBits - 8)) & 0xF0, as: SIMD8<UInt16>.self)
                }
                if prefetching { prefetch(p + ahead) }
                return verticalPair(loadPair(p), loadPair(p + rowBytes), fy: fy) &* fixedWeights
            }
            let p: UnsafeRawPointer, fx: SIMD8<UInt16>
            if clamped {
                let (c, f) = source.column(t)
                p = line + c &* 4
                fx = fxTable.load(fromByteOffset: Int(f) &* 16, as: SIMD8<UInt16>.self)
            } else {
                p = line + (t >> fixedBits) &* 4
                fx = fxTable.load(
                    fromByteOffset: (t >> (fixedBits - 8)) & 0xF0, as: SIMD8<UInt16>.self)
            }
            return verticalPair(loadPair(p), loadPair(p + rowBytes), fy: fixedWeights) &* fx
        }
        writeWeightedRun(
            row, x0, x1, m, ia, Modulated.self, Blended.self, Fresh.self, SwitchOff.self
        ) {
            weighted($0, prefetching: $1)
        }
    }
}

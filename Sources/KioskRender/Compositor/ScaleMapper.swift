// Ownership: ScaleMapper reads per-column tables in the LayerCompositor's scratch memory and a
// source surface's pixels, both valid for one layer of one compose call.

/// Axis-aligned scale and translation (slides, swipes, zooms, fractional translations): the
/// source column depends only on the output column and the source row only on the output row.
///
/// Each column's source column and horizontal weights are computed once per layer. The fully
/// covered run of a row is drawn in two passes: the two source rows it reads are blended
/// vertically once per source pixel into a row buffer (skipped when the row falls exactly on a
/// source row), then each output pixel is one multiply of a buffered pair by its column's
/// weights, four pixels per step. Coordinates come from the same fixed-point arithmetic as
/// `RowMapper`, and the blend is the same sum of products, so the pixels are identical to the
/// generic loop's.
struct ScaleMapper: SpanMapper {
    /// The generic mapper, kept on the current row for the edge pixels.
    var rows: RowMapper
    /// Per column (indexed by absolute x): the left source column and the (16 − fx, fx) weights.
    let column: UnsafeMutablePointer<Int>
    let weights: UnsafeMutablePointer<SIMD8<UInt16>>
    let fast: Bool
    let source: BilinearSource
    /// Room for one vertically blended source row: 8 bytes per source pixel, 16-byte aligned;
    /// each band of a frame gives its own (`LayerDrawer.using(rowBuffer:)`).
    var rowBuffer: UnsafeMutableRawPointer
    /// Byte offset of the current row's upper source row, and its vertical weight.
    var rowOffset = 0
    var fy: UInt16 = 0

    /// Bytes of scratch memory per column.
    static let bytesPerColumn = MemoryLayout<Int>.stride + MemoryLayout<SIMD8<UInt16>>.stride

    /// Bytes of row buffer a source `width` pixels wide needs.
    static func rowBufferBytes(width: Int) -> Int { (width + 2) * 8 }

    /// Fills the tables for columns x0..<x1; `scratch` holds `bytesPerColumn · (x1 − x0)` bytes,
    /// 16-byte aligned. `n` must have no perspective and no rotation (`b = d = g = h = 0`).
    init(
        _ n: Homography, x0: Int, x1: Int, scratch: UnsafeMutableRawPointer,
        rowBuffer: UnsafeMutableRawPointer,
        source: BilinearSource
    ) {
        let count = x1 - x0
        weights = scratch.bindMemory(to: SIMD8<UInt16>.self, capacity: count) - x0
        column =
            (scratch + count * MemoryLayout<SIMD8<UInt16>>.stride).bindMemory(
                to: Int.self, capacity: count) - x0
        self.source = source
        self.rowBuffer = rowBuffer
        var rows = RowMapper(n)
        rows.startRow(0)
        self.rows = rows
        for x in x0..<x1 {
            let (c, fx) = source.column(rows.coordinates(x).u)
            column[x] = c
            weights[x] = SIMD8(lowHalf: SIMD4(repeating: 16 &- fx), highHalf: SIMD4(repeating: fx))
        }
        fast = source.columnStep == 1
    }

    @inline(__always)
    mutating func startRow(_ y: Int) {
        rows.startRow(y)
        // v does not change along a row (d = 0).
        let (r, f) = source.row(rows.coordinates(0).v)
        rowOffset = r &* source.stridePixels &* 4
        fy = f
    }

    @inline(__always)
    func coordinates(_ x: Int) -> (u: Int, v: Int) { rows.coordinates(x) }

    @inline(__always)
    func drawInterior(
        _ row: UnsafeMutablePointer<UInt32>, from x0: Int, to x1: Int, colour: UInt64,
        alpha: UInt64, fresh: Bool
    ) -> Bool {
        drawInterior(
            row, from: x0, to: x1, colour: colour, alpha: alpha, fresh: fresh, background: nil)
    }

    @inline(__always)
    func drawInterior(
        _ row: UnsafeMutablePointer<UInt32>, from x0: Int, to x1: Int, colour: UInt64,
        alpha: UInt64,
        overBackground background: UInt32
    ) -> Bool {
        drawInterior(
            row, from: x0, to: x1, colour: colour, alpha: alpha, fresh: false,
            background: background)
    }

    /// `background`: the pixels x0..<x1 all hold this pixel (not read when the run's blend
    /// has one alpha: what OVER adds to it is the same for every pixel).
    @inline(__always)
    private func drawInterior(
        _ row: UnsafeMutablePointer<UInt32>, from x0: Int, to x1: Int, colour: UInt64,
        alpha: UInt64, fresh: Bool,
        background: UInt32?
    ) -> Bool {
        guard fast else { return false }
        guard x0 < x1 else { return true }
        let top = UnsafeRawPointer(source.base) + rowOffset
        let modulated = colour != 256 || alpha != 256
        let m = modulation(colour: colour, alpha: alpha)
        let m2 = SIMD8(lowHalf: m, highHalf: m)
        // The source pixels this run reads: columns c...c + 1 for every c in the run.
        let c0 = min(column[x0], column[x1 &- 1]), c1 = max(column[x0], column[x1 &- 1]) &+ 1
        let bottom = top + source.rowStep &* 4
        var sourceOpaque = false
        let f = SIMD8<UInt16>(repeating: fy)
        // Minified rows read fewer pixels than the run's source span: they blend vertically per
        // output pixel instead of per source pixel.
        let direct = fy != 0 && c1 &- c0 &+ 1 > x1 &- x0
        if fy != 0 && !direct {
            // The rows the next output rows read: each row's run is too short for the hardware
            // prefetcher to reach the next row in time.
            let ahead = 2 &* source.rowStep &* 4
            var c = c0
            // Both rows' alphas, ANDed on the way: whether the run's source is opaque.
            var alphas = SIMD8<UInt16>(repeating: 255)
            while c &+ 4 <= c1 &+ 1 {
                prefetch(bottom + (c &* 4 &+ ahead))
                let t0 = loadPair(top + c &* 4), b0 = loadPair(bottom + c &* 4)
                let t1 = loadPair(top + (c &+ 2) &* 4), b1 = loadPair(bottom + (c &+ 2) &* 4)
                alphas &= t0 & b0 & t1 & b1
                (rowBuffer + c &* 8).storeBytes(
                    of: verticalPair(t0, b0, fy: f), as: SIMD8<UInt16>.self)
                (rowBuffer + (c &+ 2) &* 8).storeBytes(
                    of: verticalPair(t1, b1, fy: f), as: SIMD8<UInt16>.self)
                c &+= 4
            }
            while c <= c1 {
                let t = SIMD8<UInt16>(
                    lowHalf: lanes((top + c &* 4).load(as: UInt32.self)),
                    highHalf: SIMD4(repeating: 255))
                let b = SIMD8<UInt16>(
                    lowHalf: lanes((bottom + c &* 4).load(as: UInt32.self)),
                    highHalf: SIMD4(repeating: 255))
                alphas &= t & b
                (rowBuffer + c &* 8).storeBytes(
                    of: verticalPair(t, b, fy: f).lowHalf, as: SIMD4<UInt16>.self)
                c &+= 1
            }
            sourceOpaque = alphas[3] == 255 && alphas[7] == 255
        } else if modulated && !fresh {
            let count = c1 &- c0 &+ 1
            sourceOpaque =
                allOpaque((top + c0 &* 4).assumingMemoryBound(to: UInt32.self), count: count)
                && (fy == 0
                    || allOpaque(
                        (bottom + c0 &* 4).assumingMemoryBound(to: UInt32.self), count: count))
        }
        // Exactly on a source row (fy = 0) the lower row has weight 0: the upper one is read
        // directly. A translucent layer over an opaque source row blends with a constant alpha.
        let ia = inverseModulatedAlpha(alpha)
        let buffer = UnsafeRawPointer(rowBuffer)
        // Over a constant background with one alpha, OVER adds the same lanes to every pixel.
        var added = SIMD8<UInt16>()
        if let background {
            let b = lanes(background)
            added = overPair(.zero, SIMD8(lowHalf: b, highHalf: b), inverseAlpha: ia)
        }
        @inline(__always) func go<Buffered: LoopSwitch, Direct: LoopSwitch>(
            _: Buffered.Type, _: Direct.Type
        ) {
            if background != nil && modulated && sourceOpaque {
                run(
                    row, x0, x1, m2, added, f, buffer, top, Buffered.self, Direct.self,
                    SwitchOn.self, SwitchOn.self,
                    SwitchOff.self, SwitchOn.self)
                return
            }
            switch (fresh, modulated, sourceOpaque) {
            case (true, false, _):
                run(
                    row, x0, x1, m2, ia, f, buffer, top, Buffered.self, Direct.self,
                    SwitchOff.self, SwitchOff.self, SwitchOn.self, SwitchOff.self)
            case (true, true, _):
                run(
                    row, x0, x1, m2, ia, f, buffer, top, Buffered.self, Direct.self,
                    SwitchOn.self, SwitchOff.self, SwitchOn.self, SwitchOff.self)
            case (false, false, _):
                run(
                    row, x0, x1, m2, ia, f, buffer, top, Buffered.self, Direct.self,
                    SwitchOff.self, SwitchOff.self, SwitchOff.self, SwitchOff.self)
            case (false, true, false):
                run(
                    row, x0, x1, m2, ia, f, buffer, top, Buffered.self, Direct.self,
                    SwitchOn.self, SwitchOff.self, SwitchOff.self, SwitchOff.self)
            case (false, true, true):
                run(
                    row, x0, x1, m2, ia, f, buffer, top, Buffered.self, Direct.self,
                    SwitchOn.self, SwitchOn.self, SwitchOff.self, SwitchOff.self)
            }
        }
        if fy == 0 {
            go(SwitchOff.self, SwitchOff.self)
        } else if direct {
            go(SwitchOff.self, SwitchOn.self)
        } else {
            go(SwitchOn.self, SwitchOff.self)
        }
        return true
    }

    /// The horizontal pass: each output pixel weights its column's pair, vertically blended:
    /// from the row buffer (`Buffered`), blended here with `f` (`Direct`), or else from the upper
    /// source row scaled to sixteenths (fy = 0). `Modulated` applies `m`, `Blended` blends with
    /// the constant inverse alpha `ia`, `Fresh` stores over transparent pixels. `Constant` (with
    /// `Blended`): the target holds one pixel, and `ia` is what OVER adds to it (not read).
    @inline(never)
    private func run<
        Buffered: LoopSwitch, Direct: LoopSwitch, Modulated: LoopSwitch, Blended: LoopSwitch,
        Fresh: LoopSwitch,
        Constant: LoopSwitch
    >(
        _ row: UnsafeMutablePointer<UInt32>, _ x0: Int, _ x1: Int, _ m: SIMD8<UInt16>,
        _ ia: SIMD8<UInt16>,
        _ f: SIMD8<UInt16>, _ buffer: UnsafeRawPointer, _ top: UnsafeRawPointer,
        _: Buffered.Type, _: Direct.Type, _: Modulated.Type, _: Blended.Type, _: Fresh.Type,
        _: Constant.Type
    ) {
        let rowBytes = source.rowStep &* 4
        let ahead = 2 &* rowBytes
        @inline(__always) func weighted(_ x: Int) -> SIMD8<UInt16> {
            let c = column[x]
            let pair: SIMD8<UInt16>
            if Buffered.isOn {
                pair = buffer.loadUnaligned(fromByteOffset: c &* 8, as: SIMD8<UInt16>.self)
            } else if Direct.isOn {
                prefetch(top + (c &* 4 &+ ahead + rowBytes))
                pair = verticalPair(
                    loadPair(top + c &* 4), loadPair(top + (c &* 4 &+ rowBytes)), fy: f)
            } else {
                prefetch(top + (c &* 4 &+ ahead))
                pair = loadPair(top + c &* 4) &<< 4
            }
            return pair &* weights[x]
        }
        writeWeightedRun(
            row, x0, x1, m, ia, Modulated.self, Blended.self, Fresh.self, Constant.self
        ) { x, _ in
            weighted(x)
        }
    }
}

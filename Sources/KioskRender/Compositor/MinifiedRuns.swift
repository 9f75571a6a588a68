/// Which columns (rows) of a turning face read a smaller copy of its page (`MinifiedCopies`):
/// where the face is squeezed more than 2× along the copies' axis a line samples the half-size
/// copy, more than 4× the quarter-size one, elsewhere the page itself. A horizontal cube's face
/// (the column loop) is squeezed across by one number down a whole column (the divisor of a
/// column-projective map depends on x only); a vertical cube's face (the row loop) up and down by
/// one number along a whole row (its divisor depends on y only). So a face splits into a few runs
/// of columns (rows), each drawn as the same layer clipped to its run, with the same loops: the
/// runs meet exactly, and the edges' antialiasing is the face's own.
enum MinifiedRuns {
    /// A run of columns (`.width`) or rows (`.height`) `start..<end` and the copy it reads
    /// (0: the page, 1: half, 2: quarter).
    struct Run: Equatable {
        var level: Int
        var start: Int
        var end: Int
    }

    /// The runs across `box` (left to right, or top to bottom for `.height`) for the normalised
    /// inverse `n` (h = 0 for `.width`, g = 0 for `.height`); one run of the page without
    /// `copies`. The shrinking grows with the distance from the eye, which is linear along the
    /// axis, so there are at most three runs (a fourth would mean a map this does not
    /// understand: the page is read throughout, as before).
    static func runs(
        _ n: Homography, box: PixelBox, axis: MinifiedCopies.Axis = .width, copies: Bool = true
    ) -> [Run] {
        let lines = axis == .width ? box.x0..<box.x1 : box.y0..<box.y1
        let whole = [Run(level: 0, start: lines.lowerBound, end: lines.upperBound)]
        guard copies, !box.isEmpty else { return whole }
        var runs: [Run] = []
        // The squeeze is one number along the line: read it at the box's middle.
        let xc = Double(box.x0 + box.x1) / 2, yc = Double(box.y0 + box.y1) / 2
        for line in lines {
            let centre = Double(line) + 0.5
            let squeeze =
                axis == .width ? shrink(n, x: centre, y: yc) : shrinkDown(n, x: xc, y: centre)
            let level = self.level(shrink: squeeze)
            if let last = runs.last, last.level == level {
                runs[runs.count - 1].end = line + 1
            } else {
                runs.append(Run(level: level, start: line, end: line + 1))
            }
        }
        return runs.count <= 3 ? runs : whole
    }

    /// Source pixels per output pixel across (along u, per output x) at output point (x, y).
    static func shrink(_ n: Homography, x: Double, y: Double) -> Double {
        quotientRate(p: n.a * x + n.b * y + n.c, dp: n.a, q: n.g * x + n.i, dq: n.g)
    }

    /// Source pixels per output pixel up and down (along v, per output y) at output point (x, y).
    static func shrinkDown(_ n: Homography, x: Double, y: Double) -> Double {
        quotientRate(p: n.d * x + n.e * y + n.f, dp: n.e, q: n.h * y + n.i, dq: n.h)
    }

    /// |d(p/q)| for p and q changing at rates dp and dq along the output axis (the quotient
    /// rule); 1 where the projection is degenerate.
    private static func quotientRate(p: Double, dp: Double, q: Double, dq: Double) -> Double {
        guard abs(q) > 1e-12 else { return 1 }
        let rate = abs((dp * q - dq * p) / (q * q))
        return rate.isFinite ? rate : 1
    }

    /// 1 beyond 2×, 2 beyond 4×, else 0.
    static func level(shrink: Double) -> Int { shrink > 4 ? 2 : shrink > 2 ? 1 : 0 }

    /// `n` mapping to the pixel-centre coordinates of the copy at `level` along `axis`: the
    /// copy's pixel i covers the page's pixels 2i and 2i + 1 along it, so u (v) ↦ (u + 0.5) / 2
    /// − 0.5 per level (the other coordinate stays), with the rounding bias
    /// (`LayerPlan.roundingBias`) kept as it was.
    static func inverse(_ n: Homography, level: Int, axis: MinifiedCopies.Axis = .width)
        -> Homography
    {
        guard level > 0 else { return n }
        let k = Double(1 << level), bias = LayerPlan.roundingBias
        let t = (0.5 - bias) / k - 0.5 + bias
        var m = n
        switch axis {
        case .width:
            m.a = n.a / k + t * n.g
            m.b = n.b / k + t * n.h
            m.c = n.c / k + t * n.i
        case .height:
            m.d = n.d / k + t * n.g
            m.e = n.e / k + t * n.h
            m.f = n.f / k + t * n.i
        }
        return m
    }
}

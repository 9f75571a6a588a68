/// Which columns of a turning face read a narrower copy of its page (`MinifiedCopies`): where the
/// face is squeezed across more than 2× a column samples the half-width copy, more than 4× the
/// quarter-width one, elsewhere the page itself. A column's squeeze is one number down the whole
/// column (the divisor of a column-projective map depends on x only), so a face splits into a
/// few runs of columns, each drawn as the same layer clipped to its run, with the same loops: the
/// runs meet exactly, and the edges' antialiasing is the face's own.
enum MinifiedColumns {
    /// A run of columns `x0..<x1` and the copy it reads (0: the page, 1: half, 2: quarter).
    struct Run: Equatable {
        var level: Int
        var x0: Int
        var x1: Int
    }

    /// The runs across `box` for the normalised inverse `n` (h = 0), left to right; one run of
    /// the page without `copies`. The shrinking grows with the distance from the eye, which is
    /// linear along a row, so there are at most three runs (a fourth would mean a map this does
    /// not understand: the page is read throughout, as before).
    static func runs(_ n: Homography, box: PixelBox, copies: Bool = true) -> [Run] {
        let whole = [Run(level: 0, x0: box.x0, x1: box.x1)]
        guard copies, !box.isEmpty else { return whole }
        var runs: [Run] = []
        let yc = Double(box.y0 + box.y1) / 2
        for x in box.x0..<box.x1 {
            let level = self.level(shrink: shrink(n, x: Double(x) + 0.5, y: yc))
            if let last = runs.last, last.level == level {
                runs[runs.count - 1].x1 = x + 1
            } else {
                runs.append(Run(level: level, x0: x, x1: x + 1))
            }
        }
        return runs.count <= 3 ? runs : whole
    }

    /// Source pixels per output pixel across (along u) at output point (x, y).
    static func shrink(_ n: Homography, x: Double, y: Double) -> Double {
        let den = n.g * x + n.i
        guard abs(den) > 1e-12 else { return 1 }
        let numerator = n.a * x + n.b * y + n.c
        let du = abs((n.a * den - n.g * numerator) / (den * den))
        return du.isFinite ? du : 1
    }

    /// 1 beyond 2×, 2 beyond 4×, else 0.
    static func level(shrink: Double) -> Int { shrink > 4 ? 2 : shrink > 2 ? 1 : 0 }

    /// `n` mapping to the pixel-centre coordinates of the copy at `level`: the copy's pixel i
    /// covers the page's pixels 2i and 2i + 1 across, so u ↦ (u + 0.5) / 2 − 0.5 per level (v
    /// stays), with the rounding bias (`LayerPlan.roundingBias`) kept as it was.
    static func inverse(_ n: Homography, level: Int) -> Homography {
        guard level > 0 else { return n }
        let k = Double(1 << level), bias = LayerPlan.roundingBias
        let t = (0.5 - bias) / k - 0.5 + bias
        var m = n
        m.a = n.a / k + t * n.g
        m.b = n.b / k + t * n.h
        m.c = n.c / k + t * n.i
        return m
    }
}

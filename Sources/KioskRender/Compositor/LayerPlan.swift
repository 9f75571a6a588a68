import KioskCore

/// A 2D projective map `(x, y) → ((a x + b y + c) / (g x + h y + i), (d x + e y + f) / (…))`.
struct Homography {
    var a, b, c, d, e, f, g, h, i: Double

    /// The inverse, or nil when singular or not finite.
    var inverse: Homography? {
        let A = e * i - f * h, B = f * g - d * i, C = d * h - e * g
        let det = a * A + b * B + c * C
        let scale = max(abs(a), abs(b), abs(c), abs(d), abs(e), abs(f), abs(g), abs(h), abs(i))
        guard det.isFinite, scale > 0, abs(det) > 1e-14 * scale * scale * scale else { return nil }
        let r = 1 / det
        let inv = Homography(
            a: A * r, b: (c * h - b * i) * r, c: (b * f - c * e) * r,
            d: B * r, e: (a * i - c * g) * r, f: (c * d - a * f) * r,
            g: C * r, h: (b * g - a * h) * r, i: (a * e - b * d) * r)
        return inv.isFinite ? inv : nil
    }

    var isFinite: Bool {
        a.isFinite && b.isFinite && c.isFinite && d.isFinite && e.isFinite && f.isFinite
            && g.isFinite && h.isFinite && i.isFinite
    }

    /// `self` after `other` (matrix product self · other).
    func after(_ o: Homography) -> Homography {
        Homography(
            a: a * o.a + b * o.d + c * o.g, b: a * o.b + b * o.e + c * o.h,
            c: a * o.c + b * o.f + c * o.i,
            d: d * o.a + e * o.d + f * o.g, e: d * o.b + e * o.e + f * o.h,
            f: d * o.c + e * o.f + f * o.i,
            g: g * o.a + h * o.d + i * o.g, h: g * o.b + h * o.e + i * o.h,
            i: g * o.c + h * o.f + i * o.i)
    }

    func scaled(by s: Double) -> Homography {
        Homography(
            a: a * s, b: b * s, c: c * s, d: d * s, e: e * s, f: f * s, g: g * s, h: h * s, i: i * s
        )
    }

    /// Maps a point; nil when it lands at or beyond infinity.
    func map(_ x: Double, _ y: Double) -> (x: Double, y: Double)? {
        let w = g * x + h * y + i
        guard w > 1e-12 else { return nil }
        return ((a * x + b * y + c) / w, (d * x + e * y + f) / w)
    }
}

/// Everything the compositor needs to draw one layer, derived once per frame in Double.
struct LayerPlan {
    /// Output point (continuous pixels) → surface point in pixel-centre coordinates (the centre of
    /// surface pixel (i, j) is (i, j)), already biased by 1/32 px so truncating to sixteenths rounds.
    var inverse: Homography
    var kind: TransformClass
    /// Projected corners (0,0), (W,0), (W,H), (0,H), clockwise on screen.
    var cornerX: SIMD4<Double>
    var cornerY: SIMD4<Double>
    /// Edge i runs corners[i] → corners[i+1]; signed distance of a point inside is positive:
    /// `nx · x + ny · y + c` with a unit normal (nx, ny).
    var nx: SIMD4<Double>
    var ny: SIMD4<Double>
    var c: SIMD4<Double>
    /// The pixels this layer may touch (its quad, clip, damage and the output intersected).
    var box: PixelBox
    /// Premultiplied colour multiplier (opacity · (1 − dim)) and alpha multiplier (opacity).
    var colourFactor: Double
    var alphaFactor: Double
    /// The same as 8-bit multipliers (0...256) for the fully covered pixels.
    var colour: UInt64
    var alpha: UInt64

    /// Bias so that truncating the 24-bit fixed-point coordinate to 4 bits rounds to nearest.
    static let roundingBias = 1.0 / 32

    /// Plans a layer whose surface is `surfaceWidth` x `surfaceHeight` pixels; nil when it
    /// cannot be drawn (singular, behind the eye, back-facing, empty, invisible, not finite).
    /// `mirrored`: the scene was mirrored onto the output (a flipped display transform), which
    /// reverses every layer's winding; front faces are then the counter-clockwise ones.
    init?(
        layer: SceneLayer, surfaceWidth: Int, surfaceHeight: Int, limit: PixelBox,
        mirrored: Bool = false
    ) {
        let opacity = layer.opacity
        let dim = layer.dim.isFinite ? min(max(layer.dim, 0), 1) : 0
        guard opacity.isFinite, opacity > 0, !limit.isEmpty else { return nil }
        let w = layer.size.width, h = layer.size.height
        guard w.isFinite, h.isFinite, w > 0, h > 0, surfaceWidth > 0, surfaceHeight > 0 else {
            return nil
        }
        let m = layer.transform
        guard m.m.count == 16, m.m.allSatisfy({ $0.isFinite }) else { return nil }
        // The layer's plane is z = 0, so the third column of the 4x4 never contributes.
        let forward = Homography(
            a: m[0, 0], b: m[0, 1], c: m[0, 3], d: m[1, 0], e: m[1, 1], f: m[1, 3],
            g: m[3, 0], h: m[3, 1], i: m[3, 3])
        var cornerX = SIMD4<Double>(), cornerY = SIMD4<Double>()
        let localX = SIMD4<Double>(0, w, w, 0), localY = SIMD4<Double>(0, 0, h, h)
        for k in 0..<4 {
            let wc = forward.g * localX[k] + forward.h * localY[k] + forward.i
            // Behind (or too close to) the eye: the projection folds over; the layer is skipped.
            guard wc > 1e-6, let p = forward.map(localX[k], localY[k]), abs(p.x) < 1e7,
                abs(p.y) < 1e7
            else { return nil }
            cornerX[k] = p.x
            cornerY[k] = p.y
        }
        var area = 0.0
        for k in 0..<4 {
            area += cornerX[k] * cornerY[(k + 1) % 4] - cornerX[(k + 1) % 4] * cornerY[k]
        }
        if mirrored {
            // Walk the corners the other way round so edges and normals see a clockwise quad.
            area = -area
            cornerX = SIMD4(cornerX[0], cornerX[3], cornerX[2], cornerX[1])
            cornerY = SIMD4(cornerY[0], cornerY[3], cornerY[2], cornerY[1])
        }
        // Positive (clockwise with y down) is front-facing; layers are single-sided.
        guard area > 1e-6 else { return nil }

        // Surface pixel-centre coordinates s → content point ((s + 0.5) / scale) → layer-local
        // point (minus the window's offset: a scrolled panel). A window is only a translated
        // source origin, so it keeps the layer's transform class (a whole-pixel offset at 1:1
        // still copies rows).
        let content = layer.sourceSize
        let cw = content.width.isFinite && content.width > 0 ? content.width : w
        let ch = content.height.isFinite && content.height > 0 ? content.height : h
        let ox = layer.contentOffset.x.isFinite ? layer.contentOffset.x : 0
        let oy = layer.contentOffset.y.isFinite ? layer.contentOffset.y : 0
        let sx = Double(surfaceWidth) / cw, sy = Double(surfaceHeight) / ch
        let fromSurface = Homography(
            a: 1 / sx, b: 0, c: 0.5 / sx - ox, d: 0, e: 1 / sy, f: 0.5 / sy - oy, g: 0, h: 0, i: 1)
        guard var inv = forward.after(fromSurface).inverse else { return nil }

        let minX = cornerX.min(), maxX = cornerX.max(), minY = cornerY.min(), maxY = cornerY.max()
        // One extra pixel all round: antialiased edges and seam extensions reach past the quad.
        guard
            var box = PixelBox(
                covering: Rect(
                    x: minX - 1, y: minY - 1, width: maxX - minX + 2, height: maxY - minY + 2))
        else { return nil }
        box = box.intersection(limit)
        if let clip = layer.clip {
            guard let cb = PixelBox(centresIn: clip) else { return nil }
            box = box.intersection(cb)
        }
        guard !box.isEmpty else { return nil }

        // Normalise so the divisor is about 1 (and positive) in the middle of the quad.
        let cx = (minX + maxX) / 2, cy = (minY + maxY) / 2
        let den = inv.g * cx + inv.h * cy + inv.i
        guard den.isFinite, abs(den) > 1e-300 else { return nil }
        inv = inv.scaled(by: 1 / den)
        let bias = LayerPlan.roundingBias
        inv.c += bias * inv.i; inv.a += bias * inv.g; inv.b += bias * inv.h
        inv.f += bias * inv.i; inv.d += bias * inv.g; inv.e += bias * inv.h

        var nx = SIMD4<Double>(), ny = SIMD4<Double>(), c = SIMD4<Double>()
        for k in 0..<4 {
            let px = cornerX[k], py = cornerY[k], qx = cornerX[(k + 1) % 4],
                qy = cornerY[(k + 1) % 4]
            let ex = -(qy - py), ey = qx - px
            let len = (ex * ex + ey * ey).squareRoot()
            guard len > 1e-9 else { return nil }
            nx[k] = ex / len
            ny[k] = ey / len
            c[k] = -(nx[k] * px + ny[k] * py)
        }

        let kind = LayerPlan.classify(
            inv, width: Double(max(box.x1 - box.x0, box.y1 - box.y0)), bias: bias)
        // Terms the class treats as zero are made zero, so the specialised loops and the generic
        // ones compute the very same coordinates (they differed by at most 2e-5 px).
        switch kind {
        case .translation:
            // Exactly 0 or ±1 (times i): the copy and the generic loop read the same pixels.
            inv.g = 0; inv.h = 0
            inv.a = (inv.a / inv.i).rounded() * inv.i; inv.b = (inv.b / inv.i).rounded() * inv.i
            inv.d = (inv.d / inv.i).rounded() * inv.i; inv.e = (inv.e / inv.i).rounded() * inv.i
        case .scaleTranslate:
            inv.b = 0; inv.d = 0; inv.g = 0; inv.h = 0
        case .affine:
            inv.g = 0; inv.h = 0
        case .rowProjective:
            inv.g = 0
        case .columnProjective:
            inv.h = 0
        case .projective:
            break
        }
        self.kind = kind
        self.inverse = inv
        self.cornerX = cornerX
        self.cornerY = cornerY
        self.nx = nx
        self.ny = ny
        self.c = c
        self.box = box
        let o = min(opacity, 1)
        colourFactor = o * (1 - dim)
        alphaFactor = o
        colour = UInt64((colourFactor * 256).rounded())
        alpha = UInt64((alphaFactor * 256).rounded())
    }

    /// Picks the cheapest exact loop for a normalised inverse.
    static func classify(_ n: Homography, width: Double, bias: Double) -> TransformClass {
        // A divisor term whose total effect over the box is below 1e-9 changes no coordinate
        // by more than 2e-5 px: treating it as zero is exact for our purposes.
        let tiny = 1e-9 / max(width, 1)
        let gZero = abs(n.g) <= tiny, hZero = abs(n.h) <= tiny
        if gZero && hZero {
            let one = 1e-9
            let a = n.a / n.i, b = n.b / n.i, d = n.d / n.i, e = n.e / n.i
            let axisAligned = abs(b) <= one && abs(d) <= one
            let quarterTurn = abs(a) <= one && abs(e) <= one
            // A display turned by 180° or mirrored makes a ±1 diagonal, a quarter turn a ±1
            // anti-diagonal: still a whole-pixel copy when pixel centres land on pixel centres.
            let unit =
                axisAligned
                ? abs(abs(a) - 1) <= one && abs(abs(e) - 1) <= one
                : quarterTurn && abs(abs(b) - 1) <= one && abs(abs(d) - 1) <= one
            if unit {
                let tx = n.c / n.i - bias + 0.5 * (a + b), ty = n.f / n.i - bias + 0.5 * (d + e)
                if abs(tx - tx.rounded()) <= 1e-6, abs(ty - ty.rounded()) <= 1e-6 {
                    return .translation
                }
            }
            return axisAligned ? .scaleTranslate : .affine
        }
        if gZero { return .rowProjective }
        if hZero { return .columnProjective }
        return .projective
    }

    /// The whole-pixel map of a `.translation` layer (pixel centres of the normalised inverse).
    var pixelCopy: PixelCopy {
        let n = inverse
        let a = Int((n.a / n.i).rounded()), b = Int((n.b / n.i).rounded())
        let d = Int((n.d / n.i).rounded()), e = Int((n.e / n.i).rounded())
        let bias = LayerPlan.roundingBias
        return PixelCopy(
            ux: a, uy: b, du: Int((n.c / n.i - bias + 0.5 * Double(a + b)).rounded()),
            vx: d, vy: e, dv: Int((n.f / n.i - bias + 0.5 * Double(d + e)).rounded()))
    }

    /// Pushes edge `k` one pixel outward: used on the lower of two layers sharing an edge, so the
    /// upper layer's antialiased edge blends with the lower layer, not with the background
    /// (which would leave a faint seam of background colour between adjacent cube faces).
    mutating func extendEdge(_ k: Int) {
        c[k] += 1
    }
}

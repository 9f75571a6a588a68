extension TouchCalibration {
    /// The least-squares calibration that maps each `touched` point onto its `target`: for each
    /// output row, the normal equations (AᵀA)·[a b c]ᵀ = Aᵀ·t with A's rows (x, y, 1) of the
    /// touched points, solved as a 3x3 system.
    ///
    /// Needs at least four pairs (three fix an affine map exactly; the fourth lets errors show in
    /// `rootMeanSquareError(for:)`), with touched points that do not lie on one line.
    public static func solve(_ pairs: [CalibrationPair]) throws(TouchCalibrationError)
        -> TouchCalibration
    {
        guard pairs.count >= 4 else { throw .tooFewPoints(pairs.count) }
        for pair in pairs {
            guard pair.target.x.isFinite, pair.target.y.isFinite, pair.touched.x.isFinite,
                pair.touched.y.isFinite
            else { throw .notFinite }
        }
        guard !areNearlyCollinear(pairs.map(\.touched)) else { throw .degeneratePoints }

        var normal = [[Double]](repeating: [0, 0, 0], count: 3)
        var rightX: [Double] = [0, 0, 0]
        var rightY: [Double] = [0, 0, 0]
        for pair in pairs {
            let row = [pair.touched.x, pair.touched.y, 1]
            for i in 0..<3 {
                for j in 0..<3 { normal[i][j] += row[i] * row[j] }
                rightX[i] += row[i] * pair.target.x
                rightY[i] += row[i] * pair.target.y
            }
        }
        guard let abc = solve3x3(normal, rightX), let def = solve3x3(normal, rightY) else {
            throw .degeneratePoints
        }
        let matrix = Affine2D(a: abc[0], b: abc[1], c: abc[2], d: def[0], e: def[1], f: def[2])
        guard matrix.values.allSatisfy(\.isFinite) else { throw .degeneratePoints }
        // Targets on one line give a matrix that squashes the panel: useless as a calibration.
        guard matrix.inverse != nil else { throw .singular }
        return TouchCalibration(matrix: matrix)
    }

    /// The root-mean-square distance (normalised units) between each target and where this
    /// calibration puts its touched point: how consistently the technician hit the targets.
    public func rootMeanSquareError(for pairs: [CalibrationPair]) -> Double {
        guard !pairs.isEmpty else { return 0 }
        var sum = 0.0
        for pair in pairs {
            let d = apply(pair.touched).distance(to: pair.target)
            sum += d * d
        }
        return (sum / Double(pairs.count)).squareRoot()
    }

    /// True when the points' spread along their thinnest direction is negligible next to the
    /// widest: the smaller eigenvalue of the 2x2 scatter matrix over the larger, approximated by
    /// det/trace², under 1e-6 (a strip a thousand times longer than wide), or no spread at all.
    static func areNearlyCollinear(_ points: [Point]) -> Bool {
        let n = Double(points.count)
        let mx = points.reduce(0) { $0 + $1.x } / n
        let my = points.reduce(0) { $0 + $1.y } / n
        var sxx = 0.0
        var sxy = 0.0
        var syy = 0.0
        for p in points {
            sxx += (p.x - mx) * (p.x - mx)
            sxy += (p.x - mx) * (p.y - my)
            syy += (p.y - my) * (p.y - my)
        }
        let trace = sxx + syy
        guard trace > 1e-18 else { return true }
        let det = sxx * syy - sxy * sxy
        return det <= 1e-6 * trace * trace
    }

    /// Solves m·x = r by Gaussian elimination with partial pivoting; nil when m is singular.
    static func solve3x3(_ m: [[Double]], _ r: [Double]) -> [Double]? {
        var a = m
        var b = r
        for col in 0..<3 {
            var pivot = col
            for row in col + 1..<3 where abs(a[row][col]) > abs(a[pivot][col]) { pivot = row }
            guard abs(a[pivot][col]) > 1e-15 else { return nil }
            a.swapAt(col, pivot)
            b.swapAt(col, pivot)
            for row in col + 1..<3 {
                let factor = a[row][col] / a[col][col]
                for k in col..<3 { a[row][k] -= factor * a[col][k] }
                b[row] -= factor * b[col]
            }
        }
        var x: [Double] = [0, 0, 0]
        for row in stride(from: 2, through: 0, by: -1) {
            var s = b[row]
            for k in row + 1..<3 { s -= a[row][k] * x[k] }
            x[row] = s / a[row][row]
        }
        return x
    }
}

import KioskCore

/// The measurements the compositor owns in `kiosk-shell bench`: the memory bound, the cube frame
/// at 30° and 45°, and the same frames through pixman (the reference). The lead adds transition
/// frames, page rasterising and the clock-only frame with `BenchmarkRunner.measure`.
public enum CoreBenchmarks {
    public static let memcpyName = "memcpy frame"
    public static let cube30Name = "cube 30deg"
    public static let cube45Name = "cube 45deg"
    public static let pixman30Name = "pixman cube 30deg (reference)"
    public static let pixman45Name = "pixman cube 45deg (reference)"
    /// The reference every ratio is taken against.
    public static let referenceName = pixman30Name

    /// Runs the core measurements at `width` x `height`.
    public static func run(
        width: Int, height: Int, runner: BenchmarkRunner = BenchmarkRunner(), repetitions: Int = 21
    ) throws(RenderError) -> [BenchmarkResult] {
        let source = try ImageBuffer(width: width, height: height)
        let target = try ImageBuffer(width: width, height: height)
        let front = try CubeFrame.pageSurface(width: width, height: height, tint: 0xFF30_6090)
        let next = try CubeFrame.pageSurface(width: width, height: height, tint: 0xFF90_4030)
        func surfaces(_ c: LayerContent) -> ImageBuffer? {
            guard case .panel(let id) = c else { return nil }
            return id == CubeFrame.faces.0 ? front : (id == CubeFrame.faces.1 ? next : nil)
        }
        var results: [BenchmarkResult] = []
        let bytes = target.stride * height
        let from = UnsafeRawPointer(source.pixels), to = target.pixels
        results.append(runner.measure(name: memcpyName, repetitions: repetitions) {
            to.copyMemory(from: from, byteCount: bytes)
        })
        let compositor = LayerCompositor()
        for (name, degrees) in [(cube30Name, 30.0), (cube45Name, 45.0)] {
            let scene = CubeFrame.scene(width: width, height: height, degrees: degrees)
            results.append(runner.measure(name: name, repetitions: repetitions) {
                compositor.compose(scene: scene, surfaces: surfaces, into: target)
            })
        }
        for (name, degrees) in [(pixman30Name, 30.0), (pixman45Name, 45.0)] {
            let scene = CubeFrame.scene(width: width, height: height, degrees: degrees)
            let reference = PixmanReference(scene: scene, surfaces: surfaces, target: target)
            results.append(runner.measure(name: name, repetitions: max(3, repetitions / 3)) { reference.draw() })
        }
        return results
    }
}

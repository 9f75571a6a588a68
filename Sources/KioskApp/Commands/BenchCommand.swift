import KioskConfig
import KioskCore
import KioskRender

/// `kiosk-shell bench`: times, in one run, everything a frame can cost on the CPU, each as a
/// median and as ratios to the memory bound (a memcpy of one frame) and to the reference (the
/// cube frame through pixman's general projective transform).
///
/// Measured: the memcpy; the cube frame (a 4-sided prism, `PrismGeometry`, the product's real
/// geometry) at 30° and 45°; each of the 16 transitions right to left at progress 0.5 between two
/// demo pages; the cube at 30° and a flat page on a turned display (`[display] rotation`: 180°,
/// the flips, 90° and 270°); rasterising each panel page of the config; a clock-only frame (the clock's region
/// redrawn and only the damage recomposed); the pixman reference.
public enum BenchCommand {
    /// What to measure and how to print it.
    public struct Options: Sendable {
        public var width: Int
        public var height: Int
        public var json: Bool
        public var configDirectory: String
        public var repetitions: Int
        /// Only measurements whose name starts with this (the memory bound always runs); nil = all.
        public var only: String?

        public init(
            width: Int = 1920, height: Int = 1080, json: Bool = false, configDirectory: String = "Config",
            repetitions: Int = 21, only: String? = nil
        ) {
            self.only = only
            self.width = width
            self.height = height
            self.json = json
            self.configDirectory = configDirectory
            self.repetitions = repetitions
        }
    }

    public static let memcpyName = "memcpy frame"
    public static let referenceName = "pixman cube 30deg (reference)"

    /// "rotated 90", "flipped 180": how a bench name says a display transform.
    static func turnName(_ turn: DisplayTransform) -> String {
        (turn.isFlipped ? "flipped" : "rotated") + (turn == .flipped ? "" : " \(turn.rotationDegrees)")
    }

    /// Parses "WxH" (each 16...8192); nil when malformed.
    public static func parseSize(_ text: String) -> (width: Int, height: Int)? {
        let parts = text.lowercased().split(separator: "x", omittingEmptySubsequences: false)
        guard parts.count == 2, let w = Int(parts[0]), let h = Int(parts[1]),
            (16...8192).contains(w), (16...8192).contains(h)
        else { return nil }
        return (w, h)
    }

    /// Runs every measurement; `progress` receives a line as each one starts (for stderr).
    /// The output is the report's table or JSON. A config with errors still benches: its pages are
    /// replaced by generated ones and a note says so.
    public static func run(_ options: Options, progress: (String) -> Void = { _ in }) -> (output: String, exitCode: KioskExitCode) {
        do {
            let report = try measure(options, progress: progress)
            return (options.json ? report.json : report.text, .success)
        } catch {
            return ("bench: \(error)", .failure)
        }
    }

    /// The measurements as a report.
    public static func measure(_ options: Options, progress: (String) -> Void = { _ in }) throws(RenderError) -> BenchmarkReport {
        let width = options.width, height = options.height
        let size = Size(width: Double(width), height: Double(height))
        let runner = BenchmarkRunner()
        let reps = max(1, options.repetitions)
        var results: [BenchmarkResult] = []
        func measure(_ name: String, repetitions: Int = reps, _ body: () -> Void) {
            if let only = options.only, name != memcpyName, !name.hasPrefix(only) { return }
            progress(name)
            results.append(runner.measure(name: name, repetitions: repetitions, body: body))
        }

        let pages = try BenchPages(directory: options.configDirectory, size: size, progress: progress)
        let target = try ImageBuffer(width: width, height: height)
        let compositor = LayerCompositor()
        let surfaces = pages.surface(for:)

        // The memory bound.
        let source = try ImageBuffer(width: width, height: height)
        let bytes = target.stride * height
        let from = UnsafeRawPointer(source.pixels), to = target.pixels
        measure(memcpyName) { to.copyMemory(from: from, byteCount: bytes) }

        // The cube: a 4-sided prism turned 30° and 45° (position 1/3 and 1/2 of a face).
        let prism = PrismGeometry(faceCount: 4, size: size, orientation: .horizontal)
        var cube30: Scene?
        for degrees in [30.0, 45.0] {
            let faces = prism.faces(at: degrees / 90, wraps: true)
            let layers = faces.sceneLayers(size: size, placement: .identity) { pages.content(face: $0) }
            let scene = Scene(outputSize: size, background: .black, layers: layers, isAnimating: true)
            if degrees == 30 { cube30 = scene }
            measure("cube \(Int(degrees))deg") { compositor.compose(scene: scene, surfaces: surfaces, into: target) }
        }
        // A vertical cube (turned about a horizontal axis): the row-projective path.
        let vertical = PrismGeometry(faceCount: 4, size: size, orientation: .vertical)
        let verticalLayers = vertical.faces(at: 1.0 / 3, wraps: true)
            .sceneLayers(size: size, placement: .identity) { pages.content(face: $0) }
        let verticalScene = Scene(outputSize: size, background: .black, layers: verticalLayers, isAnimating: true)
        measure("vertical cube 30deg") { compositor.compose(scene: verticalScene, surfaces: surfaces, into: target) }

        // The compositor's own cube fixture (eye at 2·W): the frame the first measurements used.
        for degrees in [30.0, 45.0] {
            let scene = CubeFrame.scene(width: width, height: height, degrees: degrees)
            let fixture: (LayerContent) -> ImageBuffer? = { content in
                guard case .panel(let id) = content else { return nil }
                return id == CubeFrame.faces.0 ? pages.first : pages.second
            }
            measure("cube \(Int(degrees))deg (CubeFrame)") { compositor.compose(scene: scene, surfaces: fixture, into: target) }
        }

        // The display turned (`[display] rotation`): the cube at 30° and a flat page, upright and
        // through each kind of turn, drawn into a buffer of the panel's native size.
        if let cube30 {
            let page = SceneLayer(content: pages.content(face: 0), size: size, transform: .identity)
            let flat = Scene(outputSize: size, background: .black, layers: [page], isAnimating: true)
            measure("flat page upright") { compositor.compose(scene: flat, surfaces: surfaces, into: target) }
            let turned = try ImageBuffer(width: height, height: width)
            let mirroring = LayerCompositor()
            mirroring.mirrorsOutput = true
            for turn in [DisplayTransform.rotated180, .flipped, .flipped180, .rotated90, .rotated270] {
                let into = turn.swapsAxes ? turned : target
                let drawer = turn.isFlipped ? mirroring : compositor
                let cube = turn.apply(to: cube30), page = turn.apply(to: flat)
                measure("cube 30deg \(Self.turnName(turn))") { drawer.compose(scene: cube, surfaces: surfaces, into: into) }
                measure("flat page \(Self.turnName(turn))") { drawer.compose(scene: page, surfaces: surfaces, into: into) }
            }
        }

        // Every transition halfway, right to left.
        for kind in TransitionKind.allCases {
            let transition = Transition(TransitionSpec(kind: kind, orientation: .rightToLeft, duration: 0.35))
            let frame = transition.frame(progress: 0.5, size: size, direction: .push)
            let layers = frame.sceneLayers(
                incoming: pages.content(face: 1), outgoing: pages.content(face: 0), size: size, placement: .identity)
            let scene = Scene(outputSize: size, background: .black, layers: layers, isAnimating: true)
            measure("transition \(kind.rawValue)") { compositor.compose(scene: scene, surfaces: surfaces, into: target) }
        }

        // Rasterising each panel page.
        for page in pages.panels {
            measure("page \(page.id)") { _ = try? pages.renderer.render(panel: page.panel, size: size, scale: 1, theme: pages.theme, context: pages.context) }
        }

        // A frame where only a clock changed.
        if let clock = try pages.clockFrame() {
            let scene = clock.scene
            var second = 0.0
            measure("clock-only frame") {
                second += 1
                let context = RenderContext(now: WallClockTime(secondsSinceEpoch: 1_700_000_000 + second, timeZone: "UTC"))
                let redrawn = pages.renderer.redraw(
                    clock.region, panel: clock.panel, layout: clock.layout, into: clock.buffer, scale: 1,
                    theme: pages.theme, context: context)
                let damage = FrameDamage.between(previous: scene, current: scene, dirty: [clock.content: redrawn])
                compositor.compose(scene: scene, surfaces: { _ in clock.buffer }, into: target, damage: damage)
            }
        }

        // The reference: the same cube frame through pixman's projective transform.
        if let cube30 {
            let reference = PixmanReference(scene: cube30, surfaces: surfaces, target: target)
            measure(referenceName, repetitions: max(3, reps / 3)) { reference.draw() }
        }
        return BenchmarkReport(results: results, memoryBound: memcpyName, reference: referenceName, size: "\(width)x\(height)")
    }
}

import KioskCore
import KioskFrames
import KioskRender

/// One frame's memory, lent by the output backend for the duration of one `onDraw` call:
/// premultiplied ARGB8888 in native (turned) output pixels.
public struct OutputFrame {
    /// The backend's buffer, wrapped (no copy).
    public let image: ImageBuffer
    /// Output pixels per logical pixel.
    public let scale: Int
    /// True when the buffer holds the previous frame once `repair(outside:)` ran, so drawing
    /// what changed is enough; false for a fresh buffer (first frame, new size or scale): draw
    /// everything.
    public let holdsPreviousFrame: Bool
    /// Copies what the buffer misses of the previous frame, where the new frame does not draw.
    let repairer: FrameRepair

    public init(
        image: ImageBuffer, scale: Int, holdsPreviousFrame: Bool, repair: FrameRepair = .nothing()
    ) {
        self.image = image
        self.scale = scale
        self.holdsPreviousFrame = holdsPreviousFrame
        repairer = repair
    }

    /// The buffer `lent` by an output's swap chain, drawn through `image` (its pixels).
    init(image: ImageBuffer, lent: PixelBuffer) {
        self.init(
            image: image, scale: lent.scale, holdsPreviousFrame: lent.holdsPreviousFrame,
            repair: lent.repair)
    }

    /// The buffer `lent` by an output's swap chain, wrapped for drawing (no copy).
    init(wrapping lent: PixelBuffer) throws(RenderError) {
        let image = try ImageBuffer(
            wrapping: lent.pixels, width: lent.width, height: lent.height, stride: lent.stride)
        self.init(image: image, lent: lent)
    }

    /// Brings the buffer up to the previous frame everywhere outside `damage` (output pixels),
    /// copying only what it misses there; call once the damage is known, before drawing. A
    /// damage covering the whole buffer copies nothing. Without this call the backend repairs
    /// outside the returned damage after `onDraw` (right for a drawer that drew only inside it).
    public func repair(outside damage: [Rect]) {
        if repairer.repair(outside: damage) > 0 { image.markDirty() }
    }
}

/// Where frames go (docs/architecture.md, "Backends are siblings"): a Wayland window today, a
/// DRM/KMS output or an in-memory output (the bench) beside it. The backend hands out buffers, says
/// when to draw, and reports the size, scale and loss of its output; the frame pipeline does the
/// rest.
///
/// Order of one frame: `onDraw` (the pipeline composes into the lent buffer and returns the
/// damage), the backend commits, then `onFrameFinished` (side effects: state save, status, logs).
public protocol OutputBackend: AnyObject {
    /// The output's size in logical pixels of its native (unturned) orientation, and its scale.
    var onConfigure: ((_ nativeSize: Size, _ scale: Int) -> Void)? { get set }
    /// Draws into `frame` for monotonic time `time`; returns the damaged rectangles in output
    /// pixels (empty: nothing changed, nothing is committed).
    var onDraw: ((_ frame: OutputFrame, _ time: Double) -> [Rect])? { get set }
    /// Called after each `onDraw`, once the frame is committed (or skipped as unchanged).
    var onFrameFinished: (() -> Void)? { get set }
    /// The output went away for good (compositor gone, device lost); the text says why.
    var onLost: ((String) -> Void)? { get set }
    /// Whoever owns the output asked us to close (xdg_toplevel.close).
    var onCloseRequested: (() -> Void)? { get set }

    /// The output's seat was switched away (false: stop input too) or back (true). Only an
    /// output owning a seat (DRM) calls it; see the default below.
    var onSessionActive: ((Bool) -> Void)? { get set }

    /// Asks for a frame: drawn when the output is ready for one. Cheap to call often.
    func setNeedsFrame()
    /// The schedule switches the display off or on: DRM makes the CRTC inactive, a compositor
    /// with wlr-output-power-management powers the output down. Cheap to call often (only a
    /// change acts). The runner draws a black frame either way, for outputs that cannot.
    func setDisplayPowered(_ on: Bool)
    /// Ctrl+Alt+F`vt` arrived: switch consoles if this output owns a VT and `[display]
    /// vt_switching` allows it. True when it switched (the key then goes nowhere else).
    func switchVirtualTerminal(_ vt: Int) -> Bool
    /// One line on frame pacing for the log at exit; nil when the backend keeps none.
    var statisticsSummary: String? { get }
    /// Monotonic seconds when a frame last reached the screen (DRM: its page flip completed; a
    /// compositor: it reported the frame presented); nil before the first, or when the output
    /// cannot tell (then the health report falls back to the last commit).
    var lastPresented: Double? { get }
    /// A frame reached the screen (DRM: its page flip completed; a compositor reported it
    /// presented); `lastPresented` has its time. Outputs that cannot tell never call it.
    var onPresented: (() -> Void)? { get set }
    /// Releases the output (buffers before the connection); no callbacks after it.
    func shutDown()
}

extension OutputBackend {
    /// Outputs without power control (memory, a compositor without the protocol): the black
    /// frame is all there is.
    func setDisplayPowered(_ on: Bool) {}

    /// A compositor's window or memory owns no VT (a compositor switches by itself).
    func switchVirtualTerminal(_ vt: Int) -> Bool { false }

    /// Memory has no screen to reach.
    var lastPresented: Double? { nil }

    /// Memory reports no presentation.
    var onPresented: (() -> Void)? {
        get { nil }
        set {}  // swiftlint:disable:this unused_setter_value
    }

    /// Outputs without a seat of their own (a compositor's window, memory) never switch away.
    var onSessionActive: ((Bool) -> Void)? {
        get { nil }
        set {}  // swiftlint:disable:this unused_setter_value
    }
}

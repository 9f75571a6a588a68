/// The memory the app draws one frame into: premultiplied ARGB8888 in native byte order
/// (WL_SHM_FORMAT_ARGB8888, cairo's CAIRO_FORMAT_ARGB32), in output pixels.
///
/// Lent by a `SwapChain` for one frame: valid only during the draw call that received it. Its
/// consumer (compositor, display) never reads it while the app draws: the chain lends only
/// buffers their backend reports released.
public struct PixelBuffer {
    /// First byte of the top row.
    public let pixels: UnsafeMutableRawPointer
    /// Width and height in output (buffer) pixels = logical size × scale.
    public let width: Int
    public let height: Int
    /// Bytes from one row to the next.
    public let stride: Int
    /// Output pixels per logical pixel.
    public let scale: Int
    /// True when the buffer holds the previous frame once `repair` ran, so drawing only what
    /// changed is enough. False for a new buffer (first frame, new size or scale): it is all
    /// zero and everything must be drawn.
    public let holdsPreviousFrame: Bool
    /// Copies what the buffer misses of the previous frame outside the damage it is given: call
    /// `repair.repair(outside: damage)` once the frame's damage is known, before drawing. If the
    /// app does not, the chain repairs outside the returned damage when the frame is presented.
    public let repair: FrameRepair

    public init(
        pixels: UnsafeMutableRawPointer, width: Int, height: Int, stride: Int, scale: Int,
        holdsPreviousFrame: Bool, repair: FrameRepair = .nothing()
    ) {
        self.pixels = pixels
        self.width = width
        self.height = height
        self.stride = stride
        self.scale = scale
        self.holdsPreviousFrame = holdsPreviousFrame
        self.repair = repair
    }

    /// Fills a rectangle (output pixels, clipped to the buffer) with one premultiplied colour.
    public func fill(x: Int, y: Int, width w: Int, height h: Int, argb: UInt32) {
        let x0 = max(0, x)
        let y0 = max(0, y)
        let x1 = min(width, x + w)
        let y1 = min(height, y + h)
        guard x1 > x0, y1 > y0 else { return }
        for row in y0..<y1 {
            let line = (pixels + row * stride).assumingMemoryBound(to: UInt32.self)
            (line + x0).update(repeating: argb, count: x1 - x0)
        }
    }
}

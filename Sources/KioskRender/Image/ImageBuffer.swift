// Ownership: an ImageBuffer owns one cairo image surface (premultiplied ARGB32, native endian)
// and destroys it in deinit. `pixels` points into that surface and is valid while the buffer
// lives; a buffer made with `wrapping:` draws into memory the caller owns (an shm pool) and
// must not outlive it.
import CPangoCairo

/// A premultiplied ARGB32 image: the page surfaces, the frame being composited, PNG files.
public final class ImageBuffer {
    /// The cairo surface; exposed to KioskRender only.
    let surface: OpaquePointer
    public let width: Int
    public let height: Int
    /// Bytes per row (may exceed width * 4).
    public let stride: Int

    /// A new buffer cleared to transparent black.
    public init(width: Int, height: Int) throws(RenderError) {
        guard width > 0, height > 0, width <= 16384, height <= 16384 else {
            throw .surfaceCreation(width: width, height: height, reason: "size out of range")
        }
        guard let s = cairo_image_surface_create(CAIRO_FORMAT_ARGB32, Int32(width), Int32(height))
        else {
            throw .surfaceCreation(width: width, height: height, reason: "out of memory")
        }
        let status = cairo_surface_status(s)
        guard status == CAIRO_STATUS_SUCCESS else {
            cairo_surface_destroy(s)
            throw .surfaceCreation(
                width: width, height: height, reason: ImageBuffer.message(status))
        }
        surface = s
        self.width = width
        self.height = height
        stride = Int(cairo_image_surface_get_stride(s))
    }

    /// A buffer over memory the caller owns (e.g. a mapped wl_shm pool), `stride` bytes per row.
    public init(wrapping pixels: UnsafeMutableRawPointer, width: Int, height: Int, stride: Int)
        throws(RenderError)
    {
        guard width > 0, height > 0, stride >= width * 4 else {
            throw .surfaceCreation(width: width, height: height, reason: "bad stride \(stride)")
        }
        guard
            let s = cairo_image_surface_create_for_data(
                pixels.assumingMemoryBound(to: UInt8.self), CAIRO_FORMAT_ARGB32, Int32(width),
                Int32(height), Int32(stride))
        else {
            throw .surfaceCreation(width: width, height: height, reason: "cairo refused the memory")
        }
        surface = s
        self.width = width
        self.height = height
        self.stride = stride
    }

    /// Loads a PNG file.
    public init(pngPath path: String) throws(RenderError) {
        guard let s = cairo_image_surface_create_from_png(path) else {
            throw .pngRead(path: path, reason: "out of memory")
        }
        let status = cairo_surface_status(s)
        guard status == CAIRO_STATUS_SUCCESS else {
            cairo_surface_destroy(s)
            throw .pngRead(path: path, reason: ImageBuffer.message(status))
        }
        surface = s
        width = Int(cairo_image_surface_get_width(s))
        height = Int(cairo_image_surface_get_height(s))
        stride = Int(cairo_image_surface_get_stride(s))
    }

    /// Takes ownership of an image surface that decoded without error (see PNGDecoder).
    init(adopting s: OpaquePointer) {
        surface = s
        width = Int(cairo_image_surface_get_width(s))
        height = Int(cairo_image_surface_get_height(s))
        stride = Int(cairo_image_surface_get_stride(s))
    }

    /// Bytes of pixel memory.
    public var byteCount: Int { stride * height }

    deinit { cairo_surface_destroy(surface) }

    /// The first byte of the first row. Call `markDirty()` after writing through it.
    public var pixels: UnsafeMutableRawPointer {
        cairo_surface_flush(surface)
        // Image surfaces always have data; a nil here would be a cairo bug.
        guard let data = cairo_image_surface_get_data(surface) else {
            preconditionFailure("cairo image surface without data")
        }
        return UnsafeMutableRawPointer(data)
    }

    /// Tells cairo the pixels were changed behind its back (and forgets the recorded opacity).
    public func markDirty() {
        markDirty(keepingLayout: false)
    }

    /// `markDirty()`; `keepingLayout`: the caller brings the layout for turning up to date where
    /// it wrote (`PairLayout.update`).
    func markDirty(keepingLayout: Bool) {
        cairo_surface_mark_dirty(surface)
        pixelsChanged(keepingLayouts: keepingLayout)
    }

    /// Forgets what was derived from the pixels: the recorded opacity and the layouts for turning
    /// (`keepingMinified`: the caller brings the minified copies up to date where it draws;
    /// `keepingLayouts`: the layouts of the page and of those copies too, `updateTurningCopies`).
    func pixelsChanged(keepingMinified: Bool = false, keepingLayouts: Bool = false) {
        knownOpacity = nil
        pixelGeneration &+= 1
        // The copies' layouts too, unless updated with them: a layout read from a kept copy
        // would show its old pixels.
        if !keepingLayouts { dropPairLayouts() }
        if !keepingMinified { minified = nil }
    }

    /// Counts the drawings into the pixels (`pixelsChanged`): a layout for turning built from
    /// them on another thread is attached only if it is unchanged since (`TurningLayoutJob`).
    private(set) var pixelGeneration = 0

    /// The half- and quarter-width copies a turning face samples where it is squeezed more than 2×
    /// (`MinifiedCopies`), while they match the buffer's pixels.
    public internal(set) var minified: MinifiedCopies?

    /// The pixels stored for turning (`PairLayout`), while they match the buffer's pixels; the
    /// cube's column loop reads it when present and the buffer itself otherwise.
    public internal(set) var pairLayout: PairLayout?

    /// Whether every pixel has alpha 255, as recorded by `recordOpacity()` after the last drawing;
    /// nil once anything drew since (a `CairoContext`, `markDirty()`).
    public internal(set) var knownOpacity: Bool?

    /// True when every pixel has alpha 255: the recorded answer, or one pass over the pixels
    /// (then recorded until the next drawing).
    public var isOpaque: Bool {
        if let knownOpacity { return knownOpacity }
        return recordOpacity()
    }

    /// Scans the pixels once and records whether all are opaque. Whoever draws a surface calls
    /// this when done, so the compositor never rescans it per frame.
    @discardableResult
    public func recordOpacity() -> Bool {
        let base = UnsafePointer(pixels.assumingMemoryBound(to: UInt32.self))
        let rowPixels = stride / 4
        var opaque = true
        for y in 0..<height where !allOpaque(base + y &* rowPixels, count: width) {
            opaque = false
            break
        }
        knownOpacity = opaque
        return opaque
    }

    /// The premultiplied pixel at (x, y) as 0xAARRGGBB.
    public func pixel(x: Int, y: Int) -> UInt32 {
        precondition(x >= 0 && x < width && y >= 0 && y < height, "pixel out of bounds")
        return pixels.load(fromByteOffset: y * stride + x * 4, as: UInt32.self)
    }

    /// Writes the buffer as a PNG file.
    public func writePNG(to path: String) throws(RenderError) {
        cairo_surface_flush(surface)
        let status = cairo_surface_write_to_png(surface, path)
        guard status == CAIRO_STATUS_SUCCESS else {
            throw .pngWrite(path: path, reason: ImageBuffer.message(status))
        }
    }

    static func message(_ status: cairo_status_t) -> String {
        guard let c = cairo_status_to_string(status) else {
            return "cairo status \(status.rawValue)"
        }
        return String(cString: c)
    }
}

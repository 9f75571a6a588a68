import CPangoCairo

// Ownership: the PNG's bytes collect in a Swift array owned by this call; cairo gets it as an
// unretained pointer that is only used inside cairo_surface_write_to_png_stream.

extension ImageBuffer {
    /// The buffer as PNG bytes in memory (cairo's PNG writer, as `writePNG(to:)`), for a
    /// screenshot published over MQTT. `limit`: stop collecting past this many bytes and throw,
    /// so a huge frame never holds more than the limit in memory.
    public func pngBytes(limit: Int = .max) throws(RenderError) -> [UInt8] {
        final class Sink {
            var bytes: [UInt8] = []
            var overflowed = false
            let limit: Int
            init(limit: Int) { self.limit = limit }
        }
        let sink = Sink(limit: limit)
        cairo_surface_flush(surface)
        let status = cairo_surface_write_to_png_stream(
            surface,
            { context, data, length in
                guard let context, let data else { return CAIRO_STATUS_WRITE_ERROR }
                let sink = Unmanaged<Sink>.fromOpaque(context).takeUnretainedValue()
                guard sink.bytes.count + Int(length) <= sink.limit else {
                    sink.overflowed = true
                    return CAIRO_STATUS_WRITE_ERROR
                }
                sink.bytes.append(contentsOf: UnsafeBufferPointer(start: data, count: Int(length)))
                return CAIRO_STATUS_SUCCESS
            }, Unmanaged.passUnretained(sink).toOpaque())
        if sink.overflowed { throw .pngTooLarge(limit: limit) }
        guard status == CAIRO_STATUS_SUCCESS else {
            throw .pngWrite(path: "memory", reason: ImageBuffer.message(status))
        }
        return sink.bytes
    }
}

// Ownership: decode() hands cairo a pointer to a local PNGBytes for the duration of one
// cairo_image_surface_create_from_png_stream call; the surface it returns is adopted by an
// ImageBuffer (destroyed in its deinit) or destroyed here on error.
import CPangoCairo
import Glibc
import KioskCore

/// Loads PNG files for the renderer without ever blocking or allocating without bound: the file
/// is opened non-blocking and refused unless it is a regular file, its size is read from the
/// header and refused above `ConfigLimits.imagePixels` before a pixel is allocated, and cairo
/// decodes from the bytes already read (a file swapped for a FIFO after the check cannot hang it).
enum PNGDecoder {
    /// Bytes of a PNG file read at most.
    static let maximumFileBytes = 64 << 20

    /// The decoded image, or why not.
    static func decode(path: String) -> Result<ImageBuffer, RenderError> {
        func failure(_ reason: String) -> Result<ImageBuffer, RenderError> {
            .failure(.pngRead(path: path, reason: reason))
        }
        let fd = open(path, O_RDONLY | O_CLOEXEC | O_NONBLOCK | O_NOCTTY)
        guard fd >= 0 else { return failure(String(cString: strerror(errno))) }
        defer { close(fd) }
        var info = stat()
        guard fstat(fd, &info) == 0, (info.st_mode & S_IFMT) == S_IFREG else {
            return failure("not a regular file")
        }
        guard info.st_size <= maximumFileBytes else {
            return failure("file larger than \(maximumFileBytes >> 20) MiB")
        }
        let bytes = DescriptorReader.read(fd, limit: Int(info.st_size))
        if let problem = headerProblem(bytes) { return failure(problem) }
        var source = PNGBytes(bytes: bytes)
        let surface = withUnsafeMutablePointer(to: &source) { pointer in
            cairo_image_surface_create_from_png_stream(
                { closure, data, length in
                    guard let closure, let data else { return CAIRO_STATUS_READ_ERROR }
                    let source = closure.assumingMemoryBound(to: PNGBytes.self)
                    return source.pointee.copy(into: data, count: Int(length))
                        ? CAIRO_STATUS_SUCCESS : CAIRO_STATUS_READ_ERROR
                }, pointer)
        }
        guard let surface else { return failure("out of memory") }
        let status = cairo_surface_status(surface)
        guard status == CAIRO_STATUS_SUCCESS else {
            cairo_surface_destroy(surface)
            return failure(ImageBuffer.message(status))
        }
        return .success(ImageBuffer(adopting: surface))
    }

    /// Why the header refuses the file (not a PNG, no IHDR, too many pixels), or nil.
    static func headerProblem(_ b: [UInt8]) -> String? {
        let signature: [UInt8] = [0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A]
        guard b.count >= 24, Array(b[0..<8]) == signature, Array(b[12..<16]) == Array("IHDR".utf8)
        else {
            return "not a PNG file"
        }
        func be32(_ i: Int) -> Int {
            Int(b[i]) << 24 | Int(b[i + 1]) << 16 | Int(b[i + 2]) << 8 | Int(b[i + 3])
        }
        let (width, height) = (be32(16), be32(20))
        guard width > 0, height > 0, width <= ConfigLimits.imageSide,
            height <= ConfigLimits.imageSide,
            width * height <= ConfigLimits.imagePixels
        else {
            return
                "image of \(width)x\(height) pixels is over the limit of \(ConfigLimits.imagePixels) pixels"
        }
        return nil
    }
}

/// The read position in a PNG file's bytes, for cairo's stream callback.
private struct PNGBytes {
    let bytes: [UInt8]
    var offset = 0

    mutating func copy(into data: UnsafeMutablePointer<UInt8>, count: Int) -> Bool {
        guard count <= bytes.count - offset else { return false }
        bytes.withUnsafeBufferPointer { buffer in
            guard let base = buffer.baseAddress else { return }
            data.update(from: base + offset, count: count)
        }
        offset += count
        return true
    }
}

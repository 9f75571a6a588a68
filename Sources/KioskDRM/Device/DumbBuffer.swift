internal import CDRM
import Glibc

/// A CPU-mapped scanout buffer: a dumb buffer (XRGB8888, which is cairo's ARGB32 layout with
/// the alpha ignored) registered as a framebuffer.
///
/// Ownership: the GEM handle, the framebuffer id and the mapping are this object's and are
/// released by `destroy()` (the device fd must still be open then); `pixels` is valid until then.
final class DumbBuffer {
    let width: Int
    let height: Int
    let stride: Int
    let framebuffer: UInt32
    let pixels: UnsafeMutableRawPointer
    private let handle: UInt32
    private let size: Int
    private let fd: Int32
    private var destroyed = false

    init(fd: Int32, width: Int, height: Int) throws(DRMError) {
        var handle: UInt32 = 0, pitch: UInt32 = 0, size: UInt64 = 0
        guard
            drmModeCreateDumbBuffer(
                fd, UInt32(width), UInt32(height), 32, 0, &handle, &pitch, &size) == 0
        else {
            throw DRMError.errno("cannot create a \(width)x\(height) dumb buffer", errno)
        }
        var offset: UInt64 = 0
        guard drmModeMapDumbBuffer(fd, handle, &offset) == 0 else {
            let code = errno
            _ = drmModeDestroyDumbBuffer(fd, handle)
            throw DRMError.errno("cannot map a dumb buffer", code)
        }
        let mapped = mmap(nil, Int(size), PROT_READ | PROT_WRITE, MAP_SHARED, fd, off_t(offset))
        guard let mapped, mapped != MAP_FAILED else {
            let code = errno
            _ = drmModeDestroyDumbBuffer(fd, handle)
            throw DRMError.errno("cannot mmap a dumb buffer", code)
        }
        var framebuffer: UInt32 = 0
        guard
            drmModeAddFB(fd, UInt32(width), UInt32(height), 24, 32, pitch, handle, &framebuffer)
                == 0
        else {
            let code = errno
            munmap(mapped, Int(size))
            _ = drmModeDestroyDumbBuffer(fd, handle)
            throw DRMError.errno("cannot add a framebuffer", code)
        }
        // No clearing: the kernel hands out dumb buffers zeroed (never a previous user's pixels),
        // and a fresh buffer is drawn whole before it is shown. Touching every page here cost
        // a panel's start time for a buffer the first frame may not even use.
        self.width = width
        self.height = height
        self.stride = Int(pitch)
        self.framebuffer = framebuffer
        self.pixels = mapped
        self.handle = handle
        self.size = Int(size)
        self.fd = fd
    }

    deinit { destroy() }

    func destroy() {
        guard !destroyed else { return }
        destroyed = true
        _ = drmModeRmFB(fd, framebuffer)
        munmap(pixels, size)
        _ = drmModeDestroyDumbBuffer(fd, handle)
    }
}

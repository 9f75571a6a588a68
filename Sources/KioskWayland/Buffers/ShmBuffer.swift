import CWayland
import Glibc
import KioskFrames

// Ownership: one ShmBuffer owns a memfd, its mapping and the wl_buffer made from it (the pool is
// destroyed right after the buffer is made; the buffer keeps the memory alive compositor-side).
// `deinit` destroys the wl_buffer first, so a `release` can never reach a freed owner.

private nonisolated(unsafe) let bufferListener = UnsafeMutablePointer<wl_buffer_listener>.permanent(
    wl_buffer_listener(release: { data, _ in
        callbackOwner(data, as: ShmBuffer.self).isBusy = false
        callbackOwner(data, as: ShmBuffer.self).onRelease?()
    }))

/// One ARGB8888 shm buffer, as the window's `SwapChain` lends it.
final class ShmBuffer: SwapBuffer {
    let width: Int
    let height: Int
    let stride: Int
    let pixels: UnsafeMutableRawPointer
    private let size: Int
    private let fd: Int32
    private(set) var proxy: OpaquePointer
    /// True from attach+commit until the compositor's `release`: never draw into it then.
    var isBusy = false
    /// Called after `release` (the window retries a frame that waited for a free buffer).
    var onRelease: (() -> Void)?

    init(shm: OpaquePointer, width: Int, height: Int) throws(WaylandError) {
        // SurfaceSizing clamps every configure to this: a bigger buffer here is a bug.
        let limit = SurfaceSizing.maximumBufferSide
        precondition(width > 0 && height > 0 && width <= limit && height <= limit, "buffer size")
        self.width = width
        self.height = height
        stride = width * 4
        size = stride * height
        let fd = kiosk_memfd_create("kiosk-shell-buffer")
        guard fd >= 0 else {
            throw .sharedMemory("memfd_create: \(String(cString: strerror(errno)))")
        }
        guard ftruncate(fd, off_t(size)) == 0 else {
            let reason = String(cString: strerror(errno))
            close(fd)
            throw .sharedMemory("ftruncate to \(size) bytes: \(reason)")
        }
        guard let map = mmap(nil, size, PROT_READ | PROT_WRITE, MAP_SHARED, fd, 0),
            map != MAP_FAILED
        else {
            let reason = String(cString: strerror(errno))
            close(fd)
            throw .sharedMemory("mmap of \(size) bytes: \(reason)")
        }
        guard let pool = wl_shm_create_pool(shm, fd, Int32(size)),
            let buffer = wl_shm_pool_create_buffer(
                pool, 0, Int32(width), Int32(height), Int32(stride), WL_SHM_FORMAT_ARGB8888.rawValue
            )
        else {
            munmap(map, size)
            close(fd)
            throw .sharedMemory("the compositor connection refused a pool")
        }
        wl_shm_pool_destroy(pool)
        self.fd = fd
        pixels = map
        proxy = buffer
        wl_buffer_add_listener(proxy, bufferListener, callbackData(self))
    }

    deinit {
        wl_buffer_destroy(proxy)
        munmap(pixels, size)
        close(fd)
    }
}

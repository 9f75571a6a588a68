/// One buffer of a `SwapChain`, as the backend that made it has it: a wl_shm pool buffer, a DRM
/// dumb buffer, plain memory. The chain decides which one to draw into and what to repair; the
/// backend only says where the pixels are and whether its consumer still reads them.
///
/// Pixels are premultiplied ARGB8888 in native byte order, `stride` bytes per row, valid for as
/// long as the backend keeps the buffer in the chain.
public protocol SwapBuffer: AnyObject {
    var pixels: UnsafeMutableRawPointer { get }
    var width: Int { get }
    var height: Int { get }
    var stride: Int { get }
    /// True while the consumer may still read the buffer (a compositor before `wl_buffer.release`,
    /// a display before the flip away from it): the chain never lends it then.
    var isBusy: Bool { get }
}

import CLibinput

// Ownership: owns one reference to a `struct udev`, dropped in deinit. libinput takes its own
// reference when a context is created from it.
/// The udev library context libinput's udev backend needs.
final class Udev {
    let handle: OpaquePointer

    init() throws(InputError) {
        guard let handle = udev_new() else { throw .udevUnavailable }
        self.handle = handle
    }

    deinit { udev_unref(handle) }
}

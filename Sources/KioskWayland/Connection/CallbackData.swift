// Ownership: libwayland keeps the *pointers* given to `*_add_listener`, so every listener struct
// lives in a heap allocation made once per listener type and never freed (`permanent`). The
// `data` pointer passed with it is an unretained reference to the Swift wrapper that owns the
// proxy; every wrapper destroys its proxy in `deinit`, before it is freed, so no event can reach
// a dead owner.

extension UnsafeMutablePointer {
    /// A heap copy of `value` that stays valid for the life of the process.
    static func permanent(_ value: Pointee) -> UnsafeMutablePointer<Pointee> {
        let pointer = UnsafeMutablePointer<Pointee>.allocate(capacity: 1)
        pointer.initialize(to: value)
        return pointer
    }
}

/// The `data` pointer that carries `object` through a C callback.
func callbackData(_ object: AnyObject) -> UnsafeMutableRawPointer {
    Unmanaged.passUnretained(object).toOpaque()
}

/// The one place where a C `void *data` becomes its Swift owner again.
func callbackOwner<T: AnyObject>(_ data: UnsafeMutableRawPointer?, as type: T.Type = T.self) -> T {
    guard let data else { preconditionFailure("Wayland callback without its owner") }
    return Unmanaged<T>.fromOpaque(data).takeUnretainedValue()
}

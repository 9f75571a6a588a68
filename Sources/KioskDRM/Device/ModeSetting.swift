internal import CDRM
import Glibc

/// Shows framebuffers on one CRTC: the first time (and after a VT switch or replug) with a mode
/// set, then by page flips that end in a DRM event. Atomic where the driver offers it, else
/// the legacy calls.
protocol ModeSetting: AnyObject {
    /// Sets the mode showing `framebuffer`. Returns true when a page-flip event will follow
    /// (atomic), false when the buffer is on screen on return (legacy `drmModeSetCrtc`).
    func setMode(framebuffer: UInt32, userData: UnsafeMutableRawPointer) throws(DRMError) -> Bool
    /// Shows `framebuffer` at the next vblank; a page-flip event follows.
    func flip(framebuffer: UInt32, userData: UnsafeMutableRawPointer) throws(DRMError)
    /// Switches the CRTC off (inactive, mode and framebuffer kept) or lets `setMode` switch it
    /// on again; blocking, no event (`DisplayPower`).
    func setPower(on: Bool) throws(DRMError)
    var name: String { get }
    /// How `setPower(on: false)` switches off, for the log.
    var powerControl: String { get }
}

/// The pipe both implementations drive.
struct Pipe {
    var connector: UInt32
    var crtc: UInt32
    var mode: drmModeModeInfo
}

/// drmModeSetCrtc once, then drmModePageFlip.
final class LegacyModeSetting: ModeSetting {
    private let fd: Int32
    private let pipe: Pipe
    init(fd: Int32, pipe: Pipe) {
        self.fd = fd
        self.pipe = pipe
    }

    var name: String { "legacy" }
    var powerControl: String { "connector DPMS off" }

    /// The connector's DPMS property: drmModeSetCrtc alone does not switch a CRTC on that DPMS
    /// switched off on every driver, so on sets it back before the mode set.
    func setPower(on: Bool) throws(DRMError) {
        let dpms = kiosk_drm_property(fd, pipe.connector, DRM_MODE_OBJECT_CONNECTOR, "DPMS", nil)
        guard dpms != 0 else { throw DRMError("the connector has no DPMS property") }
        let value = UInt64(on ? DRM_MODE_DPMS_ON : DRM_MODE_DPMS_OFF)
        guard drmModeConnectorSetProperty(fd, pipe.connector, dpms, value) == 0 else {
            throw DRMError.errno("setting the connector's DPMS", errno)
        }
    }

    func setMode(framebuffer: UInt32, userData: UnsafeMutableRawPointer) throws(DRMError) -> Bool {
        var connector = pipe.connector
        var mode = pipe.mode
        guard drmModeSetCrtc(fd, pipe.crtc, framebuffer, 0, 0, &connector, 1, &mode) == 0 else {
            throw DRMError.errno("drmModeSetCrtc", errno)
        }
        return false
    }

    func flip(framebuffer: UInt32, userData: UnsafeMutableRawPointer) throws(DRMError) {
        guard
            drmModePageFlip(fd, pipe.crtc, framebuffer, UInt32(DRM_MODE_PAGE_FLIP_EVENT), userData)
                == 0
        else {
            throw DRMError.errno("drmModePageFlip", errno)
        }
    }
}

/// Atomic commits: the connector on the CRTC, the mode blob and ACTIVE at a mode set, the
/// primary plane's framebuffer and geometry on every commit.
final class AtomicModeSetting: ModeSetting {
    private let fd: Int32
    private let pipe: Pipe
    private let plane: UInt32
    private var modeBlob: UInt32 = 0
    private let connectorCRTC: UInt32
    private let crtcMode: UInt32
    private let crtcActive: UInt32
    private let planeProperties: [String: UInt32]
    private static let planeNames = [
        "FB_ID", "CRTC_ID", "SRC_X", "SRC_Y", "SRC_W", "SRC_H", "CRTC_X", "CRTC_Y", "CRTC_W",
        "CRTC_H"
    ]

    init(fd: Int32, pipe: Pipe, plane: UInt32) throws(DRMError) {
        self.fd = fd
        self.pipe = pipe
        self.plane = plane
        func property(_ object: UInt32, _ type: UInt32, _ name: String) throws(DRMError) -> UInt32 {
            let id = kiosk_drm_property(fd, object, type, name, nil)
            guard id != 0 else {
                throw DRMError("the driver's KMS object \(object) has no \(name) property")
            }
            return id
        }
        connectorCRTC = try property(pipe.connector, DRM_MODE_OBJECT_CONNECTOR, "CRTC_ID")
        crtcMode = try property(pipe.crtc, DRM_MODE_OBJECT_CRTC, "MODE_ID")
        crtcActive = try property(pipe.crtc, DRM_MODE_OBJECT_CRTC, "ACTIVE")
        var properties: [String: UInt32] = [:]
        for name in Self.planeNames {
            properties[name] = try property(plane, DRM_MODE_OBJECT_PLANE, name)
        }
        planeProperties = properties
    }

    deinit { if modeBlob != 0 { _ = drmModeDestroyPropertyBlob(fd, modeBlob) } }

    var name: String { "atomic" }
    var powerControl: String { "CRTC ACTIVE=0" }

    /// Off: ACTIVE=0 alone, as the kernel's own DPMS helper does: the mode blob and the plane's
    /// framebuffer stay, so `setMode` with the shown buffer lights the same picture. On is that
    /// mode set (ACTIVE=1 with the framebuffer), so nothing to do here.
    func setPower(on: Bool) throws(DRMError) {
        guard !on else { return }
        guard let request = drmModeAtomicAlloc() else {
            throw DRMError("drmModeAtomicAlloc failed")
        }
        defer { drmModeAtomicFree(request) }
        _ = drmModeAtomicAddProperty(request, pipe.crtc, crtcActive, 0)
        guard drmModeAtomicCommit(fd, request, UInt32(DRM_MODE_ATOMIC_ALLOW_MODESET), nil) == 0
        else {
            throw DRMError.errno("atomic CRTC off (ACTIVE=0)", errno)
        }
    }

    func setMode(framebuffer: UInt32, userData: UnsafeMutableRawPointer) throws(DRMError) -> Bool {
        if modeBlob == 0 {
            var mode = pipe.mode
            guard
                drmModeCreatePropertyBlob(fd, &mode, MemoryLayout<drmModeModeInfo>.size, &modeBlob)
                    == 0
            else {
                throw DRMError.errno("drmModeCreatePropertyBlob", errno)
            }
        }
        try commit(framebuffer: framebuffer, modeset: true, userData: userData)
        return true
    }

    func flip(framebuffer: UInt32, userData: UnsafeMutableRawPointer) throws(DRMError) {
        try commit(framebuffer: framebuffer, modeset: false, userData: userData)
    }

    private func commit(framebuffer: UInt32, modeset: Bool, userData: UnsafeMutableRawPointer)
        throws(DRMError)
    {
        guard let request = drmModeAtomicAlloc() else {
            throw DRMError("drmModeAtomicAlloc failed")
        }
        defer { drmModeAtomicFree(request) }
        func add(_ object: UInt32, _ property: UInt32?, _ value: UInt64) {
            if let property { _ = drmModeAtomicAddProperty(request, object, property, value) }
        }
        if modeset {
            add(pipe.connector, connectorCRTC, UInt64(pipe.crtc))
            add(pipe.crtc, crtcMode, UInt64(modeBlob))
            add(pipe.crtc, crtcActive, 1)
        }
        let width = UInt64(pipe.mode.hdisplay), height = UInt64(pipe.mode.vdisplay)
        add(plane, planeProperties["FB_ID"], UInt64(framebuffer))
        add(plane, planeProperties["CRTC_ID"], UInt64(pipe.crtc))
        add(plane, planeProperties["SRC_X"], 0)
        add(plane, planeProperties["SRC_Y"], 0)
        add(plane, planeProperties["SRC_W"], width << 16)
        add(plane, planeProperties["SRC_H"], height << 16)
        add(plane, planeProperties["CRTC_X"], 0)
        add(plane, planeProperties["CRTC_Y"], 0)
        add(plane, planeProperties["CRTC_W"], width)
        add(plane, planeProperties["CRTC_H"], height)
        var flags = UInt32(DRM_MODE_PAGE_FLIP_EVENT)
        flags |= modeset ? UInt32(DRM_MODE_ATOMIC_ALLOW_MODESET) : UInt32(DRM_MODE_ATOMIC_NONBLOCK)
        guard drmModeAtomicCommit(fd, request, flags, userData) == 0 else {
            throw DRMError.errno(modeset ? "atomic mode set" : "atomic page flip", errno)
        }
    }
}

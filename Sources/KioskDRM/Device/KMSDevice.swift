internal import CDRM
import Glibc

/// A DRM card opened through the seat: its capabilities, connectors and the CRTC and primary
/// plane that can drive one of them.
///
/// Ownership: `fd` belongs to the seat that opened it (closed through `DeviceSeat.closeDevice`).
/// Every drmModeGet* result is freed before its function returns; only plain values leave.
final class KMSDevice {
    let fd: Int32
    /// The driver accepted DRM_CLIENT_CAP_ATOMIC (and universal planes with it).
    let atomic: Bool
    /// Raw modes of the last probe, per connector id (C values stay in this module).
    private(set) var rawModes: [UInt32: [drmModeModeInfo]] = [:]

    /// Checks the card can scan out dumb buffers and turns atomic mode setting on when offered
    /// (and `allowAtomic`).
    init(fd: Int32, allowAtomic: Bool) throws(DRMError) {
        self.fd = fd
        var dumb: UInt64 = 0
        guard drmGetCap(fd, UInt64(DRM_CAP_DUMB_BUFFER), &dumb) == 0, dumb != 0 else {
            throw DRMError("the DRM device has no dumb buffers (not a KMS display card?)")
        }
        if allowAtomic, drmSetClientCap(fd, UInt64(DRM_CLIENT_CAP_UNIVERSAL_PLANES), 1) == 0,
            drmSetClientCap(fd, UInt64(DRM_CLIENT_CAP_ATOMIC), 1) == 0
        {
            atomic = true
        } else {
            atomic = false
        }
    }

    /// The card's connectors. `forced`: a fresh probe (the driver asks the display again, an EDID
    /// read over DDC on a real panel: hotplug shows here); else what the kernel last probed (at
    /// boot or at the last hotplug), which costs no round trip to the display.
    func probe(forced: Bool = true) throws(DRMError) -> [ConnectorInfo] {
        guard let resources = drmModeGetResources(fd) else {
            throw DRMError.errno("drmModeGetResources", errno)
        }
        defer { drmModeFreeResources(resources) }
        var connectors: [ConnectorInfo] = []
        var modes: [UInt32: [drmModeModeInfo]] = [:]
        var counts: [UInt32: Int] = [:]
        for i in 0..<Int(resources.pointee.count_connectors) {
            let id = resources.pointee.connectors[i]
            guard
                let connector = forced
                    ? drmModeGetConnector(fd, id) : drmModeGetConnectorCurrent(fd, id)
            else { continue }
            defer { drmModeFreeConnector(connector) }
            let c = connector.pointee
            let type = String(cString: kiosk_drm_connector_type_name(c.connector_type))
            counts[c.connector_type, default: 0] += 1
            var raw: [drmModeModeInfo] = []
            for m in 0..<Int(c.count_modes) { raw.append(c.modes[m]) }
            modes[c.connector_id] = raw
            connectors.append(
                ConnectorInfo(
                    id: c.connector_id, name: "\(type)-\(c.connector_type_id)",
                    connected: c.connection == DRM_MODE_CONNECTED,
                    modes: raw.map {
                        ModeInfo(
                            width: Int($0.hdisplay), height: Int($0.vdisplay),
                            refreshMillihertz: Self.millihertz($0),
                            preferred: $0.type & UInt32(DRM_MODE_TYPE_PREFERRED) != 0)
                    }))
        }
        rawModes = modes
        return connectors
    }

    /// Refresh in mHz from the mode timings (vrefresh alone is rounded).
    private static func millihertz(_ mode: drmModeModeInfo) -> Int {
        let total = Int(mode.htotal) * Int(mode.vtotal)
        guard total > 0 else { return Int(mode.vrefresh) * 1000 }
        var value = Int(mode.clock) * 1_000_000 / total
        if mode.flags & UInt32(DRM_MODE_FLAG_INTERLACE) != 0 { value *= 2 }
        if mode.flags & UInt32(DRM_MODE_FLAG_DBLSCAN) != 0 { value /= 2 }
        return value
    }

    /// A CRTC that can drive `connector`: the one already driving it (no flicker), else the first
    /// free one its encoders allow. Returns its id and index (planes name CRTCs by index).
    func crtc(for connectorID: UInt32) -> (id: UInt32, index: Int)? {
        guard let resources = drmModeGetResources(fd) else { return nil }
        defer { drmModeFreeResources(resources) }
        let crtcs = (0..<Int(resources.pointee.count_crtcs)).map { resources.pointee.crtcs[$0] }
        // Only the encoders are needed: no probe of the display.
        guard let connector = drmModeGetConnectorCurrent(fd, connectorID) else { return nil }
        defer { drmModeFreeConnector(connector) }
        if connector.pointee.encoder_id != 0,
            let encoder = drmModeGetEncoder(fd, connector.pointee.encoder_id)
        {
            let current = encoder.pointee.crtc_id
            drmModeFreeEncoder(encoder)
            if let index = crtcs.firstIndex(of: current) { return (current, index) }
        }
        for e in 0..<Int(connector.pointee.count_encoders) {
            guard let encoder = drmModeGetEncoder(fd, connector.pointee.encoders[e]) else {
                continue
            }
            let possible = encoder.pointee.possible_crtcs
            drmModeFreeEncoder(encoder)
            if let index = crtcs.indices.first(where: { possible & (1 << UInt32($0)) != 0 }) {
                return (crtcs[index], index)
            }
        }
        return nil
    }

    /// The primary plane that can show on CRTC number `crtcIndex` (atomic only).
    func primaryPlane(crtcIndex: Int) -> UInt32? {
        guard let planes = drmModeGetPlaneResources(fd) else { return nil }
        defer { drmModeFreePlaneResources(planes) }
        for i in 0..<Int(planes.pointee.count_planes) {
            let id = planes.pointee.planes[i]
            guard let plane = drmModeGetPlane(fd, id) else { continue }
            let possible = plane.pointee.possible_crtcs
            drmModeFreePlane(plane)
            guard possible & (1 << UInt32(crtcIndex)) != 0 else { continue }
            var type: UInt64 = 0
            if kiosk_drm_property(fd, id, UInt32(DRM_MODE_OBJECT_PLANE), "type", &type) != 0,
                type == UInt64(DRM_PLANE_TYPE_PRIMARY)
            {
                return id
            }
        }
        return nil
    }
}

extension TouchMapper {
    /// The logical point under a touch the compositor reported at `surfacePoint`, in the window's
    /// own (native, unturned) coordinates, `nativeSize` being the window's size. The point is
    /// normalised against the window and goes the way a digitizer's does: calibration, then the
    /// touch transform. A compositor that maps touch right needs only the display transform
    /// (the default: touch follows the display); `touch_rotation` and `calibration` fix one
    /// that does not.
    public func logicalPoint(fromSurface surfacePoint: Point) -> Point {
        guard !nativeSize.isEmpty else { return surfacePoint }
        return logicalPoint(
            fromDeviceNormalised: Point(
                x: surfacePoint.x / nativeSize.width, y: surfacePoint.y / nativeSize.height))
    }

    /// `event` with its position (if any) carried from window coordinates to logical ones.
    public func mapSurfaceTouch(_ event: TouchEvent) -> TouchEvent {
        switch event {
        case .down(let id, let p, let t):
            .down(id: id, position: logicalPoint(fromSurface: p), time: t)
        case .motion(let id, let p, let t):
            .motion(id: id, position: logicalPoint(fromSurface: p), time: t)
        case .up, .cancel, .frame: event
        }
    }

    /// True when window coordinates are already logical ones: nothing to do per touch.
    public var isIdentityForSurface: Bool {
        displayTransform == .normal && touchTransform == .normal && calibration.isIdentity
    }
}

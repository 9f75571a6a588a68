/// Display power without a compositor (`[[schedule]] display = "off"`): what `KMSDisplay` asks
/// of the card, decided here from plain facts so the rules are tested without /dev/dri.
///
/// Off means the CRTC inactive (atomic `ACTIVE=0`, or the connector's legacy `DPMS` property),
/// never dropping DRM master or the mode: the console would show in between. The first frame
/// goes on screen before the CRTC goes off (else the console is what the panel showed last),
/// and a switch waits for a pending flip (a blocking commit behind a non-blocking one is
/// refused by some drivers). On again, the buffer last shown is put back with the mode set at
/// once (the last good frame, no console, no black), and the next frame follows its flip.
public struct DisplayPower: Equatable, Sendable {
    /// What the owner asked for.
    public var wanted = true
    /// What the card was last told.
    public var isOn = true

    public init(wanted: Bool = true, isOn: Bool = true) {
        self.wanted = wanted
        self.isOn = isOn
    }

    /// What the display does next about its power.
    public enum Step: Equatable, Sendable {
        /// Nothing now (already as wanted, or waiting for a frame, a flip or the seat).
        case none
        /// Make the CRTC inactive.
        case switchOff
        /// Activate the CRTC showing buffer `index` (the last one shown) at once.
        case switchOn(showing: Int)
        /// Mark the CRTC on; the next frame sets the mode (nothing of ours is on screen).
        case switchOnAtNextFrame
    }

    /// The step for the card's state now. `canDrive`: the seat is ours, a display is there and
    /// commits are not stalled; `shownBuffer`: ours on screen (nil after a VT switch back).
    public func nextStep(canDrive: Bool, shownBuffer: Int?, flipPending: Bool) -> Step {
        guard wanted != isOn, canDrive, !flipPending else { return .none }
        if !wanted { return shownBuffer == nil ? .none : .switchOff }
        return shownBuffer.map { .switchOn(showing: $0) } ?? .switchOnAtNextFrame
    }

    /// True when a frame may be committed: the CRTC is on and meant to stay on, or nothing of
    /// ours is on screen yet (the first frame, or the first after the seat came back, is shown
    /// before switching off).
    public func allowsFrame(shownBuffer: Int?) -> Bool {
        isOn && (wanted || shownBuffer == nil)
    }
}

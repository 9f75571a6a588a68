/// What a finger landing on a moving container does to its motion (a scroll view stops on
/// touch-down, CubeController §1): `grab` stops the motion where it is and holds it under the
/// finger, true when there was something to stop; `release` lets go of a hold the gesture did not
/// take over (the finger lifted without a pan, or its pan went to another claimant), and the
/// container settles from where it was held.
public struct MotionCatch {
    public var grab: () -> Bool
    public var release: () -> Void

    public init(grab: @escaping () -> Bool, release: @escaping () -> Void) {
        self.grab = grab
        self.release = release
    }
}

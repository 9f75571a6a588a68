import KioskInput
import Testing

@Suite("Recorded input sequences")
struct RecordedSequenceTests {
    @Test(
        "each recorded libinput sequence translates to the expected touches and keys",
        arguments: [
            "tap-upright-panel",
            "portrait-90-touch-follows-display",
            "upside-down-180",
            "flipped-270-mirror-mount",
            "rotate-touch-only",
            "rotate-display-only",
            "swapped-axes-calibrated",
            "two-fingers-slots-to-ids",
            "two-touch-devices-same-slot",
            "single-touch-device-slot-minus-one",
            "touch-cancel-ends-every-contact",
            "device-vanishes-mid-touch-and-returns",
            "zero-devices-then-hotplug",
            "mouse-as-finger-on-portrait-panel",
            "absolute-pointer-through-touch-mapping",
            "keys-without-keymap",
            "keys-through-xkb-us"
        ])
    func recording(name: String) throws {
        try Recording(named: name).check()
    }
}

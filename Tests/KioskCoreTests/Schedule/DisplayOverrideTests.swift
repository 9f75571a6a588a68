import Testing

@testable import KioskCore

@Suite("DisplayOverride")
struct DisplayOverrideTests {
    func state(_ display: DisplayPower, _ brightness: Int? = nil, row: Int? = nil) -> ScheduleState
    {
        var state = ScheduleState()
        state.display = display
        state.brightness = brightness
        state.leadingRow = row
        return state
    }

    @Test("display off over a dim evening: off at 0 %; on: full, not the dim row's level")
    func display() {
        let evening = state(.dim, 25, row: 0)
        var override = DisplayOverride(under: evening)
        override.set(display: .off)
        #expect(override.applied(to: evening).display == .off)
        #expect(override.applied(to: evening).backlightPercent == 0)
        override.set(display: .on)
        #expect(override.applied(to: evening).backlightPercent == 100)
        // The same display as the row keeps the row's level.
        override.set(display: .dim)
        #expect(override.applied(to: evening).backlightPercent == 25)
    }

    @Test("brightness sets the level; a display held off comes on at it; display forgets it")
    func brightness() {
        let night = state(.off, row: 1)
        var override = DisplayOverride(under: night)
        override.set(brightness: 40)
        #expect(override.applied(to: night).display == .on)
        #expect(override.applied(to: night).backlightPercent == 40)
        override.set(display: .dim)
        #expect(override.applied(to: night).backlightPercent == Schedule.defaultDimPercent)
        override.set(brightness: 250)
        #expect(override.applied(to: night).backlightPercent == 100)
    }

    @Test("it holds until the schedule's own state changes")
    func holds() {
        let evening = state(.dim, 25, row: 0)
        let override = DisplayOverride(under: evening)
        #expect(override.holds(over: evening))
        #expect(!override.holds(over: state(.off, row: 1)))
        // Another row taking the lead with the same display is a change of the schedule too.
        #expect(!override.holds(over: state(.dim, 25, row: 2)))
    }
}

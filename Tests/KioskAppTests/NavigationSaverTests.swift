import Glibc
import KioskCore
import Logging
import Testing

@testable import KioskApp

/// The navigation is written on the saver's thread, coalesced, and what is pending is written
/// before `stop()` returns.
@Suite struct NavigationSaverTests {
    @Test("saves handed over in a burst end with the last state on disk, in at most as many writes")
    func burstOfSavesEndsWithTheLastState() throws {
        let folder = AppFixture.temporaryDirectory()
        let store = NavigationStore(path: folder + "/navigation")
        let saver = NavigationSaver(log: Logger(label: "test"))
        let states = (0..<20).map {
            NavigationState(entries: ["cube": .cube(face: PageID("face\($0)"))])
        }
        for state in states { saver.save(state, to: store) }
        saver.stop()
        guard case .state(let saved) = store.load() else {
            Issue.record("nothing saved")
            return
        }
        #expect(saved == states.last)
        #expect(saver.writeCount >= 1 && saver.writeCount <= states.count)
    }

    @Test("a save that cannot be written leaves the saver working for the next one")
    func failedSaveThenGoodSave() throws {
        let folder = AppFixture.temporaryDirectory()
        let saver = NavigationSaver(log: Logger(label: "test"))
        saver.save(
            NavigationState(entries: ["cube": .cube(face: PageID("one"))]),
            to: NavigationStore(path: folder + "/missing/navigation"))
        saver.flush()
        let good = NavigationStore(path: folder + "/navigation")
        saver.save(NavigationState(entries: ["cube": .cube(face: PageID("two"))]), to: good)
        saver.stop()
        guard case .state(let saved) = good.load() else {
            Issue.record("nothing saved after a failure")
            return
        }
        #expect(saved == NavigationState(entries: ["cube": .cube(face: PageID("two"))]))
    }
}

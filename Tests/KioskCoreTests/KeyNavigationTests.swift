import KioskCore
import Testing

@Suite("KeyNavigation: keys to intents, and the focus model")
struct KeyNavigationTests {
    @Test("each navigation key press maps to its intent")
    func mapping() {
        let table: [(Key, NavigationIntent?)] = [
            (.left, .previousFace), (.right, .nextFace),
            (.up, .moveFocus(.up)), (.down, .moveFocus(.down)),
            (.enter, .activate), (.space, .activate),
            (.escape, .back), (.backspace, .back),
            (.home, .home),
            (.tab, .moveFocus(.next)), (.other("F5"), nil), (.other("a"), nil)
        ]
        for (key, intent) in table {
            #expect(
                KeyNavigation.intent(for: KeyEvent(key: key, isPressed: true, time: 1)) == intent,
                "\(key)")
        }
    }

    @Test("key releases map to nothing")
    func releases() {
        for key in [Key.left, .right, .up, .down, .enter, .space, .escape, .backspace, .home] {
            #expect(KeyNavigation.intent(for: KeyEvent(key: key, isPressed: false, time: 1)) == nil)
        }
    }

    @Test("focus starts empty; down focuses the first item, up the last")
    func firstMove() {
        var f = KeyNavigationFocus(count: 4)
        #expect(f.focusedIndex == nil)
        #expect(f.move(.down) == true)
        #expect(f.focusedIndex == 0)
        var g = KeyNavigationFocus(count: 4)
        g.move(.up)
        #expect(g.focusedIndex == 3)
    }

    @Test("focus clamps at both ends by default")
    func clamps() {
        var f = KeyNavigationFocus(count: 3, focusedIndex: 1)
        #expect(f.move(.down) == true)
        #expect(f.focusedIndex == 2)
        #expect(f.move(.down) == false)
        #expect(f.focusedIndex == 2)
        f.focus(0)
        #expect(f.move(.up) == false)
        #expect(f.focusedIndex == 0)
    }

    @Test("focus wraps when asked")
    func wraps() {
        var f = KeyNavigationFocus(count: 3, focusedIndex: 2, wraps: true)
        #expect(f.move(.down) == true)
        #expect(f.focusedIndex == 0)
        #expect(f.move(.up) == true)
        #expect(f.focusedIndex == 2)
        var one = KeyNavigationFocus(count: 1, focusedIndex: 0, wraps: true)
        #expect(one.move(.down) == false)
        #expect(one.focusedIndex == 0)
    }

    @Test("empty lists have no focus; shrinking clamps; invalid indexes are refused")
    func countChanges() {
        var f = KeyNavigationFocus(count: 0)
        #expect(f.move(.down) == false)
        #expect(f.focusedIndex == nil)
        f.setCount(5)
        f.focus(4)
        f.setCount(2)
        #expect(f.focusedIndex == 1)
        f.focus(7)
        f.focus(-1)
        #expect(f.focusedIndex == 1)
        f.setCount(-3)
        #expect(f.count == 0)
        #expect(f.focusedIndex == nil)
        #expect(KeyNavigationFocus(count: 2, focusedIndex: 9).focusedIndex == nil)
    }
}

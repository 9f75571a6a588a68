import KioskCore
import Testing

@Suite("Input routing of the runner")
struct OrientationInputRoutingTests {
    func routing(_ source: InputSource, rotation: DisplayTransform = .rotated90) -> InputRouting {
        InputRouting(
            settings: InputSettings(
                source: source, geometry: InputGeometrySettings(displayTransform: rotation)),
            surfaceSize: Size(width: 1280, height: 720))
    }

    @Test("a configure gives the upright viewport; a turned output or a new size gives the new one")
    func viewport() {
        var r = routing(.wayland)
        #expect(
            r.configured(surfaceSize: Size(width: 800, height: 600))
                == Size(width: 600, height: 800))
        #expect(
            r.configured(surfaceSize: Size(width: 600, height: 800))
                == Size(width: 800, height: 600))
        #expect(r.surfaceSize == Size(width: 600, height: 800))
        var upright = routing(.wayland, rotation: .normal)
        #expect(
            upright.configured(surfaceSize: Size(width: 1920, height: 1080))
                == Size(width: 1920, height: 1080))
    }

    @Test("compositor touches are turned with the display; up passes; libinput alone ignores them")
    func compositorTouches() {
        var r = routing(.wayland)
        _ = r.configured(surfaceSize: Size(width: 800, height: 600))
        // 90: window (x, y) -> upright (600 - y, x).
        #expect(
            r.fromCompositor(.down(id: 2, position: Point(x: 40, y: 560), time: 1))
                == .down(id: 2, position: Point(x: 40, y: 40), time: 1))
        #expect(r.fromCompositor(.up(id: 2, time: 2)) == .up(id: 2, time: 2))
        var direct = routing(.libinput)
        _ = direct.configured(surfaceSize: Size(width: 800, height: 600))
        #expect(direct.fromCompositor(.down(id: 2, position: Point(x: 40, y: 560), time: 1)) == nil)
        #expect(direct.fromCompositor(KeyEvent(key: .escape, isPressed: true, time: 1)) == nil)
        #expect(
            routing(.both).fromCompositor(KeyEvent(key: .escape, isPressed: true, time: 1)) != nil)
    }

    @Test("upright compositor touches pass untouched")
    func upright() {
        let r = routing(.wayland, rotation: .normal)
        let e = TouchEvent.motion(id: 0, position: Point(x: 12.5, y: 700), time: 3)
        #expect(r.fromCompositor(e) == e)
    }

    @Test("with both sources libinput ids move up by 1000; libinput alone keeps them")
    func ids() {
        #expect(
            routing(.both).fromLibinput(.down(id: 0, position: .zero, time: 1))
                == .down(id: 1000, position: .zero, time: 1))
        #expect(routing(.both).fromLibinput(.up(id: 3, time: 1)) == .up(id: 1003, time: 1))
        #expect(routing(.both).fromLibinput(.cancel(time: 1)) == .cancel(time: 1))
        #expect(routing(.libinput).fromLibinput(.up(id: 3, time: 1)) == .up(id: 3, time: 1))
    }
}

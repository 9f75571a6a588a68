// kiosk-wayland-probe: the end-to-end test subject for the Wayland backend. Fullscreen, a solid
// colour with a white square where the last touch (or pointer press) is, every input event and
// configure logged to stdout as one line. Exit 0 on SIGTERM/SIGINT or a close request, 1 when the
// compositor goes away (with one line saying so).
//
// Options: --app-id ID, --color RRGGBB, --default-size WxH, --square N (logical pixels),
// --animate (draw every frame the compositor allows; the frame count is logged at exit).
import Glibc
import KioskCore
import KioskPlatform
import KioskFrames
import KioskWayland

/// One unbuffered line on stdout, so a harness reading a pipe sees it at once.
func say(_ text: String) {
    var line = text + "\n"
    line.withUTF8 { bytes in _ = write(1, bytes.baseAddress, bytes.count) }
}

func fail(_ message: String) -> Never {
    say("error: \(message)")
    exit(1)
}

var configuration = WindowConfiguration(appID: "kiosk-wayland-probe", title: "kiosk-wayland-probe")
var background: UInt32 = 0xFF20_60A0
var squareSide = 40.0
var animate = false
var arguments = CommandLine.arguments.dropFirst()
while let option = arguments.popFirst() {
    if option == "--animate" {
        animate = true
        continue
    }
    guard let value = arguments.popFirst() else { fail("\(option) needs a value") }
    switch option {
    case "--app-id": configuration.appID = value
    case "--color":
        guard let rgb = UInt32(value, radix: 16), rgb <= 0xFF_FFFF else {
            fail("--color wants RRGGBB")
        }
        background = 0xFF00_0000 | rgb
    case "--default-size":
        let parts = value.split(separator: "x").compactMap { Int($0) }
        guard parts.count == 2, parts[0] > 0, parts[1] > 0 else { fail("--default-size wants WxH") }
        configuration.defaultSize = (parts[0], parts[1])
    case "--square":
        guard let side = Double(value), side > 0 else { fail("--square wants a positive number") }
        squareSide = side
    default: fail("unknown option \(option)")
    }
}

func format(_ value: Double) -> String {
    String(Double((value * 10).rounded()) / 10)
}

// Signals first, before anything could start a thread (see EventLoop.onSignal).
let loop: EventLoop
do { loop = try EventLoop() } catch { fail(error.description) }
do {
    for signal in [ProcessSignal.terminate, .interrupt] {
        try loop.onSignal(signal) { received in
            say("signal \(received.name)")
            loop.stop()
        }
    }
} catch { fail(error.description) }

/// Runs until a signal or close request; the window and display are released on return, so
/// every clean stop also exercises the teardown order (window proxies before the connection).
@MainActor func runProbe() {
    let display: WaylandDisplay
    let window: WaylandWindow
    do {
        display = try WaylandDisplay()
        window = try WaylandWindow(display: display, configuration: configuration)
        try display.attach(to: loop)
    } catch let error as WaylandError {
        fail(error.description)
    } catch {
        fail("\(error)")
    }
    say("connected outputs \(display.outputSummary.joined(separator: " "))")
    display.onClosed = { message in
        say("closed: \(message)")
        exit(1)
    }
    var touchPoint: Point?
    var shownSquare: Rect?
    var loggedBufferSize = ""
    var framesDrawn = 0
    var firstFrameTime: Double?
    var lastFrameTime = 0.0

    window.onCloseRequested = {
        say("close requested")
        loop.stop()
    }
    window.onConfigure = { size, scale in
        say("configure \(Int(size.width))x\(Int(size.height)) scale \(scale)")
    }
    window.onDraw = { [unowned window] buffer, time in
        framesDrawn += 1
        if firstFrameTime == nil { firstFrameTime = time }
        lastFrameTime = time
        let size = "\(buffer.width)x\(buffer.height) scale \(buffer.scale)"
        if size != loggedBufferSize {
            say("frame \(size)")
            loggedBufferSize = size
        }
        var damage: [Rect] = []
        if !buffer.holdsPreviousFrame {
            buffer.fill(x: 0, y: 0, width: buffer.width, height: buffer.height, argb: background)
            damage.append(
                Rect(x: 0, y: 0, width: Double(buffer.width), height: Double(buffer.height)))
        } else if let old = shownSquare {
            buffer.fill(
                x: Int(old.minX), y: Int(old.minY), width: Int(old.width), height: Int(old.height),
                argb: background)
            damage.append(old)
        }
        shownSquare = nil
        if let point = touchPoint {
            let side = (squareSide * Double(buffer.scale)).rounded()
            let square = Rect(
                x: (point.x * Double(buffer.scale) - side / 2).rounded(.down),
                y: (point.y * Double(buffer.scale) - side / 2).rounded(.down), width: side,
                height: side)
            buffer.fill(
                x: Int(square.minX), y: Int(square.minY), width: Int(square.width),
                height: Int(square.height),
                argb: 0xFFFF_FFFF)
            damage.append(square)
            shownSquare = square
        }
        if animate {
            // A 2-pixel bar sweeping along the bottom edge: every frame changes something.
            let x = framesDrawn % max(1, buffer.width - 2)
            buffer.fill(
                x: 0, y: buffer.height - 2, width: buffer.width, height: 2, argb: background)
            buffer.fill(x: x, y: buffer.height - 2, width: 2, height: 2, argb: 0xFFFF_FFFF)
            damage.append(
                Rect(x: 0, y: Double(buffer.height - 2), width: Double(buffer.width), height: 2))
            window.setNeedsFrame()
        }
        return damage
    }
    window.onTouch = { [unowned window] event in
        switch event {
        case .down(let id, let p, _):
            say("touch down \(id) \(format(p.x)) \(format(p.y))")
            touchPoint = p
            window.setNeedsFrame()
        case .motion(let id, let p, _):
            say("touch motion \(id) \(format(p.x)) \(format(p.y))")
            touchPoint = p
            window.setNeedsFrame()
        case .up(let id, _): say("touch up \(id)")
        case .cancel: say("touch cancel")
        case .frame: say("touch frame")
        }
    }
    window.onKey = { event in say("key \(event.isPressed ? "down" : "up") \(event.key.name)") }

    do { try loop.run() } catch { fail(error.description) }
    let span = lastFrameTime - (firstFrameTime ?? lastFrameTime)
    say("frames \(framesDrawn) in \(format(span)) s")
    // Keeps the window (and through it the display) alive until here.
    withExtendedLifetime(window) {}
}

runProbe()
say("exit 0")
exit(0)

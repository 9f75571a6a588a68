import KioskCore

/// The Scenes of `kiosk-shell calibrate`, built from solid layers (crosses, dots) and chrome
/// (the instruction line as a header, the check screen's buttons as a two-cell tab bar), so the
/// same FrameRenderer draws and turns them as it does pages.
struct CalibrationScreen {
    var theme: Theme
    var scale: Double

    static let headerHeight = 56.0
    static let crossArm = 28.0
    static let crossWidth = 3.0

    func scene(for session: CalibrationSession) -> Scene {
        let size = session.mapper.logicalSize
        var layers: [SceneLayer] = []
        switch session.phase {
        case .target(let index):
            for done in session.targets.prefix(index) {
                layers += dot(at: done, radius: 4, colour: theme.mutedText)
            }
            layers += cross(at: session.targets[index], colour: theme.accent)
        case .check, .saved:
            for target in session.targets { layers += cross(at: target, colour: theme.mutedText) }
            layers.append(
                layer(
                    .chrome(
                        .tabBar(titles: ["Again", "Save"], highlight: TabHighlight(selected: 1))),
                    frame: session.buttonBar))
            if let finger = session.checkFinger {
                layers += dot(at: finger, radius: 8, colour: theme.accent)
            }
        }
        layers.append(
            layer(
                .chrome(.header(title: instruction(session), showsBack: false)),
                frame: Rect(x: 0, y: 0, width: size.width, height: Self.headerHeight)))
        return Scene(
            outputSize: Size(width: size.width * scale, height: size.height * scale),
            background: theme.background,
            layers: layers, isAnimating: false)
    }

    func instruction(_ session: CalibrationSession) -> String {
        switch session.phase {
        case .target(let index):
            let again = session.lastError == nil ? "" : "Again: "
            return again + "Touch the cross · \(index + 1) of \(session.targets.count)"
        case .check: return "Check: the dot follows your finger"
        case .saved: return "Saved"
        }
    }

    private func layer(_ content: LayerContent, frame: Rect) -> SceneLayer {
        SceneLayer(
            content: content, size: frame.size,
            transform: Matrix4.translation(x: frame.minX, y: frame.minY).then(
                .scale(x: scale, y: scale)))
    }

    private func cross(at p: Point, colour: RGBA) -> [SceneLayer] {
        let arm = Self.crossArm
        let w = Self.crossWidth
        return [
            layer(
                .solid(colour), frame: Rect(x: p.x - arm, y: p.y - w / 2, width: 2 * arm, height: w)
            ),
            layer(
                .solid(colour), frame: Rect(x: p.x - w / 2, y: p.y - arm, width: w, height: 2 * arm)
            )
        ]
    }

    private func dot(at p: Point, radius: Double, colour: RGBA) -> [SceneLayer] {
        [
            layer(
                .solid(colour),
                frame: Rect(x: p.x - radius, y: p.y - radius, width: 2 * radius, height: 2 * radius)
            )
        ]
    }
}

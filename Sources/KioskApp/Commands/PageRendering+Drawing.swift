import KioskCore
import KioskRender

/// What every headless picture is drawn with, whether of a page (`render`) or of a time of day
/// (`render --time`): one renderer set up the same way, one navigator per picture, the action
/// script played on it, one PNG written.
extension PageRendering {
    /// The renderer at the output scale and turn, with the live values the preview gives at
    /// `time` (`--value`, the schedule); problems with `--value` are said on stderr.
    func previewRenderer(for configuration: KioskConfiguration, at time: LocalDateTime)
        -> FrameRenderer
    {
        let renderer = FrameRenderer(
            configuration: configuration, scale: outputScale(configuration))
        renderer.displayTransform =
            rotation ?? configuration.settings.input.geometry.displayTransform
        let (lookup, problems) = ValuePreview.lookup(
            for: configuration.settings.control, payloads: values,
            schedule: configuration.settings.schedule, at: time)
        for problem in problems { StandardStream.error.write("render: " + problem + "\n") }
        renderer.surfaces.liveValues = lookup
        renderer.surfaces.log = { StandardStream.error.write("render: " + $0 + "\n") }
        return renderer
    }

    func outputScale(_ configuration: KioskConfiguration) -> Double {
        scale ?? configuration.settings.previewScale
    }

    /// `--actions`, parsed (nil without).
    func actionScript() throws(Failure) -> ActionScript? {
        guard let actions else { return nil }
        do { return try ActionScript.parse(actions) } catch {
            throw Failure(lines: [error.description], exitCode: .failure)
        }
    }

    /// A navigator on `root` at the preview size; `name` starts the message if it cannot be made.
    func previewNavigator(
        _ configuration: KioskConfiguration, root: PageID, renderer: FrameRenderer, name: String
    ) throws(Failure) -> Navigator {
        do {
            return try Navigator(
                configuration: configuration, viewport: size ?? configuration.settings.previewSize,
                scale: outputScale(configuration), rootPage: root, panels: renderer)
        } catch {
            throw Failure(lines: ["\(name): \(error)"], exitCode: .failure)
        }
    }

    /// Draws `scene` at `now` and writes it to `path`.
    func write(_ scene: Scene, renderer: FrameRenderer, now: WallClockTime, to path: String)
        throws(Failure)
    {
        do {
            try renderer.render(scene, now: now).writePNG(to: path)
        } catch {
            throw Failure(lines: [error.description], exitCode: .failure)
        }
    }
}

import KioskCore

/// `[display]`, the geometry keys of `[input]` and `[input.keyboard]`.
extension SettingsParser {
    static let displayKeys = ["rotation", "threads"] + outputKeys
    /// `[display] threads` accepts 1…this (more is refused rather than silently capped).
    public static let maximumRenderThreads = 4
    static let inputGeometryKeys = ["touch_rotation", "calibration", "seat", "devices", "keyboard"]
    static let keyboardKeys = ["rules", "model", "layout", "variant", "options"]

    /// `[display] rotation`.
    func display(_ table: TableReader, into geometry: inout InputGeometrySettings) {
        table.checkKeys(Self.displayKeys, what: "[display]")
        if let transform = transform(table, "rotation", allowFollow: false) {
            geometry.displayTransform = transform ?? .normal
        }
    }

    /// `[display] threads`: 1…`maximumRenderThreads`.
    func renderThreads(_ table: TableReader) -> Int? {
        table.integer("threads", minimum: 1, maximum: Self.maximumRenderThreads)
    }

    /// The geometry keys of `[input]` (the caller checked the key names).
    func inputGeometry(_ table: TableReader, into geometry: inout InputGeometrySettings) {
        if let transform = transform(table, "touch_rotation", allowFollow: true) {
            geometry.touchTransform = transform
        }
        if let calibration = calibration(table) { geometry.calibration = calibration }
        if let seat = table.string("seat") { geometry.seat = seat }
        if let devices = table.strings("devices") {
            var paths: [String] = []
            for (path, keyPath) in devices {
                guard path.hasPrefix("/") else {
                    context.error(
                        keyPath,
                        "device path must be absolute, like \"/dev/input/event3\", found \"\(path)\""
                    )
                    continue
                }
                paths.append(path)
            }
            geometry.devicePaths = paths
        }
        if let keyboard = table.table("keyboard") {
            keyboard.checkKeys(Self.keyboardKeys, what: "[input.keyboard]")
            var keymap = KeymapSettings()
            let keys: [(String, WritableKeyPath<KeymapSettings, String>)] = [
                ("rules", \.rules), ("model", \.model), ("layout", \.layout),
                ("variant", \.variant),
                ("options", \.options)
            ]
            for (key, path) in keys {
                if let value = keyboard.string(key, allowEmpty: true) {
                    keymap[keyPath: path] = value
                }
            }
            geometry.keymap = keymap
        }
    }

    /// A transform name. The outer optional is nil when the key is absent or wrong (reported);
    /// the inner one is nil for "display" (follow the display rotation, when `allowFollow`).
    private func transform(_ table: TableReader, _ key: String, allowFollow: Bool)
        -> DisplayTransform??
    {
        guard let name = table.string(key, allowEmpty: true) else { return nil }
        if allowFollow && name == "display" { return .some(nil) }
        if let transform = DisplayTransform(name: name) { return .some(transform) }
        let names = DisplayTransform.allCases.map(\.name) + (allowFollow ? ["display"] : [])
        let hint =
            Suggestion.nearest(
                to: name, in: DisplayTransform.acceptedNames + (allowFollow ? ["display"] : [])
            )
            .map { "; did you mean '\($0)'?" } ?? "; expected one of "
            + names.joined(separator: ", ")
        table.context.error(table.keyPath(key), "unknown rotation \"\(name)\"" + hint)
        return nil
    }

    /// `calibration = [a, b, c, d, e, f]`, libinput's matrix on normalised coordinates.
    private func calibration(_ table: TableReader) -> TouchCalibration? {
        guard let value = table.value("calibration") else { return nil }
        let keyPath = table.keyPath("calibration")
        guard let array = value.array else {
            table.wrongType(
                "calibration", expected: "an array of 6 numbers [a, b, c, d, e, f]", found: value)
            return nil
        }
        var numbers: [Double] = []
        for i in 0..<array.count {
            let element = array[i].tomlValue
            if let int = element.intValue, abs(int) <= Int(ConfigLimits.number) {
                numbers.append(Double(int))
            } else if let double = element.doubleValue, double.isFinite,
                abs(double) <= ConfigLimits.number
            {
                numbers.append(double)
            } else if element.intValue != nil || element.doubleValue?.isFinite == true {
                context.error(
                    keyPath + "[\(i + 1)]",
                    "must be between -\(Int(ConfigLimits.number)) and \(Int(ConfigLimits.number))")
                return nil
            } else {
                context.error(
                    keyPath + "[\(i + 1)]",
                    "expected a finite number, found \(TableReader.describe(element))")
                return nil
            }
        }
        guard numbers.count == 6 else {
            context.error(keyPath, "expected 6 numbers [a, b, c, d, e, f], found \(numbers.count)")
            return nil
        }
        let matrix = Affine2D(
            a: numbers[0], b: numbers[1], c: numbers[2], d: numbers[3], e: numbers[4], f: numbers[5]
        )
        guard matrix.inverse != nil else {
            context.error(keyPath, TouchCalibrationError.singular.description)
            return nil
        }
        return TouchCalibration(matrix: matrix)
    }
}

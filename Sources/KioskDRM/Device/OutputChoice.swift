import KioskCore

/// Picks the connector and mode `[display] connector` and `mode` ask for: by default the first
/// connected connector and its preferred mode. Pure: tested without a device.
public enum OutputChoice {
    /// The connector and the index of its mode to use.
    public struct Pick: Hashable, Sendable {
        public var connector: ConnectorInfo
        public var modeIndex: Int
        public var mode: ModeInfo { connector.modes[modeIndex] }
    }

    /// Chooses among `connectors`; throws a one-line reason when nothing fits (no display
    /// attached, a named connector missing or disconnected, a mode it does not offer).
    public static func pick(
        from connectors: [ConnectorInfo], connector wanted: String?,
        mode request: DisplayModeRequest?
    ) throws(DRMError) -> Pick {
        let candidates: [ConnectorInfo]
        if let wanted {
            guard let named = connectors.first(where: { $0.name == wanted }) else {
                let names = connectors.map(\.name).joined(separator: ", ")
                throw DRMError(
                    "[display] connector \"\(wanted)\" does not exist; the card has \(names.isEmpty ? "none" : names)"
                )
            }
            guard named.connected, !named.modes.isEmpty else {
                throw DRMError("[display] connector \"\(wanted)\" has no display attached")
            }
            candidates = [named]
        } else {
            candidates = connectors.filter { $0.connected && !$0.modes.isEmpty }
            guard !candidates.isEmpty else {
                throw DRMError(
                    "no connector has a display attached (\(connectors.map(\.name).joined(separator: ", ")))"
                )
            }
        }
        guard let request else {
            let first = candidates[0]
            return Pick(
                connector: first, modeIndex: first.modes.firstIndex(where: \.preferred) ?? 0)
        }
        for connector in candidates {
            if let index = modeIndex(in: connector.modes, for: request) {
                return Pick(connector: connector, modeIndex: index)
            }
        }
        let offered = Array(Set(candidates[0].modes.map(\.description))).sorted().prefix(8).joined(
            separator: ", ")
        throw DRMError(
            "[display] mode \(request) is not offered by \(candidates[0].name) (it offers \(offered))"
        )
    }

    /// The mode of `modes` matching `request`: its size, and its refresh when given (the one
    /// nearest; the preferred, else the fastest, when not).
    static func modeIndex(in modes: [ModeInfo], for request: DisplayModeRequest) -> Int? {
        let sized = modes.indices.filter {
            modes[$0].width == request.width && modes[$0].height == request.height
        }
        guard !sized.isEmpty else { return nil }
        if let hz = request.refresh {
            return sized.filter { modes[$0].refreshHertz == hz }.first
        }
        if let preferred = sized.first(where: { modes[$0].preferred }) { return preferred }
        return sized.max { modes[$0].refreshMillihertz < modes[$1].refreshMillihertz }
    }
}

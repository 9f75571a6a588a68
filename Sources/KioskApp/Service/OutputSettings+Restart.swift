import KioskCore

extension OutputSettings {
    /// The one log line for a reload that changes what only a restart applies: the backend, the
    /// connector and the mode are chosen when the output is opened, and a live reload leaves the
    /// running output as it is. Nil when none of them changed.
    func restartNotice(comparedTo old: OutputSettings) -> String? {
        func shown(_ value: String?) -> String { value.map { "\"\($0)\"" } ?? "(default)" }
        var changes: [String] = []
        if backend != old.backend {
            changes.append("backend \(shown(old.backend.rawValue)) -> \(shown(backend.rawValue))")
        }
        if connector != old.connector {
            changes.append("connector \(shown(old.connector)) -> \(shown(connector))")
        }
        if mode != old.mode {
            changes.append("mode \(shown(old.mode?.description)) -> \(shown(mode?.description))")
        }
        if vtSwitching != old.vtSwitching {
            changes.append("vt_switching \(old.vtSwitching) -> \(vtSwitching)")
        }
        guard !changes.isEmpty else { return nil }
        let what = changes.count == 1 && backend != old.backend ? "a backend change" : "this change"
        return
            "[display] \(changes.joined(separator: ", ")): \(what) takes effect after a restart; the output stays as it is until then"
    }
}

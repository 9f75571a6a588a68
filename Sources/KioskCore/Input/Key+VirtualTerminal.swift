extension Key {
    /// The console a key asks to switch to: xkbcommon's default keymaps give Ctrl+Alt+F1…F12 the
    /// keysyms XF86Switch_VT_1…12 (the kernel's console keyboard does the same by itself, which
    /// the seat turns off). nil for every other key. Only `[display] vt_switching = true` acts
    /// on it, and only with the DRM backend (a compositor decides for itself).
    public var virtualTerminal: Int? {
        guard case .other(let name) = self, name.hasPrefix("XF86Switch_VT_"),
            let number = Int(name.dropFirst("XF86Switch_VT_".count)), (1...12).contains(number)
        else { return nil }
        return number
    }
}

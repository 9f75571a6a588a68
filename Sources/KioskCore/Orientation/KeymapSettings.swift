/// The xkbcommon rule names that pick a keyboard layout (`struct xkb_rule_names`). An empty
/// string means "xkbcommon's default" (which honours `XKB_DEFAULT_LAYOUT` and friends).
public struct KeymapSettings: Hashable, Sendable {
    public var rules: String
    public var model: String
    public var layout: String
    public var variant: String
    public var options: String

    public init(
        rules: String = "", model: String = "", layout: String = "", variant: String = "",
        options: String = ""
    ) {
        self.rules = rules
        self.model = model
        self.layout = layout
        self.variant = variant
        self.options = options
    }

    /// All defaults.
    public static let systemDefault = KeymapSettings()
}

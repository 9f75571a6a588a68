/// How heavy a font is drawn. `.light` uses a light face when one is installed (DejaVu Sans
/// ExtraLight comes with fonts-dejavu-extra) and the regular face otherwise.
public enum FontWeight: Hashable, Sendable {
    case light, regular, bold
}

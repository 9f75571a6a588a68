/// The bounds every configuration is held to. `kiosk-shell check` rejects anything outside them
/// with a `file:line: error:` line, so the renderer and the navigation never meet a value they
/// cannot draw in bounded time and memory. docs/configuration.md ("Limits") lists each one; keep
/// the two in step.
public enum ConfigLimits {
    // MARK: Files

    /// Bytes in one config file (`kiosk.toml`, a page file).
    public static let fileBytes = 1 << 20
    /// Page files in `pages/`.
    public static let pages = 500

    // MARK: Structure

    /// Containers inside containers along any chain from a page to a panel (a cube whose face is
    /// a stack whose root is a tabs page is 3 deep). The navigation walks this recursively.
    public static let nestingDepth = 16
    /// Levels of tables and arrays a TOML file nests: each part of a table header, each part but
    /// the last of a dotted key, each array and inline table (`[a.b]` then `c.d = [{ e = 1 }]` is
    /// 5). toml++ builds a table per part and frees trees by recursing per level, so 100,000
    /// parts overflowed the stack (issue 26); it is checked before toml++ sees the text. The
    /// format's own files need at most 4 (`[[widget.row]]` holding an inline table); 64 is the
    /// bound live JSON payloads have too (`JSONValue.parse`), and keeps toml++'s
    /// recursion to a few KiB of stack even under AddressSanitizer. A header part that names an
    /// array of tables declared earlier counts once, so toml++'s tree is at most about twice this.
    public static let tomlNesting = 64
    /// Characters (Unicode scalars) in one part of a key: no key of the format is longer than
    /// 20, and a message that quotes an unknown key stays readable.
    public static let keyScalars = 256
    /// Pages one container lists (`faces`, `pages`).
    public static let containerChildren = 64
    /// `[[widget]]` blocks in one panel.
    public static let widgets = 200
    /// `[[value]]` blocks in kiosk.toml.
    public static let values = 200
    /// Entries of a program's `argv`.
    public static let argvEntries = 64
    /// Rows a generated list keeps room for (`max_rows`).
    public static let valueRows = 50
    /// `[[widget.row]]` or `[[widget.tile]]` blocks in one widget.
    public static let items = 500
    /// Columns of a grid widget.
    public static let gridColumns = 32

    // MARK: Text

    /// Characters (Unicode scalars) in one string value.
    public static let textScalars = 20_000
    /// Characters in one unbroken word (no space or line break): Pango lays out a word that must
    /// be broken between characters in time that grows with the square of its length.
    public static let wordScalars = 500

    // MARK: Numbers

    /// Logical pixels of any length: image, spacer and tile heights, `left_width`, `fold_below`,
    /// `[preview]` width and height.
    public static let length = 8192.0
    /// Font sizes in logical pixels (`size`, `title_size`, `body_size`, `small_size`).
    public static let fontSize = 500.0
    /// Padding, spacing and corner radius in logical pixels.
    public static let spacing = 1000.0
    /// `[preview] scale`.
    public static let scale = 4.0
    /// Pixels of the preview surface along either side (`width × scale`, `height × scale`).
    public static let surfaceSide = 8192.0
    /// Seconds of a transition's `duration`.
    public static let duration = 60.0
    /// Seconds of `[idle] home_after` and `blank_after` (30 days).
    public static let idleSeconds = 2_592_000.0
    /// Seconds a playlist's page may show (`dwell`, `[page_dwell]`) and it may stay paused
    /// (`resume_after`): from 1 s (a transition needs time to be seen) to a day.
    public static let playlistSeconds = 1.0...86_400.0
    /// `[[schedule]]` rows in kiosk.toml.
    public static let scheduleRows = 100
    /// One-off `dates` of one schedule row.
    public static let scheduleDates = 366
    /// Any other number.
    public static let number = 1_000_000.0

    // MARK: Images

    /// Pixels along either side of a PNG.
    public static let imageSide = 16_384
    /// Pixels (width × height) of one PNG: 16 megapixels, 64 MiB decoded. Larger images are
    /// rejected, not downscaled; scale them down before copying them to the panel.
    public static let imagePixels = 16 * 1024 * 1024
    /// Bytes of decoded images the renderer keeps between draws (least recently used dropped).
    public static let imageCacheBytes = 96 << 20
}

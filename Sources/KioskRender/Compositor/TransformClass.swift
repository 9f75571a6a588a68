/// How a layer's transform maps the output back onto its surface; picks the compositor's loop.
public enum TransformClass: Hashable, Sendable {
    /// A whole-pixel translation at 1:1 scale, possibly turned by a multiple of 90° or mirrored
    /// (a display rotation): rows are copied (memcpy where the source is opaque), reversed when
    /// mirrored, gathered from a source column after a quarter turn.
    case translation
    /// Axis-aligned scale and translation.
    case scaleTranslate
    /// A general 2D affine map (rotation, shear): source coordinates step linearly along a row.
    case affine
    /// Perspective whose divisor depends only on the output row (rotation about a horizontal
    /// screen axis: flips and folds top to bottom, the cube on a display turned by 90°): affine
    /// along each output row; when every row reads one source row (or, turned, one source
    /// column) the row is set up once and stepped in one coordinate only.
    case rowProjective
    /// Perspective whose divisor depends only on the output column (rotation about a vertical
    /// screen axis: the cube, horizontal flips): each output column maps to a line of the source
    /// stepped uniformly, so the map is exact with two multiply-adds per pixel.
    case columnProjective
    /// Anything else: an exact per-pixel division (correct, slower).
    case projective
}

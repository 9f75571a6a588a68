import KioskCore
import KioskRender

/// A compositor fixture: the cube frame the first measurements used: two faces of a cube whose edge is the output width, turned
/// about a vertical axis W/2 behind the screen and seen from 2·W (CubeController's geometry with
/// the eye distance scaled to the output, so the near edge never reaches the eye).
enum CubeFrame {
    /// The two faces' ids, front face first.
    static let faces: (PageID, PageID) = (PageID("bench-cube-front"), PageID("bench-cube-next"))

    /// The transform of a full-output face rotated by `angle` radians about the cube's axis
    /// (positive: right edge away from the viewer).
    static func faceTransform(
        angle: Double, width: Double, height: Double, eyeDistance: Double? = nil
    ) -> Matrix4 {
        let a = width / 2
        let center = Point(x: width / 2, y: height / 2)
        return Matrix4.translation(x: -center.x, y: -center.y, z: a)
            .then(.rotationY(angle))
            .then(.translation(x: center.x, y: center.y, z: -a))
            .then(.perspective(eyeDistance: eyeDistance ?? 2 * width, center: center))
    }

    /// The scene with the current face turned `degrees` to the left (0...90) and the next face
    /// hinged on its right edge, over a black background.
    static func scene(width: Int, height: Int, degrees: Double) -> Scene {
        let w = Double(width), h = Double(height)
        let theta = degrees * pi / 180
        let size = Size(width: w, height: h)
        let front = SceneLayer(
            content: .panel(faces.0), size: size,
            transform: faceTransform(angle: -theta, width: w, height: h))
        let next = SceneLayer(
            content: .panel(faces.1), size: size,
            transform: faceTransform(angle: pi / 2 - theta, width: w, height: h))
        return Scene(outputSize: size, background: .black, layers: [front, next], isAnimating: true)
    }

    /// An opaque page-like test surface: a tinted background with a grid of lighter cards.
    static func pageSurface(width: Int, height: Int, tint: UInt32) throws(RenderError)
        -> ImageBuffer
    {
        let image = try ImageBuffer(width: width, height: height)
        let stride = image.stride / 4
        let p = image.pixels.assumingMemoryBound(to: UInt32.self)
        for y in 0..<height {
            for x in 0..<width {
                let card = (x % 240) > 20 && (y % 160) > 20
                let line = card && (y % 160) > 60 && (y % 160) < 66 && (x % 240) < 180
                let base: UInt32 = line ? 0xFF20_2020 : (card ? 0xFFF0_F0F0 : tint)
                p[y * stride + x] = base
            }
        }
        image.markDirty()
        return image
    }
}

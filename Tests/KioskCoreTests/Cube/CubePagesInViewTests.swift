import Testing

@testable import KioskCore

/// The faces a header over a cube names while it turns (`CubeContainer.pagesInView`): the two
/// the position lies between, taken round the seam when the cube wraps and held at the end face
/// on a rubber band when it does not.
@Suite("CubeContainer: the faces in view for a header")
struct CubePagesInViewTests {
    /// The before and after face ids and the fraction while dragged `translation` px from rest.
    func inView(_ cube: CubeContainer, dragged translation: Double) throws -> (
        PageID, PageID, Double
    ) {
        cube.beginDrag()
        cube.drag(translation: translation)
        let view = try #require(cube.pagesInView)
        return (view.before.id, view.after.id, view.fraction)
    }

    @Test("a wrapping cube turned back past its first face is between its last and its first")
    func acrossTheSeam() throws {
        let (cube, _, _) = makeCube(3)
        let (before, after, fraction) = try inView(cube, dragged: 250)
        #expect(before == "f2" && after == "f0")
        #expect(abs(fraction - 0.75) < 1e-12)
    }

    @Test("a cube that does not wrap names its first face, unfaded, past its start")
    func rubberBand() throws {
        let (cube, _, _) = makeCube(3, wraps: false)
        let (before, after, fraction) = try inView(cube, dragged: 250)
        #expect(before == "f0" && after == "f0")
        #expect(fraction == 0)
    }

    @Test("between two faces the fraction is how far past the first the cube has turned")
    func betweenFaces() throws {
        let (cube, _, _) = makeCube(3, index: 1)
        let (before, after, fraction) = try inView(cube, dragged: -400)
        #expect(before == "f1" && after == "f2")
        #expect(abs(fraction - 0.4) < 1e-12)
    }
}

import KioskTestSupport

/// The render goldens, Tests/KioskRenderTests/Golden.
let goldenImages = GoldenFolder(besides: #filePath)

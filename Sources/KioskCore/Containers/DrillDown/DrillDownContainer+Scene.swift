/// The drill-down's layers: the divider behind the columns, then each column back to front —
/// its background, its page below the header, and the header (title, back chevron) — clipped
/// to the column (SGB's clipping column containers).
extension DrillDownContainer {
    public func draw(
        in frame: Rect, placement: Matrix4, look: SceneLook, into scene: inout SceneBuilder
    ) {
        let theme = scene.theme
        let local = Matrix4.translation(x: frame.minX, y: frame.minY).then(placement)
        if !isFolded {
            // The divider shows through SGB's 1-pt gap between the columns.
            scene.addFlat(
                .solid(theme.divider), Rect(size: frame.size), placement: local, look: look)
        }
        for column in columns {
            let columnRect = Rect(
                x: column.x, y: 0, width: max(0, column.width), height: frame.height)
            guard columnRect.width > 0.01 else { continue }
            let columnLook = look.adding(opacity: column.opacity, dim: column.dim).clipped(
                to: columnRect, placement: local)
            let header = Rect(
                x: column.x, y: 0, width: columnRect.width,
                height: min(columnHeaderHeight, frame.height))
            switch column.content {
            case .page(let id):
                guard let node = node(showing: id) else { continue }
                let size = pageSize(columnWidth: column.width, height: frame.height)
                scene.addFlat(
                    .solid(theme.background), columnRect, placement: local, look: columnLook)
                scene.draw(
                    node,
                    frame: Rect(
                        x: column.x, y: header.maxY, width: size.width, height: size.height),
                    placement: local, look: columnLook)
                if showsHeaders {
                    scene.addFlat(
                        .chrome(columnHeader(for: node, titles: scene)), header, placement: local,
                        look: columnLook)
                }
            case .leftPlaceholder, .rightPlaceholder:
                scene.addFlat(
                    .solid(theme.background), columnRect, placement: local, look: columnLook)
                let page =
                    column.content == .leftPlaceholder
                    ? placeholderPages.left : placeholderPages.right
                if let page {
                    let size = pageSize(columnWidth: column.width, height: frame.height)
                    scene.addFlat(
                        .panel(page),
                        Rect(x: column.x, y: header.maxY, width: size.width, height: size.height),
                        placement: local, look: columnLook)
                }
                if showsHeaders {
                    let title = page.map { scene.title(of: $0) } ?? ""
                    scene.addFlat(
                        .chrome(.header(title: title, showsBack: false)), header, placement: local,
                        look: columnLook)
                }
            }
        }
    }
}

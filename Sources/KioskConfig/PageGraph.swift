import KioskCore

/// Checks that need every page at once: duplicate ids, unknown ids, containers that contain
/// themselves, and pages nobody can reach. Reports into each page's own file.
struct PageGraph {
    let pages: [ParsedPage]
    /// First page per id (a duplicate is reported and otherwise ignored).
    let byID: [PageID: ParsedPage]

    init(pages: [ParsedPage]) {
        self.pages = pages
        var byID: [PageID: ParsedPage] = [:]
        for page in pages where byID[page.id] == nil { byID[page.id] = page }
        self.byID = byID
    }

    var ids: [String] { byID.keys.map(\.rawValue) }

    /// `alsoShown`: pages shown without a tap leading to them (the screensaver's and the
    /// schedule's), reachable like home.
    func check(home: PageID?, kiosk: FileContext, alsoShown: [PageID] = []) {
        checkDuplicates()
        checkReferences()
        if let home {
            if byID[home] == nil {
                kiosk.error("home", unknown(home))
            } else {
                checkReachability(from: home, alsoShown: alsoShown)
            }
        }
        if !checkCycles() { checkNesting() }
        checkPlaceholders()
    }

    /// Containers inside containers deeper than `ConfigLimits.nestingDepth` are reported at the
    /// outermost page of each too-deep chain (the navigation walks the tree recursively).
    func checkNesting() {
        var depth: [PageID: Int] = [:]
        // Cycles were ruled out, so this terminates; recursion: one level per page on a chain, at
        // most `ConfigLimits.pages` (500).
        func measure(_ id: PageID) -> Int {
            if let known = depth[id] { return known }
            let children = (byID[id]?.references ?? []).filter {
                $0.kind == .child && byID[$0.target] != nil
            }
            let value = children.isEmpty ? 0 : 1 + (children.map { measure($0.target) }.max() ?? 0)
            depth[id] = value
            return value
        }
        var inside: Set<PageID> = []
        for page in byID.values {
            for reference in page.references
            where reference.kind == .child && measure(page.id) > ConfigLimits.nestingDepth {
                inside.insert(reference.target)
            }
        }
        for id in byID.keys.sorted()
        where measure(id) > ConfigLimits.nestingDepth && !inside.contains(id) {
            byID[id]?.context.error(
                nil,
                "containers nest \(measure(id)) deep from page \"\(id)\"; at most \(ConfigLimits.nestingDepth) are allowed"
            )
        }
    }

    func unknown(_ id: PageID) -> String {
        "unknown page \"\(id)\" (no page file has this id)"
            + Suggestion.hint(for: id.rawValue, in: ids, listAll: false)
    }

    func checkDuplicates() {
        for page in pages {
            guard let first = byID[page.id], first.file != page.file else { continue }
            page.context.error(
                page.idKeyPath, "duplicate page id \"\(page.id)\"; \(first.file) already has it")
        }
    }

    func checkReferences() {
        for page in pages {
            for reference in page.references where byID[reference.target] == nil {
                page.context.error(reference.keyPath, unknown(reference.target))
            }
        }
    }

    func checkReachability(from home: PageID, alsoShown: [PageID] = []) {
        // The references are every way a page leads to another (children, `open`, placeholders),
        // the same edges as `PageDefinition.pagesItLeadsTo`, collected even from a file with errors.
        let seen = PageRoutes(roots: [home], extraRoots: alsoShown) {
            byID[$0]?.references.map(\.target)
        }.reachable
        // A reachable page with errors may have lost references that lead on (a misspelt key, a
        // typo in an id): warning about every page behind it would bury the real error.
        guard !seen.contains(where: { byID[$0]?.context.hasErrors == true }) else { return }
        // A page that failed to load already has its error; "cannot be reached" would only add noise.
        for page in pages
        where !seen.contains(page.id) && byID[page.id]?.file == page.file && !page.context.hasErrors
        {
            page.context.warning(
                nil,
                "page \"\(page.id)\" cannot be reached from home \"\(home)\" (no container shows it and nothing opens it)"
            )
        }
    }

    /// A container must not show itself, directly or through other containers. Each cycle is
    /// reported once, at the reference that leaves its alphabetically first page. Returns whether
    /// there was one.
    @discardableResult
    func checkCycles() -> Bool {
        var state: [PageID: Bool] = [:]  // false: on the current path; true: done
        var path: [PageID] = []
        var reported: Set<[PageID]> = []

        // Recursion: one level per page on the current path, which holds no page twice: at most
        // `ConfigLimits.pages` (500) levels.
        func visit(_ id: PageID) {
            state[id] = false
            path.append(id)
            for reference in byID[id]?.references ?? [] where reference.kind == .child {
                let next = reference.target
                guard byID[next] != nil else { continue }
                switch state[next] {
                case nil:
                    visit(next)
                case false?:
                    guard let start = path.lastIndex(of: next) else { continue }
                    let cycle = Array(path[start...])
                    report(cycle, &reported)
                case true?:
                    continue
                }
            }
            path.removeLast()
            state[id] = true
        }

        for id in byID.keys.sorted() where state[id] == nil {
            visit(id)
        }
        return !reported.isEmpty
    }

    private func report(_ cycle: [PageID], _ reported: inout Set<[PageID]>) {
        guard let first = cycle.min(), let offset = cycle.firstIndex(of: first) else { return }
        let rotated = Array(cycle[offset...] + cycle[..<offset])
        guard reported.insert(rotated).inserted, let page = byID[first] else { return }
        let next = rotated.count > 1 ? rotated[1] : first
        let reference = page.references.first { $0.kind == .child && $0.target == next }
        let chain = (rotated + [first]).map(\.rawValue).joined(separator: " -> ")
        page.context.error(reference?.keyPath, "a container contains itself: \(chain)")
    }
}

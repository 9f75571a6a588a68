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

    func check(home: PageID?, kiosk: FileContext) {
        checkDuplicates()
        checkReferences()
        if let home {
            if byID[home] == nil {
                kiosk.error("home", unknown(home))
            } else {
                checkReachability(from: home)
            }
        }
        checkCycles()
    }

    func unknown(_ id: PageID) -> String {
        "unknown page \"\(id)\" (no page file has this id)" + Suggestion.hint(for: id.rawValue, in: ids, listAll: false)
    }

    func checkDuplicates() {
        for page in pages {
            guard let first = byID[page.id], first.file != page.file else { continue }
            page.context.error(page.idKeyPath, "duplicate page id \"\(page.id)\"; \(first.file) already has it")
        }
    }

    func checkReferences() {
        for page in pages {
            for reference in page.references where byID[reference.target] == nil {
                page.context.error(reference.keyPath, unknown(reference.target))
            }
        }
    }

    func checkReachability(from home: PageID) {
        var seen: Set<PageID> = []
        var queue = [home]
        while let id = queue.popLast() {
            guard !seen.contains(id), let page = byID[id] else { continue }
            seen.insert(id)
            queue += page.references.map(\.target)
        }
        // A reachable page with errors may have lost references that lead on (a misspelt key, a
        // typo in an id): warning about every page behind it would bury the real error.
        guard !seen.contains(where: { byID[$0]?.context.hasErrors == true }) else { return }
        for page in pages where !seen.contains(page.id) && byID[page.id]?.file == page.file {
            page.context.warning(
                nil, "page \"\(page.id)\" cannot be reached from home \"\(home)\" (no container shows it and nothing opens it)")
        }
    }

    /// A container must not show itself, directly or through other containers. Each cycle is
    /// reported once, at the reference that leaves its alphabetically first page.
    func checkCycles() {
        var state: [PageID: Bool] = [:]  // false: on the current path; true: done
        var path: [PageID] = []
        var reported: Set<[PageID]> = []

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

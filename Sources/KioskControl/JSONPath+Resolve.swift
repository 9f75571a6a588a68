import KioskCore

extension JSONPath {
    /// The value at this path in `document`.
    public func resolve(in document: JSONValue) throws(ControlError) -> JSONValue {
        var current = document
        var walked = ""
        for step in steps {
            switch (step, current) {
            case (.member(let name), .object(let members)):
                guard let next = members[name] else {
                    throw .jsonPath("no member \"\(name)\" at \(where_(walked))")
                }
                current = next
                walked += walked.isEmpty ? name : ".\(name)"
            case (.index(let position), .array(let elements)):
                let resolved = position < 0 ? elements.count + position : position
                guard elements.indices.contains(resolved) else {
                    throw .jsonPath(
                        "index \(position) outside \(elements.count) elements at \(where_(walked))")
                }
                current = elements[resolved]
                walked += "[\(position)]"
            case (.member(let name), _):
                throw .jsonPath(
                    "\(where_(walked)) is \(current.kind), not an object with \"\(name)\"")
            case (.index(let position), _):
                throw .jsonPath(
                    "\(where_(walked)) is \(current.kind), not an array for [\(position)]")
            }
        }
        return current
    }

    private func where_(_ walked: String) -> String { walked.isEmpty ? "the top level" : walked }
}

import KioskCore

/// The result of extracting a payload: one text or a list of rows.
public enum ValueContent: Hashable, Sendable {
    case text(String)
    case rows([ValueRow])
}

extension ValueExtraction {
    /// Turns `payload` into the value's content, within `limits`. Throws a one-line reason for
    /// oversize or malformed input; the caller keeps the last good value.
    public func apply(to payload: some Collection<UInt8>, limits: ValueLimits) throws(ControlError)
        -> ValueContent
    {
        guard payload.count <= limits.payloadBytes else {
            throw .tooLarge(what: "payload", size: payload.count, limit: limits.payloadBytes)
        }
        switch self {
        case .text:
            return .text(PlainText.line(payload, limit: limits.valueCharacters))
        case .json(let path):
            let value = try path.resolve(in: try JSONValue.parse(payload))
            guard let text = value.text else {
                throw .jsonPath("\(path) is \(value.kind), not a single value")
            }
            return .text(PlainText.line(text, limit: limits.valueCharacters))
        case .rows(let arrayPath, let fields):
            let value = try arrayPath.resolve(in: try JSONValue.parse(payload))
            guard case .array(let elements) = value else {
                throw .jsonPath(
                    "\(arrayPath.description.isEmpty ? "the document" : arrayPath.description) is \(value.kind), not an array"
                )
            }
            guard elements.count <= limits.rows else {
                throw .tooLarge(what: "rows", size: elements.count, limit: limits.rows)
            }
            var rows: [ValueRow] = []
            rows.reserveCapacity(elements.count)
            for (position, element) in elements.enumerated() {
                guard case .object = element else {
                    throw .jsonPath("row \(position) is \(element.kind), not an object")
                }
                var row: [String: String] = [:]
                for field in fields {
                    // A missing or non-scalar field is an empty cell, not a broken list: data
                    // feeds often omit keys (no delay, no platform yet).
                    let text = (try? field.path.resolve(in: element))?.text ?? ""
                    row[field.name] = PlainText.line(text, limit: limits.valueCharacters)
                }
                rows.append(ValueRow(row))
            }
            return .rows(rows)
        }
    }
}

/// Where a value sits in a JSON document: `trains[0].delay`, `a.b.c`, `["odd key"][2]`, `[-1]`.
///
/// Syntax: a sequence of steps. `name` or `.name` selects an object member (letters, digits, `_`
/// and `-`); `["any text"]` selects a member whose name has other characters (`\"` and `\\`
/// escape); `[N]` selects array element N from 0, `[-N]` counts from the end (`[-1]` is the
/// last). The empty path (or `$`) is the whole document.
public struct JSONPath: Hashable, Sendable, CustomStringConvertible {
    public enum Step: Hashable, Sendable {
        case member(String)
        case index(Int)
    }

    public let steps: [Step]
    /// The path as written.
    public let description: String

    /// Parses `text`; the error names the column.
    public init(_ text: String) throws(ValueSyntaxError) {
        description = text
        var steps: [Step] = []
        let characters = Array(text)
        var index = characters.first == "$" ? 1 : 0
        let rootDot = index == 1 && characters.count > 1 && characters[1] == "."
        func fail(_ reason: String) -> ValueSyntaxError {
            .jsonPath("\(reason) at column \(index + 1) of \"\(text)\"", column: index + 1)
        }
        func isNameCharacter(_ c: Character) -> Bool {
            c.isLetter || c.isNumber || c == "_" || c == "-"
        }
        while index < characters.count {
            let character = characters[index]
            if character == "[" {
                index += 1
                if index < characters.count, characters[index] == "\"" {
                    index += 1
                    var name = ""
                    while index < characters.count, characters[index] != "\"" {
                        if characters[index] == "\\", index + 1 < characters.count { index += 1 }
                        name.append(characters[index])
                        index += 1
                    }
                    guard index + 1 < characters.count, characters[index + 1] == "]" else {
                        throw fail("expected \"]")
                    }
                    index += 2
                    steps.append(.member(name))
                } else {
                    var number = ""
                    let numberStart = index
                    while index < characters.count, characters[index] != "]" {
                        number.append(characters[index])
                        index += 1
                    }
                    guard index < characters.count, let value = Int(number) else {
                        index = numberStart
                        throw fail("expected [number]")
                    }
                    index += 1
                    steps.append(.index(value))
                }
            } else {
                if character == "." {
                    guard !steps.isEmpty || (rootDot && index == 1) else {
                        throw fail("a path cannot start with '.'")
                    }
                    index += 1
                } else if !steps.isEmpty {
                    throw fail("expected '.' or '['")
                }
                var name = ""
                while index < characters.count, isNameCharacter(characters[index]) {
                    name.append(characters[index])
                    index += 1
                }
                guard !name.isEmpty else { throw fail("expected a member name") }
                steps.append(.member(name))
            }
        }
        self.steps = steps
    }
}

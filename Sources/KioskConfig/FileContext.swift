/// Collects the diagnostics of one file, placing each at the line of the key it is about.
final class FileContext {
    /// Relative to the config folder, as shown in messages.
    let file: String
    let locator: SourceLocator?
    private(set) var diagnostics: [Diagnostic] = []

    init(file: String, locator: SourceLocator? = nil) {
        self.file = file
        self.locator = locator
    }

    func error(_ keyPath: String?, _ message: String) {
        add(.error, keyPath, message)
    }

    func warning(_ keyPath: String?, _ message: String) {
        add(.warning, keyPath, message)
    }

    func add(_ severity: Diagnostic.Severity, _ keyPath: String?, _ message: String) {
        let position = keyPath.flatMap { locator?.position(of: $0) }
        diagnostics.append(
            Diagnostic(
                severity: severity, file: file, line: position?.line, column: position?.column,
                keyPath: keyPath, message: message))
    }

    func append(_ diagnostic: Diagnostic) {
        diagnostics.append(diagnostic)
    }

    var errorCount: Int { diagnostics.count { $0.severity == .error } }

    var hasErrors: Bool { diagnostics.contains { $0.severity == .error } }
}

import ArgumentParser
import KioskApp

struct HashPin: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "hash-pin",
        abstract: "Read a PIN from standard input and print the hash for a page's lock = \"…\".",
        discussion: """
            Example:
              echo 4711 | kiosk-shell hash-pin
            The PIN is 4 to 12 digits; the hash is yescrypt with a random salt (crypt(3)), so the
            same PIN gives a different hash each time.
            """)

    func run() throws {
        switch HashPinCommand.run(input: readLine(strippingNewline: true)) {
        case .success(let hash): print(hash)
        case .failure(let error):
            StandardStream.error.write(error.description + "\n")
            throw ExitCode.validationFailure
        }
    }
}

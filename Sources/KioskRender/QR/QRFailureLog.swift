/// Says once per distinct reason why a QR code was drawn as a placeholder (no libqrencode, a
/// value too long for its level), so a panel redrawing the card ten times a second logs one line.
final class QRFailureLog {
    var log: ((String) -> Void)?
    private var reported: Set<QRCode.Failure> = []

    func report(_ failure: QRCode.Failure) {
        guard let log, reported.insert(failure).inserted else { return }
        log(failure.description)
    }
}

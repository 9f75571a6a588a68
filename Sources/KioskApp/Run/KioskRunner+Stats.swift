/// Frame pacing in the log: one line when the run ends (frames drawn, committed, and with
/// wp_presentation presented, missed and the frame rate while animating), so a technician can
/// see whether a panel keeps up without extra tools.
extension KioskRunner {
    func logFrameStatistics() {
        guard let window else { return }
        log.info("\(window.statistics.summary)")
    }
}

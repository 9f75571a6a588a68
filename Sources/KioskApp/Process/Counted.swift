/// "1 error", "2 errors": counts in log lines and on screen read as English.
func counted(_ count: Int, _ noun: String) -> String {
    "\(count) \(noun)\(count == 1 ? "" : "s")"
}

/// `run` and `publish` actions: the navigation hands them to its `commandHandler` (the runner's
/// control hub) with the page they were tapped on, and does not move.
extension Navigator {
    func carryOut(_ command: CommandAction, from origin: NavigationNode) -> Bool {
        guard let commandHandler else {
            lastRefusal =
                "\(command): actions that act outside the panel run only under `kiosk-shell run`"
            return false
        }
        commandHandler(command, origin.id)
        return true
    }
}

import KioskCore

/// Languages at run time (`[languages]`, `language = "de"` on a tile or row): a switch shows the
/// same configuration with its `@key`s resolved in the new language (`ConfigService`), every page
/// laid out and drawn again, and the navigation kept as after a live reload. Idle goes back to the
/// default language.
extension KioskRunner {
    /// A tap asked for `code`: true when it is offered. The switch happens on the next loop
    /// turn, after the navigator has finished the tap (it replaces the navigator).
    func requestLanguage(_ code: String) -> Bool {
        guard config.good?.settings.languages?.offers(code) == true else { return false }
        _ = try? loop.addTimer(after: 0) { [weak self] _ in self?.showLanguage(code) }
        return true
    }

    /// Shows every page in `code` (nil: the default language), keeping the navigation.
    func showLanguage(_ code: String?) {
        let before = config.shownLanguage
        guard config.show(language: code), config.shownLanguage != before else { return }
        log.notice("language: \(config.shownLanguage ?? "default")")
        showConfiguration(restoringSaved: false)
    }

    /// Idle: the default language again, if another was picked. Not behind a screensaver: it
    /// was reset when the screensaver started, and a switch now would end it.
    func resetLanguage() {
        guard config.language != nil, !day.screensaver.isShowing else { return }
        showLanguage(nil)
    }
}

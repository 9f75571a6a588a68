/// A configuration as a visitor sees it in one language: every text the panel shows that is a
/// `@key` replaced by its string (`LanguageCatalog.resolve`), and the theme's direction set from
/// the language. The configuration as loaded keeps its `@key`s, so a switch only resolves again:
/// page ids, containers and actions are untouched, which is what lets a switch keep the
/// navigation (the runner restores it as after a live reload).
extension KioskConfiguration {
    /// This configuration in `language` (nil: the default). Without `[languages]`, itself.
    public func localized(to language: String?) -> KioskConfiguration {
        guard let catalog = settings.languages else { return self }
        let code = language.flatMap { catalog.offers($0) ? $0 : nil } ?? catalog.defaultLanguage
        var shown = self
        let resolve = { (text: String) in catalog.resolve(text, in: code) }
        shown.pages = pages.mapValues { $0.mapTexts(resolve).markingLanguage(code) }
        shown.settings.theme.layoutDirection =
            catalog.isRightToLeft(code) ? .rightToLeft : .leftToRight
        return shown
    }
}

extension PageDefinition {
    /// The page with every text it shows passed through `transform` (its title for headers and
    /// tab bars, and its widgets' texts).
    public func mapTexts(_ transform: (String) -> String) -> PageDefinition {
        var page = self
        page.title = transform(title)
        if case .panel(var panel) = content {
            panel.widgets = panel.widgets.map { $0.mapTexts(transform) }
            page.content = .panel(panel)
        }
        return page
    }
}

extension PageDefinition {
    /// A picker shows which language is on: its tile for `code` is filled in the accent colour
    /// (`style = "button"`), the others are plain tiles.
    func markingLanguage(_ code: String) -> PageDefinition {
        guard case .panel(var panel) = content else { return self }
        var page = self
        panel.widgets = panel.widgets.map { widget in
            guard case .grid(var grid) = widget else { return widget }
            for index in grid.tiles.indices {
                if case .language(let language)? = grid.tiles[index].action {
                    grid.tiles[index].style = language == code ? .button : .tile
                }
            }
            return .grid(grid)
        }
        page.content = .panel(panel)
        return page
    }
}

extension Widget {
    /// The widget with the texts a visitor reads (and clock formats) passed through `transform`;
    /// value names, paths, units and QR contents are left as written.
    public func mapTexts(_ t: (String) -> String) -> Widget {
        switch self {
        case .title(var w):
            w.text = t(w.text)
            w.subtitle = w.subtitle.map(t)
            return .title(w)
        case .text(var w):
            w.markup = t(w.markup)
            return .text(w)
        case .image(var w):
            w.caption = w.caption.map(t)
            return .image(w)
        case .list(var w):
            w.rows = w.rows.map { row in
                var row = row
                row.label = t(row.label)
                row.detail = row.detail.map(t)
                row.action = row.action?.mapTexts(t)
                return row
            }
            return .list(w)
        case .grid(var w):
            w.tiles = w.tiles.map { tile in
                var tile = tile
                tile.label = t(tile.label)
                tile.action = tile.action?.mapTexts(t)
                return tile
            }
            return .grid(w)
        case .keyValue(var w):
            w.rows = w.rows.map { KeyValueRow(key: t($0.key), value: t($0.value)) }
            return .keyValue(w)
        case .fileValue(var w):
            w.label = t(w.label)
            return .fileValue(w)
        case .value(var w):
            w.label = t(w.label)
            return .value(w)
        case .liveText(var w):
            w.template = t(w.template)
            return .liveText(w)
        case .control(var w):
            w.label = t(w.label)
            if case .choice(let options) = w.kind {
                w.kind = .choice(options.map { ChoiceOption(label: t($0.label), value: $0.value) })
            }
            return .control(w)
        case .chart(var w):
            w.label = t(w.label)
            return .chart(w)
        case .gauge(var w):
            w.label = t(w.label)
            return .gauge(w)
        case .bar(var w):
            w.label = t(w.label)
            return .bar(w)
        case .qr(var w):
            w.label = t(w.label)
            return .qr(w)
        case .clock(var w):
            // A format may be a key too: "%A %e %B" in English, "%d.%m.%Y" in German (the day
            // and month names strftime gives are English whatever the language).
            w.format = t(w.format)
            return .clock(w)
        case .spacer, .valueRows:
            return self
        }
    }
}

extension Action {
    /// A command's confirmation question in the shown language.
    func mapTexts(_ t: (String) -> String) -> Action {
        guard case .command(var command) = self, let confirm = command.confirm else { return self }
        command.confirm = t(confirm)
        return .command(command)
    }
}

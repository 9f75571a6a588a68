/// One page from `pages/*.toml`: a leaf panel of widgets or a navigation container of other pages.
public struct PageDefinition: Hashable, Sendable {
    public var id: PageID
    /// Shown in tab bars, drill-down headers and STATUS=; defaults to the id.
    public var title: String
    public var content: PageContent
    /// The file it came from, for messages.
    public var sourceFile: String
    /// `lock`: the crypt(3) hash of the PIN asked before the page opens (`kiosk-shell hash-pin`
    /// makes it); nil opens at once.
    public var lock: String?

    public init(
        id: PageID, title: String, content: PageContent, sourceFile: String = "",
        lock: String? = nil
    ) {
        self.id = id
        self.title = title
        self.content = content
        self.sourceFile = sourceFile
        self.lock = lock
    }

    /// The pages this one shows directly (container children), in order.
    public var children: [PageID] {
        switch content {
        case .panel: []
        case .cube(let c): c.faces
        case .drillDown(let d): [d.root]
        case .stack(let s): [s.root]
        case .tabs(let t): t.pages
        case .playlist(let p): p.pages
        }
    }
}

public enum PageContent: Hashable, Sendable {
    case panel(Panel)
    case cube(CubeSpec)
    case drillDown(DrillDownSpec)
    case stack(StackSpec)
    case tabs(TabsSpec)
    case playlist(PlaylistSpec)

    /// The name written in `type = "…"`.
    public var typeName: String {
        switch self {
        case .panel: "panel"
        case .cube: "cube"
        case .drillDown: "drilldown"
        case .stack: "stack"
        case .tabs: "tabs"
        case .playlist: "playlist"
        }
    }
}

/// A leaf page: widgets in a vertical flow.
public struct Panel: Hashable, Sendable {
    public var widgets: [Widget]
    /// Overrides the theme's background for this page.
    public var background: RGBA?
    /// Colour of the text drawn straight on this page's background (titles, paragraphs, clocks,
    /// captions); nil = the theme's text, or a readable one when `background` is set (see
    /// `pageTextColor(theme:)`). Cards, rows and tiles keep the theme's colours.
    public var textColor: RGBA?

    public init(widgets: [Widget], background: RGBA? = nil, textColor: RGBA? = nil) {
        self.widgets = widgets
        self.background = background
        self.textColor = textColor
    }
}

/// Which way a cube turns.
public enum CubeOrientation: String, Hashable, Sendable, CaseIterable {
    case horizontal, vertical
}

/// A prism of 2 or more faces the finger turns (CubeController / GKLCubeViewController).
public struct CubeSpec: Hashable, Sendable {
    public var faces: [PageID]
    public var wraps: Bool
    public var orientation: CubeOrientation
    /// `sides`: the prism's sides when not wrapping; nil = the face count.
    public var sides: Int?
    /// `duration`: seconds a turn of one face takes (settling, next/previous, open).
    public var durationPerFace: Double
    /// `perspective`: 1 = default; larger is stronger (the eye is closer), smaller is flatter.
    public var perspective: Double
    /// `start`: the face shown first and by `home`; nil = the first face.
    public var start: PageID?
    public init(
        faces: [PageID], wraps: Bool = true, orientation: CubeOrientation = .horizontal,
        sides: Int? = nil,
        durationPerFace: Double = 0.3, perspective: Double = 1, start: PageID? = nil
    ) {
        self.faces = faces
        self.wraps = wraps
        self.orientation = orientation
        self.sides = sides
        self.durationPerFace = durationPerFace
        self.perspective = perspective
        self.start = start
    }
}

/// Two columns, the top two pages side by side (SGBDrillDownController).
public struct DrillDownSpec: Hashable, Sendable {
    public var root: PageID
    /// Width of the left column in logical pixels.
    public var leftWidth: Double
    /// Below this container width only one column is shown (portrait panels).
    public var foldBelow: Double
    /// `header`: each column shows a header (title, labelled back button); default on.
    public var showsHeaders: Bool
    /// `placeholder`: a panel page shown in the empty right column (nil: the theme background).
    public var rightPlaceholder: PageID?
    /// `left_placeholder`: a panel page shown in the empty left column.
    public var leftPlaceholder: PageID?
    /// `replace`: how a page opened from the left column replaces the right one.
    public var replaceAnimation: DrillDownReplaceAnimation
    public init(
        root: PageID, leftWidth: Double = 420, foldBelow: Double = 900, showsHeaders: Bool = true,
        rightPlaceholder: PageID? = nil, leftPlaceholder: PageID? = nil,
        replaceAnimation: DrillDownReplaceAnimation = .fade
    ) {
        self.root = root
        self.leftWidth = leftWidth
        self.foldBelow = foldBelow
        self.showsHeaders = showsHeaders
        self.rightPlaceholder = rightPlaceholder
        self.leftPlaceholder = leftPlaceholder
        self.replaceAnimation = replaceAnimation
    }

    /// The placeholder pages it names.
    public var placeholders: [PageID] { [leftPlaceholder, rightPlaceholder].compactMap { $0 } }
}

/// A navigation stack with animated transitions (ADTransitionController).
public struct StackSpec: Hashable, Sendable {
    public var root: PageID
    public var transition: TransitionSpec
    /// `header`: true/false shows/hides the header (title, labelled back button); nil = on
    /// unless an enclosing drill-down column header already titles the stack.
    public var showsHeader: Bool?
    public init(
        root: PageID, transition: TransitionSpec = TransitionSpec(), showsHeader: Bool? = nil
    ) {
        self.root = root
        self.transition = transition
        self.showsHeader = showsHeader
    }
}

/// Pages switched by a tab bar.
public struct TabsSpec: Hashable, Sendable {
    public var pages: [PageID]
    public var transition: TransitionSpec
    /// `start`: the tab selected first and by `home`; nil = the first tab.
    public var start: PageID?
    public init(
        pages: [PageID], transition: TransitionSpec = TransitionSpec(kind: .fade, duration: 0.25),
        start: PageID? = nil
    ) {
        self.pages = pages
        self.transition = transition
        self.start = start
    }
}

/// A transition with its orientation and duration, as configured.
public struct TransitionSpec: Hashable, Sendable {
    public var kind: TransitionKind
    public var orientation: TransitionOrientation
    /// Seconds.
    public var duration: Double
    public init(
        kind: TransitionKind = .swipe, orientation: TransitionOrientation = .rightToLeft,
        duration: Double = 0.35
    ) {
        self.kind = kind
        self.orientation = orientation
        self.duration = duration
    }
}

/// The 16 transitions of ADTransitionController (seed-behaviour.md §5.3) and its 17th,
/// ModernPush (iOS 7 style).
public enum TransitionKind: String, Hashable, Sendable, CaseIterable {
    case carrousel, cube, cross, flip, swap, fade, backFade = "backfade", ghost, zoom, swipe
    case swipeFade = "swipefade", scale, glue, pushRotate = "pushrotate", fold, slide
    case modernPush = "modernpush"
}

/// Which way content moves in a transition (ADTransitionOrientation).
public enum TransitionOrientation: String, Hashable, Sendable, CaseIterable {
    case rightToLeft = "right-to-left"
    case leftToRight = "left-to-right"
    case topToBottom = "top-to-bottom"
    case bottomToTop = "bottom-to-top"

    /// The orientation that plays the same motion backwards (used when popping).
    public var reversed: TransitionOrientation {
        switch self {
        case .rightToLeft: .leftToRight
        case .leftToRight: .rightToLeft
        case .topToBottom: .bottomToTop
        case .bottomToTop: .topToBottom
        }
    }
}

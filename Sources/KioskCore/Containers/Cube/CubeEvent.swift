/// CubeController's seven delegate callbacks (§1.6), in the order they are sent:
/// drag: willBeginDragging → (didScroll [+ currentIndexDidChange])… → didEndDragging(willDecelerate)
/// → [willBeginDecelerating → didScroll… → didEndDecelerating];
/// animated scroll: didScroll… → didEndScrollingAnimation; instant scroll: one didScroll.
public enum CubeEvent: Hashable, Sendable {
    case didScroll
    case currentIndexDidChange(Int)
    case willBeginDragging
    case didEndDragging(willDecelerate: Bool)
    case willBeginDecelerating
    case didEndDecelerating
    case didEndScrollingAnimation
}

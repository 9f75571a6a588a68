/// What a connected output needs between frames: waking for the next clock tick or file poll
/// (`FrameWakeups`) and drawing ahead the pages a settled page can open (`SurfacesAhead`). Made
/// when the output connects and dropped with it, so neither outlives the display it serves.
struct BetweenFrames {
    let wakeups: FrameWakeups
    let ahead: SurfacesAhead
}

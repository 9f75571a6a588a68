# cage 0.1.4 headless as the unprivileged user. cage has no virtual-pointer or virtual-keyboard
# global, so no input. Its own child is `sleep`; the client connects beside it and cage shows it
# maximized (not fullscreen).

# cage_start NAME: sets CAGE_RUN, CAGE_DISPLAY, CAGE_PID.
cage_start() {
    CAGE_RUN="$WORK/run-$1"
    CAGE_LOG="$WORK/$1.log"
    make_runtime_dir "$CAGE_RUN" "$RUN_UID" "$RUN_GID"
    $AS_USER env -i PATH="$PATH" HOME=/nonexistent XDG_RUNTIME_DIR="$CAGE_RUN" WLR_BACKENDS=headless \
        WLR_RENDERER=pixman WLR_LIBINPUT_NO_DEVICES=1 cage -- sleep 120 >"$CAGE_LOG" 2>&1 &
    CAGE_PID=$!
    track $CAGE_PID
    # Killed on purpose by some cases: no job-status notice from bash then.
    disown $CAGE_PID
    CAGE_DISPLAY=$(find_wayland_socket "$CAGE_RUN" 10)
}

# sway 1.7 (wlroots 0.15) headless as the unprivileged user. Pointer through kiosk-virtual-pointer
# (zwlr_virtual_pointer_manager_v1), keys through wtype (which adds and removes a keyboard each
# run), screenshots through grim (wlr-screencopy). No touch: wlroots 0.15 has no virtual touch.

# sway_start NAME: a fresh sway with its own runtime dir and log ($WORK/NAME.log); sets SWAY_RUN,
# SWAY_DISPLAY, SWAYSOCK.
sway_start() {
    SWAY_NAME=$1
    SWAY_RUN="$WORK/run-$1"
    SWAY_LOG="$WORK/$1.log"
    make_runtime_dir "$SWAY_RUN" "$RUN_UID" "$RUN_GID"
    $AS_USER env -i PATH="$PATH" HOME=/nonexistent XDG_RUNTIME_DIR="$SWAY_RUN" WLR_BACKENDS=headless \
        WLR_RENDERER=pixman WLR_LIBINPUT_NO_DEVICES=1 sway -c /dev/null >"$SWAY_LOG" 2>&1 &
    SWAY_PID=$!
    track $SWAY_PID
    # Killed on purpose by some cases: no job-status notice from bash then.
    disown $SWAY_PID
    SWAY_DISPLAY=$(find_wayland_socket "$SWAY_RUN" 10) || { log "sway did not start:"; tail -5 "$SWAY_LOG" >&2; return 1; }
    i=0
    while [ -z "$(ls "$SWAY_RUN"/sway-ipc.*.sock 2>/dev/null)" ] && [ $i -lt 100 ]; do sleep 0.05; i=$((i + 1)); done
    SWAYSOCK=$(ls "$SWAY_RUN"/sway-ipc.*.sock 2>/dev/null | head -1)
    [ -n "$SWAYSOCK" ] || return 1
    export SWAYSOCK
}

# Run a Wayland tool against sway (as root: root may use the user's sockets).
in_sway() { XDG_RUNTIME_DIR="$SWAY_RUN" WAYLAND_DISPLAY="$SWAY_DISPLAY" "$@"; }

sway_shot() {
    rm -f "$1"
    in_sway grim -t ppm "$1" 2>>"$WORK/grim.log" && [ -s "$1" ]
}

# The virtual pointer helper reads commands from a FIFO held open by fd 7.
pointer_start() {
    POINTER_LOG="$WORK/$SWAY_NAME-pointer.log"
    rm -f "$WORK/pointer.fifo"
    mkfifo "$WORK/pointer.fifo"
    in_sway "$BUILD_DIR/kiosk-virtual-pointer" <"$WORK/pointer.fifo" >"$POINTER_LOG" 2>&1 &
    POINTER_PID=$!
    track $POINTER_PID
    exec 7>"$WORK/pointer.fifo"
    wait_for_line "$POINTER_LOG" "^ready$" 5
}
pointer() { printf '%s\n' "$*" >&7; }
pointer_stop() { exec 7>&-; }

# sway_keys KEY...: one wtype run (a keyboard appears, the keys are typed, it goes away).
sway_keys() {
    args=""
    for key in "$@"; do args="$args -k $key"; done
    # -s: wait after wtype's keyboard appears, so the client has bound it before the first key.
    in_sway wtype -s 300 $args 2>>"$WORK/wtype.log"
}

# weston 10 headless with kiosk-shell and the kiosk-test-input module (runs as root or any user).
# Input and screenshots go through the module's FIFO (see weston-test-input.c).

WESTON_W=800
WESTON_H=600

# weston_start NAME: a fresh weston with its own runtime dir and log ($WORK/NAME.log);
# $WESTON_ARGS adds options (pacing-weston.sh: --config with a repaint-window).
weston_start() {
    WESTON_RUN="$WORK/run-$1"
    WESTON_LOG="$WORK/$1.log"
    make_runtime_dir "$WESTON_RUN" "$(id -u)" "$(id -g)"
    WESTON_FIFO="$WESTON_RUN/kiosk-test-input"
    XDG_RUNTIME_DIR="$WESTON_RUN" KIOSK_TEST_FIFO="$WESTON_FIFO" weston --backend=headless-backend.so \
        --shell=kiosk-shell.so --use-pixman --socket=kiosk-e2e --idle-time=0 \
        --width=$WESTON_W --height=$WESTON_H ${WESTON_ARGS:-} --modules="$BUILD_DIR/kiosk-test-input.so" \
        >"$WESTON_LOG" 2>&1 &
    WESTON_PID=$!
    track $WESTON_PID
    # Killed on purpose by some cases: no job-status notice from bash then.
    disown $WESTON_PID
    wait_for_line "$WESTON_LOG" "kiosk-test: seat with" 10 || { log "weston did not start:"; tail -5 "$WESTON_LOG" >&2; return 1; }
    [ -S "$WESTON_RUN/kiosk-e2e" ] || return 1
    # One descriptor for all commands: each line reaches the module as soon as it is written.
    exec 8>"$WESTON_FIFO"
}

weston_stop_input() { exec 8>&-; }

# weston_send COMMAND...: one line to the test module.
weston_send() { printf '%s\n' "$*" >&8; }

# weston_capture PATH: a PPM of the output after a fresh repaint.
weston_capture() {
    rm -f "$1"
    weston_send capture "$1"
    wait_for_file "$1" 5
}

# weston_touch_drag ID X1 Y X2 STEPS: a finger down at X1,Y moving to X2 in STEPS motions 16 ms
# apart (about one per frame); the finger stays down.
weston_touch_drag() {
    weston_send touch down "$1" "$2" "$3"
    weston_send touch frame
    weston_touch_drag_moves "$@"
}

# The moves of weston_touch_drag without its touch-down (ID X0 Y X1 STEPS), 16 ms apart.
weston_touch_drag_moves() {
    i=1
    while [ $i -le "$5" ]; do
        sleep 0.016
        weston_send touch motion "$1" $(($2 + ($4 - $2) * i / $5)) "$3"
        weston_send touch frame
        i=$((i + 1))
    done
}

weston_touch_up() {
    weston_send touch up "$1"
    weston_send touch frame
}

# weston_tap X Y
weston_tap() {
    weston_send touch down 9 "$1" "$2"
    weston_send touch frame
    sleep 0.05
    weston_touch_up 9
}

# weston_key CODE: press and release (Linux evdev codes: LEFT 105, RIGHT 106, ESC 1).
weston_key() {
    weston_send key down "$1"
    weston_send key up "$1"
}

#!/bin/bash
# End-to-end case for the playlist (issue 30) under weston 10 headless (sourced by run.sh): the
# fixture with home a playlist of its red and green pages (dwell 2 s, resume_after 3 s). With no
# touch it turns by itself (the "showing page" log line names the next page after the dwell, and
# the screen equals `kiosk-shell render` of that page) and wraps to the first page. A tap right
# after a turn holds the page past its dwell, with next to no CPU while it waits (the loop sleeps
# until the turn is due); the turning resumes resume_after after the tap.

pl_write_config() {
    PL_CONFIG="$WORK/playlist-config"
    rm -rf "$PL_CONFIG" && cp -r "$HERE/Fixtures/kiosk" "$PL_CONFIG"
    sed -i 's/^home = "home"/home = "loop"/' "$PL_CONFIG/kiosk.toml"
    cat >"$PL_CONFIG/pages/loop.toml" <<'TOML'
title = "Loop"
type = "playlist"
pages = ["red", "green"]
dwell = 2
resume_after = "3s"
[transition]
type = "fade"
duration = 0.3
TOML
    # The fixture's cube is now unreachable: check warns (exit 0) and the run shows the loop.
    "$KIOSK" check --config "$PL_CONFIG" >"$WORK/playlist-check.log" 2>&1 ||
        fail_because "check refused the playlist config: $(tail -3 "$WORK/playlist-check.log")"
}

# pl_elapsed_since T0: seconds since T0 (from `now`), 1 decimal.
pl_elapsed_since() { awk -v a="$1" -v b="$(now)" 'BEGIN { printf "%.1f", b - a }'; }

pl_turns_and_pauses() {
    pl_write_config || return 1
    weston_start playlist || fail_because "weston did not start" || return 1
    PL_LOG="$WORK/playlist-client.log"
    start_client "$PL_LOG" "$WESTON_RUN" kiosk-e2e "$KIOSK" run --config "$PL_CONFIG" --verbose
    PL_PID=$CLIENT_PID
    mark_pages "$PL_LOG"
    wait_for_page "$PL_LOG" red 10 || return 1
    shown=$(now)
    mark_pages "$PL_LOG"
    # By itself: green after the 2 s dwell (+ the 0.3 s fade), not before.
    wait_for_page "$PL_LOG" green 12 || fail_because "no turn to green: ${REASON:-$(tail -2 "$PL_LOG")}" || return 1
    took=$(pl_elapsed_since "$shown")
    less_than "$took" 1.8 && { fail_because "turned after $took s, before the 2 s dwell"; return 1; }
    log "playlist: red -> green by itself after $took s (dwell 2 s + fade 0.3 s)"
    ref="$WORK/playlist-green.png"
    "$KIOSK" render --config "$PL_CONFIG" --page green --size "$KW_SIZE" --out "$ref" >/dev/null 2>>"$WORK/render.log" ||
        fail_because "render of green failed" || return 1
    expect_screen weston_capture "$WORK/playlist-green.ppm" "$ref" || return 1
    mark_pages "$PL_LOG"
    wait_for_page "$PL_LOG" red 10 || fail_because "it did not wrap to red: ${REASON:-$(tail -2 "$PL_LOG")}" || return 1
    # A tap on the page (a plain panel: it presses nothing) right after the turn: held past the dwell.
    weston_tap 400 400
    tapped=$(now)
    mark_pages "$PL_LOG"
    # Paused, the loop sleeps until resume_after: CPU over 1 s of it, once the tap's frame and
    # the pages drawn ahead after the turn settled are done (generous on a loaded machine).
    sleep 1.5
    cpu0=$(cpu_ms "$PL_PID")
    sleep 1
    cpu1=$(cpu_ms "$PL_PID")
    log "playlist: $((cpu1 - cpu0)) ms of CPU in 1 s while paused"
    [ $((cpu1 - cpu0)) -le 50 ] || fail_because "$((cpu1 - cpu0)) ms of CPU in 1 s at rest" || return 1
    sleep 0.2
    [ "$(count_lines "$PL_LOG" '^info: showing page ')" = "$PAGES_SEEN" ] ||
        fail_because "it turned while paused: $(grep '^info: showing page ' "$PL_LOG" | tail -1)" || return 1
    wait_for_page "$PL_LOG" green 8 || fail_because "it did not resume after the pause: ${REASON:-$(tail -2 "$PL_LOG")}" || return 1
    resumed=$(pl_elapsed_since "$tapped")
    less_than "$resumed" 2.9 && { fail_because "resumed $resumed s after the tap, before resume_after (3 s)"; return 1; }
    log "playlist: a tap held red; green came $resumed s after it (resume_after 3 s + fade 0.3 s)"
    stop_pid $PL_PID; stop_pid $WESTON_PID
    weston_stop_input
}

playlist_cases() {
    run_case "kiosk/weston: a playlist turns by itself at its dwell, sleeps between turns, and a tap pauses it until resume_after" pl_turns_and_pauses
}

#!/bin/bash
# End-to-end cases for live reload of [display] and [input] under weston 10 headless (sourced by
# run.sh after calibrate.sh, whose corner kiosk, native_point and fresh_weston it uses):
# - a panel that boots with a broken kiosk.toml shows the diagnostic page; fixing the file with
#   `rotation = "90"` re-renders the pages turned (the screenshot equals `kiosk-shell render`
#   with that rotation) and a touch at each upright corner opens the tile drawn there;
# - editing the rotation again (90 -> 180) while running turns the picture and the touches with it.

# lr_expect_render CONFIG LOG NAME: the screen equals `render` of the corner page with the
# config's rotation (the PNG has the panel's native size).
lr_expect_render() {
    ref="$WORK/live-$3.png"
    "$KIOSK" render --config "$1" --page main --size "$LR_SIZE" --out "$ref" >/dev/null 2>>"$WORK/render.log" ||
        fail_because "render of $1 failed" || return 1
    expect_screen weston_capture "$WORK/live-$3.ppm" "$ref"
}

# lr_tap_corners LOG ROTATION: taps 40 px inside each upright corner (drawn turned by ROTATION on
# the 800x600 output) and expects its tile's page, then Escape back; counts log lines from now,
# so it works on a log that already has pages in it.
lr_tap_corners() {
    lw=$WESTON_W; lh=$WESTON_H
    case "$2" in *90|*270) lw=$WESTON_H; lh=$WESTON_W ;; esac
    for corner in "tl 40 40" "tr $((lw - 40)) 40" "bl 40 $((lh - 40))" "br $((lw - 40)) $((lh - 40))"; do
        set -- "$1" "$2" $corner
        point=$(native_point "$2" "$4" "$5")
        opened=$(count_lines "$1" "showing page \"$3\"")
        back=$(count_lines "$1" 'showing page "corners"')
        weston_capture "$WORK/live-$2-$3.ppm" || fail_because "capture did not arrive" || return 1
        px=${point%% *}; py=${point##* }
        expect_pixel "$WORK/live-$2-$3.ppm" "${px%.*}" "${py%.*}" FF0000 || fail_because "$2 $3: $REASON" || return 1
        weston_send touch down 1 $point
        weston_send touch frame
        weston_send touch up 1
        weston_send touch frame
        wait_for_count "$1" "showing page \"$3\"" $((opened + 1)) 5 ||
            fail_because "rotation $2: a touch at $point (upright corner $3) did not open $3: $(tail -2 "$1")" || return 1
        weston_key 1
        wait_for_count "$1" 'showing page "corners"' $((back + 1)) 5 ||
            fail_because "rotation $2: Escape did not go back from $3: $(tail -2 "$1")" || return 1
    done
}

lr_broken_then_rotated() {
    dir="$WORK/live-reload"
    make_corner_config "$dir" normal
    sed -i 's/^rotation = .*/rotation = "sideways"/' "$dir/kiosk.toml"
    fresh_weston || fail_because "weston did not start" || return 1
    LR_LOG="$WORK/kiosk-live-reload.log"
    env XDG_RUNTIME_DIR="$WESTON_RUN" WAYLAND_DISPLAY=kiosk-e2e "$KIOSK" run --config "$dir" >"$LR_LOG" 2>&1 &
    LR_PID=$!; track $LR_PID
    wait_for_line "$LR_LOG" 'ready: first frame on screen' 10 || fail_because "no first frame: $(tail -3 "$LR_LOG")" || return 1
    grep -q 'unknown rotation' "$LR_LOG" || fail_because "the broken rotation was not reported: $(tail -3 "$LR_LOG")" || return 1
    # The fix: a portrait panel (the page laid out for 600x800, drawn turned into 800x600).
    make_corner_config "$dir" 90
    wait_for_line "$LR_LOG" 'showing page "corners"' 10 || fail_because "the fixed config was not shown: $(tail -3 "$LR_LOG")" || return 1
    grep -q 'rotation is now 90' "$LR_LOG" || fail_because "the rotation was not applied live: $(tail -3 "$LR_LOG")" || return 1
    LR_SIZE=600x800
    lr_expect_render "$dir" "$LR_LOG" rotated-90 || return 1
    sleep 0.3
    lr_tap_corners "$LR_LOG" 90
}

lr_rotation_edited() {
    dir="$WORK/live-reload"
    before=$(count_lines "$LR_LOG" 'config reloaded')
    make_corner_config "$dir" 180
    wait_for_count "$LR_LOG" 'config reloaded' $((before + 1)) 10 || fail_because "no reload: $(tail -3 "$LR_LOG")" || return 1
    grep -q 'rotation is now 180' "$LR_LOG" || fail_because "the rotation was not applied live: $(tail -3 "$LR_LOG")" || return 1
    ! grep -q 'apply at the next start' "$LR_LOG" || fail_because "the kiosk still defers [display] changes" || return 1
    LR_SIZE=800x600
    lr_expect_render "$dir" "$LR_LOG" rotated-180 || return 1
    lr_tap_corners "$LR_LOG" 180
    rc=$?
    stop_pid $LR_PID; stop_pid $WESTON_PID
    return $rc
}

live_reload_cases() {
    run_case "live reload/weston: a broken config fixed with rotation 90 re-renders turned; touches land on the right tiles" lr_broken_then_rotated
    run_case "live reload/weston: editing rotation 90 -> 180 while running turns the picture and the touches" lr_rotation_edited
    weston_stop_input
    cleanup_all
}

# `kiosk-shell run` under weston 10 (800x600, helpers in weston.sh) on the fixture config
# (Fixtures/kiosk: home = a cube of red, green and "lists", a drill-down). Touch, keys and
# screenshots go through the test module; every settled screen is compared with
# `kiosk-shell render` of the same navigation.

KW_SIZE=${WESTON_W}x${WESTON_H}

kw_first_frame() {
    weston_start kiosk-weston || fail_because "weston 10 headless with the test module did not start" || return 1
    KW_LOG="$WORK/kiosk-weston-client.log"
    start_kiosk "$KW_LOG" "$WESTON_RUN" kiosk-e2e
    KW_PID=$CLIENT_PID
    mark_pages "$KW_LOG"
    wait_for_line "$KW_LOG" "^info: output ${WESTON_W}x${WESTON_H} at scale 1$" 5 || fail_because "no output line: $(tail -3 "$KW_LOG")" || return 1
    wait_for_page "$KW_LOG" red || return 1
    weston_capture "$WORK/kw-first.ppm" || fail_because "capture did not arrive" || return 1
    expect_size "$WORK/kw-first.ppm" $WESTON_W $WESTON_H || return 1
    expect_same "$WORK/kw-first.ppm" "$(reference home $KW_SIZE)"
}

kw_drag_turns_cube() {
    mark_pages "$KW_LOG"
    # Half the width to the left: the cube stands at about 45 degrees while the finger is down.
    weston_touch_drag 3 700 300 300 25
    sleep 0.3
    weston_capture "$WORK/kw-mid-turn.ppm" || fail_because "mid-turn capture did not arrive" || return 1
    expect_different "$WORK/kw-mid-turn.ppm" "$(reference home $KW_SIZE)" || return 1
    expect_different "$WORK/kw-mid-turn.ppm" "$(reference green $KW_SIZE next)" || return 1
    expect_colour red "$WORK/kw-mid-turn.ppm" 250 250 60 100 || return 1
    expect_colour green "$WORK/kw-mid-turn.ppm" 500 250 60 100 || return 1
    weston_send touch motion 3 200 300
    weston_send touch frame
    weston_touch_up 3
    wait_for_page "$KW_LOG" green || return 1
    expect_screen weston_capture "$WORK/kw-after-turn.ppm" "$(reference green $KW_SIZE next)"
}

# A swipe whose moves wait in the socket while the kiosk is stalled (SIGSTOP stands in for a
# loop held up by a slow frame on a loaded board): the touch-down is read, then nothing for 1 s,
# far past the long-press delay. The moves carry the compositor's stamps, and pending events are
# read before the long-press deadline is decided, so it is still a swipe (green -> red), not a
# long press. Dated by read time, or decided before the moves were read, it was a long press.
kw_stalled_swipe() {
    mark_pages "$KW_LOG"
    weston_send touch down 4 150 300
    weston_send touch frame
    sleep 0.2
    kill -STOP "$KW_PID"
    weston_touch_drag_moves 4 150 300 650 20
    weston_touch_up 4
    sleep 1
    kill -CONT "$KW_PID"
    wait_for_page "$KW_LOG" red || fail_because "the stalled swipe did not turn the cube back: $(grep -c 'long press' "$KW_LOG") long-press lines" || return 1
    # Back to green for the cases after this one.
    mark_pages "$KW_LOG"
    weston_key 106
    wait_for_page "$KW_LOG" green
}

kw_keys() {
    mark_pages "$KW_LOG"
    weston_key 106 # Right: green -> lists (the drill-down, its left page "menu" in view)
    wait_for_page "$KW_LOG" menu || return 1
    mark_pages "$KW_LOG"
    weston_key 105 # Left: back to green
    wait_for_page "$KW_LOG" green || return 1
    mark_pages "$KW_LOG"
    weston_key 106
    wait_for_page "$KW_LOG" menu || return 1
    expect_screen weston_capture "$WORK/kw-lists.ppm" "$(reference lists $KW_SIZE "key Left")"
}

kw_drill_down() {
    mark_pages "$KW_LOG"
    weston_tap 150 132 # the "Alpha" row of the left column
    wait_for_page "$KW_LOG" alpha || return 1
    expect_screen weston_capture "$WORK/kw-alpha.ppm" "$(reference alpha $KW_SIZE "key Left; wait 1s; tap 150,132")" || return 1
    mark_pages "$KW_LOG"
    weston_tap 500 132 # "Deeper" in the right column: Alpha moves left, Deeper opens on the right
    wait_for_page "$KW_LOG" deeper || return 1
    expect_screen weston_capture "$WORK/kw-deeper.ppm" "$(reference deeper $KW_SIZE "key Left; wait 1s; tap 150,132; wait 1s; tap 500,132")"
}

kw_back_swipe() {
    mark_pages "$KW_LOG"
    # From the left edge of the left column (two pages on the left) across most of it.
    weston_touch_drag 5 4 300 290 18
    weston_touch_up 5
    wait_for_page "$KW_LOG" alpha || return 1
    expect_screen weston_capture "$WORK/kw-back.ppm" "$(reference alpha $KW_SIZE "key Left; wait 1s; tap 150,132")"
}

kw_seat_caps() {
    for caps in none touch all keyboard pointer,touch none all; do
        weston_send seat caps $caps
        sleep 0.1
    done
    kill -0 "$KW_PID" 2>/dev/null || fail_because "client died while seat capabilities changed: $(tail -3 "$KW_LOG")" || return 1
    mark_pages "$KW_LOG"
    weston_tap 500 132 # touch works again: Deeper opens
    wait_for_page "$KW_LOG" deeper || return 1
    mark_pages "$KW_LOG"
    weston_key 1 # Escape: back, keys work again
    wait_for_page "$KW_LOG" alpha || return 1
    # A key was used last, so the page shows the focus ring (on the item it had focused).
    expect_screen weston_capture "$WORK/kw-caps.ppm" \
        "$(reference alpha-focused $KW_SIZE "key Left; wait 1s; tap 150,132; wait 1s; tap 500,132; wait 1s; key Escape; wait 1s")"
}

kw_sigterm() {
    stop_at=$(now)
    kill -TERM "$KW_PID"
    wait_for_exit "$KW_PID" 3; status=$EXIT_STATUS
    [ "$status" = 0 ] || fail_because "SIGTERM: exit status $status, expected 0: $(tail -2 "$KW_LOG")" || return 1
    log "  exited 0 in $(elapsed "$stop_at" "$(now)") s; $(grep '^info: frames: ' "$KW_LOG")"
    kill -0 "$WESTON_PID" 2>/dev/null || fail_because "weston died when the client left"
}

kw_compositor_killed() {
    L="$WORK/kiosk-weston-client2.log"
    mark_pages "$L"
    start_kiosk "$L" "$WESTON_RUN" kiosk-e2e
    wait_for_page "$L" red || fail_because "second client showed no page: $(tail -2 "$L")" || return 1
    weston_stop_input
    killed_at=$(now)
    kill -KILL "$WESTON_PID"
    wait_for_exit "$CLIENT_PID" 1; status=$EXIT_STATUS
    took=$(elapsed "$killed_at" "$(now)")
    wait "$WESTON_PID" 2>/dev/null
    [ "$status" = 1 ] || fail_because "after the compositor died: status $status within 1 s, expected 1" || return 1
    log "  exited 1 in $took s: $(grep '^error: ' "$L" | head -1)"
}

kiosk_weston_cases() {
    run_case "kiosk/weston: first frame equals render of the home page" kw_first_frame
    run_case "kiosk/weston: a touch drag turns the cube (two faces mid-turn, face 2 after)" kw_drag_turns_cube
    run_case "kiosk/weston: a swipe read late (kiosk stalled 1 s after touch-down) is a swipe, not a long press" kw_stalled_swipe
    run_case "kiosk/weston: Right and Left keys turn the cube" kw_keys
    run_case "kiosk/weston: tapping list rows opens details in the drill-down" kw_drill_down
    run_case "kiosk/weston: a back swipe from the left edge returns" kw_back_swipe
    run_case "kiosk/weston: seat capabilities going and coming; touch and keys work after" kw_seat_caps
    run_case "kiosk/weston: SIGTERM exits 0" kw_sigterm
    run_case "kiosk/weston: compositor killed -> client exits 1 within 1 s" kw_compositor_killed
    weston_stop_input
    cleanup_all
}

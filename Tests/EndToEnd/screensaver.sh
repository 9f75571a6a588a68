#!/bin/bash
# End-to-end case for the screensaver (issue 30) under weston 10 headless (sourced by run.sh):
# the fixture cube turned to its green face, then 2 s without a touch: the screensaver page (the
# "lists" drill-down) is on screen, equal to `kiosk-shell render` of it; a tap on its Alpha row
# ends it without opening Alpha, and the screen is the green face again, as the visitor left it.

ss_screensaver_returns() {
    SS_CONFIG="$WORK/screensaver-config"
    rm -rf "$SS_CONFIG" && cp -r "$HERE/Fixtures/kiosk" "$SS_CONFIG"
    printf '\n[idle]\nscreensaver = "lists"\nscreensaver_after = 2\n' >>"$SS_CONFIG/kiosk.toml"
    weston_start screensaver || fail_because "weston did not start" || return 1
    SS_LOG="$WORK/screensaver-client.log"
    start_client "$SS_LOG" "$WESTON_RUN" kiosk-e2e "$KIOSK" run --config "$SS_CONFIG" --verbose
    SS_PID=$CLIENT_PID
    mark_pages "$SS_LOG"
    wait_for_page "$SS_LOG" red || return 1
    mark_pages "$SS_LOG"
    weston_key 106 # Right: red -> green
    wait_for_page "$SS_LOG" green || return 1
    wait_for_line "$SS_LOG" 'showing the screensaver "lists"' 6 ||
        fail_because "no screensaver after 2 s idle: $(tail -2 "$SS_LOG")" || return 1
    ref="$WORK/screensaver-lists.png"
    "$KIOSK" render --config "$SS_CONFIG" --page lists --size "$KW_SIZE" --out "$ref" >/dev/null 2>>"$WORK/render.log" ||
        fail_because "render of lists failed" || return 1
    expect_screen weston_capture "$WORK/screensaver-on.ppm" "$ref" || return 1
    mark_pages "$SS_LOG"
    weston_tap 150 132 # the Alpha row of the screensaver's left column: must not open
    wait_for_line "$SS_LOG" 'screensaver ended: back at "green"' 5 ||
        fail_because "the tap did not end the screensaver: $(tail -2 "$SS_LOG")" || return 1
    expect_screen weston_capture "$WORK/screensaver-off.ppm" "$(reference green $KW_SIZE next)" || return 1
    sleep 0.5
    [ "$(count_lines "$SS_LOG" 'showing page "alpha"')" = 0 ] ||
        fail_because "the waking tap opened Alpha" || return 1
    stop_pid $SS_PID; stop_pid $WESTON_PID
    weston_stop_input
}

screensaver_cases() {
    run_case "kiosk/weston: the screensaver shows after idle; the first tap presses nothing and returns to the face left" ss_screensaver_returns
}

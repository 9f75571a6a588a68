# Display power under sway 1.7 headless (helpers in sway.sh): a schedule row with
# display = "off" powers the output down through wlr-output-power-management (sway reports the
# output's dpms/power off, not just a black window), a pointer click (one finger) wakes it for
# [display] wake_for without pressing anything (the kiosk logs the wake's latency, touch to first
# lit frame, once), and the schedule switches it off again after.

PW_W=1280
PW_H=720

# sway_output_power: "on" or "off" as sway reports HEADLESS-1 (sway 1.7 calls it dpms, 1.8+ power).
sway_output_power() {
    swaymsg -r -t get_outputs 2>/dev/null | tr -d ' \n' | grep -o '"\(dpms\|power\)":\(true\|false\)' | head -1 |
        sed 's/.*:true/on/; s/.*:false/off/'
}

# wait_for_power on|off SECONDS
wait_for_power() { wait_for_output "$1" "$2" sway_output_power; }

# expect_powered_off: sway reports the output off within 3 s after the kiosk asked. wlroots
# 0.15's headless backend cannot switch an output off: sway logs that it failed to commit the
# output and keeps reporting it on; then only the request is checked (a sway on a real display,
# or a newer headless backend, powers it down and is checked). POWER_REAL: 1 really off, 0 not.
expect_powered_off() {
    POWER_REAL=1
    wait_for_power off 3 && return 0
    grep -q 'Failed to commit output HEADLESS-1' "$SWAY_LOG" ||
        fail_because "sway reports the output $(sway_output_power) 3 s after the kiosk asked it off, and gave no reason" || return 1
    POWER_REAL=0
    log "  this sway's headless output cannot power off (sway: Failed to commit output HEADLESS-1); the request reached it"
}

pw_off_then_wake() {
    sway_start kiosk-power || fail_because "sway headless did not start as user $E2E_USER" || return 1
    config="$WORK/power-config"
    rm -rf "$config" && cp -r "$FIXTURE" "$config" && chmod -R a+rX "$config"
    # The row holds all day; wake_for short so the case also sees the schedule resume.
    printf '\n[display]\nwake_for = 3\n\n[[schedule]]\ndisplay = "off"\n' >>"$config/kiosk.toml"
    "$KIOSK" check --config "$config" >"$WORK/power-check.log" 2>&1 || fail_because "check: $(tail -2 "$WORK/power-check.log")" || return 1
    PW_LOG="$WORK/kiosk-power-client.log"
    mark_pages "$PW_LOG"
    start_client "$PW_LOG" "$SWAY_RUN" "$SWAY_DISPLAY" "$KIOSK" run --config "$config" --verbose
    PW_PID=$CLIENT_PID
    wait_for_page "$PW_LOG" red || fail_because "no page shown: $(tail -3 "$PW_LOG")" || return 1
    wait_for_line "$PW_LOG" 'output power off \(wlr-output-power-management\)' 5 || fail_because "no 'output power off' line: $(tail -2 "$PW_LOG")" || return 1
    expect_powered_off || return 1
    kill -0 "$PW_PID" 2>/dev/null || fail_because "the kiosk died after asking for power off: $(tail -2 "$PW_LOG")" || return 1
    pointer_start || fail_because "virtual pointer did not start: $(cat "$POINTER_LOG")" || return 1
    pages_before=$(count_lines "$PW_LOG" '^info: showing page ')
    clicked_at=$(now)
    pointer move 640 360 $PW_W $PW_H
    pointer down
    pointer up
    wait_for_power on 3 || fail_because "sway reports the output $(sway_output_power) 3 s after the click" || return 1
    wait_for_line "$PW_LOG" 'output power on \(wlr-output-power-management\)' 3 || fail_because "no 'output power on' line after the click" || return 1
    on_after=$(elapsed "$clicked_at" "$(now)")
    grep -q 'woken by' "$PW_LOG" || fail_because "no 'woken by' line after the click" || return 1
    # The wake is timed once, from the click to the first lit frame the kiosk presented.
    wait_for_line "$PW_LOG" 'display: woke in [0-9]+ ms \(touch → first lit frame\)' 3 ||
        fail_because "no wake latency line after the click: $(tail -2 "$PW_LOG")" || return 1
    [ "$(count_lines "$PW_LOG" 'display: woke in ')" = 1 ] || fail_because "more than one wake latency line for one wake" || return 1
    log "  wake latency: $(grep -o 'woke in [0-9]* ms' "$PW_LOG") (touch to first lit frame, the kiosk's own measure)"
    # Pressed nothing: no other page, and the screen is the home page as render draws it.
    sleep 0.3
    [ "$(count_lines "$PW_LOG" '^info: showing page ')" = "$pages_before" ] || fail_because "the waking click navigated: $(grep 'showing page' "$PW_LOG" | tail -1)" || return 1
    expect_screen sway_shot "$WORK/power-woken.ppm" "$(reference home ${PW_W}x${PW_H})" || return 1
    log "  click to the kiosk asking the output on (and sway reporting it on): $on_after s (polled every 50 ms)"
    # wake_for = 3: the schedule holds the display off again.
    offs=$(count_lines "$PW_LOG" 'output power off \(wlr-output-power-management\)')
    wait_for_count "$PW_LOG" 'output power off \(wlr-output-power-management\)' $((offs + 1)) 8 ||
        fail_because "no second 'output power off' 8 s after the wake (wake_for = 3)" || return 1
    [ $POWER_REAL = 0 ] || wait_for_power off 3 || fail_because "the output is $(sway_output_power) after the wake ended" || return 1
    pointer_stop
    kill -TERM "$PW_PID"
    wait_for_exit "$PW_PID" 3
    # A stop never leaves the output dark.
    wait_for_power on 3 || fail_because "the output stayed $(sway_output_power) after the kiosk stopped" || return 1
    kill -0 "$SWAY_PID" 2>/dev/null || fail_because "sway died during the case: $(tail -2 "$SWAY_LOG")"
}

power_sway_cases() {
    run_case "power/sway: display = \"off\" powers the output down (wlr-output-power-management), a click wakes it pressing nothing, the schedule resumes, exit powers it on" pw_off_then_wake
    pointer_stop
    cleanup_all
}

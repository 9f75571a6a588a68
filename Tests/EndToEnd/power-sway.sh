# Display power under sway 1.7 headless (helpers in sway.sh): a schedule row with
# display = "off" powers the output down through wlr-output-power-management (sway reports the
# output's dpms/power off, not just a black window), a pointer click (one finger) wakes it for
# [display] wake_for without pressing anything, and the schedule switches it off again after.

PW_W=1280
PW_H=720

# sway_output_power: "on" or "off" as sway reports HEADLESS-1 (sway 1.7 calls it dpms, 1.8+ power).
sway_output_power() {
    swaymsg -r -t get_outputs 2>/dev/null | tr -d ' \n' | grep -o '"\(dpms\|power\)":\(true\|false\)' | head -1 |
        sed 's/.*:true/on/; s/.*:false/off/'
}

# wait_for_power on|off SECONDS
wait_for_power() {
    deadline=$(awk -v t="$(now)" -v d="$2" 'BEGIN { printf "%.3f", t + d }')
    while [ "$(sway_output_power)" != "$1" ]; do
        less_than "$(now)" "$deadline" || return 1
        sleep 0.02
    done
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
    wait_for_power off 5 || fail_because "sway reports the output $(sway_output_power) 5 s after start with display = \"off\"" || return 1
    grep -q 'output power off (wlr-output-power-management)' "$PW_LOG" || fail_because "no 'output power off' line" || return 1
    pointer_start || fail_because "virtual pointer did not start: $(cat "$POINTER_LOG")" || return 1
    pages_before=$(count_lines "$PW_LOG" '^info: showing page ')
    clicked_at=$(now)
    pointer move 640 360 $PW_W $PW_H
    pointer down
    pointer up
    wait_for_power on 3 || fail_because "sway reports the output $(sway_output_power) 3 s after the click" || return 1
    on_after=$(elapsed "$clicked_at" "$(now)")
    grep -q 'woken by' "$PW_LOG" || fail_because "no 'woken by' line after the click" || return 1
    # Pressed nothing: no other page, and the screen is the home page as render draws it.
    sleep 0.3
    [ "$(count_lines "$PW_LOG" '^info: showing page ')" = "$pages_before" ] || fail_because "the waking click navigated: $(grep 'showing page' "$PW_LOG" | tail -1)" || return 1
    expect_screen sway_shot "$WORK/power-woken.ppm" "$(reference home ${PW_W}x${PW_H})" || return 1
    log "  click to output power on (as swaymsg reports it): $on_after s"
    # wake_for = 3: the schedule holds the display off again.
    wait_for_power off 8 || fail_because "the output is $(sway_output_power) 8 s after the wake (wake_for = 3)" || return 1
    pointer_stop
    kill -TERM "$PW_PID"
    wait_for_exit "$PW_PID" 3
    # A stop never leaves the output dark.
    wait_for_power on 3 || fail_because "the output stayed $(sway_output_power) after the kiosk stopped"
}

power_sway_cases() {
    run_case "power/sway: display = \"off\" powers the output down (wlr-output-power-management), a click wakes it pressing nothing, the schedule resumes, exit powers it on" pw_off_then_wake
    pointer_stop
    cleanup_all
}

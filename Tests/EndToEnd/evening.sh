# The panel's evening with a shifted clock (issue 30, point 7), under sway 1.7 headless (helpers in
# sway.sh and power-sway.sh), sourced by run.sh. The kiosk runs under libfaketime (`faketime`):
# its wall clock starts at EV_START (17:59:55 local, TZ=UTC) and runs at real speed, its
# monotonic clock is not faked (the loop's timers and the idle clock keep the real one). Two
# rows: dim 18:00–18:01 at brightness 30, off 18:01–06:00; wake_for = 3. Asserted against a fake backlight (sysfs-like
# folder through KIOSK_BACKLIGHT_ROOT, max_brightness 200) and sway's output state:
# - at 18:00 the backlight goes to the dim level (60 of 200) and the output stays on;
# - at 18:01 the output powers off (wlr-output-power-management; sway reports it off, or this
#   headless sway says it cannot) and the backlight goes to 0;
# - a click (one finger) on the page's tile wakes it: output on, backlight 200, the page as
#   `render` draws it, no page change and the tile's program never ran; the wake's latency
#   (touch to first lit frame) is logged;
# - 3 s after the click the schedule switches it off again; SIGTERM leaves the backlight lit.
# About 75 s, most of it the dim minute (the schedule's resolution is a minute).

EV_W=1280
EV_H=720
EV_START="2026-12-01 17:59:55"

# libfaketime is started through Debian's `faketime` wrapper, not by setting LD_PRELOAD here:
# preloaded on its own (0.9.10), the library leaves a Swift binary's CommandLine.arguments empty
# (found with this case); through the wrapper, which sets up the shared clock and its
# FAKETIME_SHARED variable before the program starts, the arguments arrive. The wrapper forks and
# does not pass signals on: EV_PID is its child, the kiosk.

ev_backlight() { cat "$WORK/evening-backlight/panel/brightness" 2>/dev/null; }

# ev_wait_backlight LEVEL SECONDS
ev_wait_backlight() { wait_for_output "$1" "$2" ev_backlight; }

ev_write_config() {
    EV_CONFIG="$WORK/evening-config"
    rm -rf "$EV_CONFIG" && cp -r "$FIXTURE" "$EV_CONFIG"
    sed -i 's/^home = "home"/home = "evening"/' "$EV_CONFIG/kiosk.toml"
    cat >>"$EV_CONFIG/kiosk.toml" <<'TOML'

[idle]
backlight = "panel"

[display]
wake_for = 3

[[schedule]]
from = "18:00"
to = "18:01"
display = "dim"
brightness = 30

[[schedule]]
from = "18:01"
to = "06:00"
display = "off"
TOML
    # One big tile over the middle: a tap that reached the page would run its program.
    cat >"$EV_CONFIG/pages/evening.toml" <<TOML
title = "Evening"
type = "panel"
background = "#203050"
[[widget]]
type = "grid"
columns = 1
tile_height = 300
[[widget.tile]]
label = "Press me"
run = ["/usr/bin/touch", "$WORK/evening-pressed"]
TOML
    chmod -R a+rX "$EV_CONFIG"
    "$KIOSK" check --config "$EV_CONFIG" >"$WORK/evening-check.log" 2>&1 ||
        fail_because "check refused the evening config: $(tail -3 "$WORK/evening-check.log")"
}

ev_evening() {
    command -v faketime >/dev/null || fail_because "no faketime (Debian package faketime)" || return 1
    ev_write_config || return 1
    mkdir -p "$WORK/evening-backlight/panel"
    echo 200 >"$WORK/evening-backlight/panel/max_brightness"
    echo 200 >"$WORK/evening-backlight/panel/brightness"
    rm -f "$WORK/evening-pressed"
    sway_start kiosk-evening || fail_because "sway headless did not start as user $E2E_USER" || return 1
    EV_LOG="$WORK/kiosk-evening-client.log"
    mark_pages "$EV_LOG"
    started=$(now)
    # The wall clock shifted, the monotonic one real (the loop's timers and the idle clock).
    start_client "$EV_LOG" "$SWAY_RUN" "$SWAY_DISPLAY" env TZ=UTC FAKETIME_DONT_FAKE_MONOTONIC=1 \
        KIOSK_BACKLIGHT_ROOT="$WORK/evening-backlight" \
        faketime "$EV_START" "$KIOSK" run --config "$EV_CONFIG" --verbose
    i=0
    EV_PID=""
    while [ -z "$EV_PID" ] && [ $i -lt 100 ]; do
        EV_PID=$(pgrep -P "$CLIENT_PID" | head -1)
        [ -n "$EV_PID" ] || sleep 0.05
        i=$((i + 1))
    done
    [ -n "$EV_PID" ] || fail_because "faketime started no kiosk: $(tail -2 "$EV_LOG")" || return 1
    track "$EV_PID"
    wait_for_page "$EV_LOG" evening 10 || fail_because "no page shown: ${REASON:-$(tail -3 "$EV_LOG")}" || return 1
    # 18:00 (5 s after the start of the fake clock): dimmed to 30 % of 200.
    wait_for_line "$EV_LOG" 'schedule: display dim, backlight 30 %' 15 ||
        fail_because "no dim 15 s after a start at $EV_START (is libfaketime shifting the kiosk's clock?): $(tail -2 "$EV_LOG")" || return 1
    dimmed=$(now)
    ev_wait_backlight 60 2 || fail_because "backlight $(ev_backlight) after the dim row began, expected 60 (30 % of 200)" || return 1
    [ "$(sway_output_power)" = on ] || fail_because "the output is $(sway_output_power) while only dimmed" || return 1
    log "  evening: dimmed $(elapsed "$started" "$dimmed") s after the start (fake clock from $EV_START), backlight 60/200"
    # 18:01: off. The dim minute runs in real time (the schedule's resolution is a minute).
    wait_for_line "$EV_LOG" 'output power off \(wlr-output-power-management\)' 70 ||
        fail_because "no 'output power off' 70 s after the dim: $(tail -2 "$EV_LOG")" || return 1
    log "  evening: off $(elapsed "$dimmed" "$(now)") s after the dim"
    ev_wait_backlight 0 2 || fail_because "backlight $(ev_backlight) with the display off, expected 0" || return 1
    expect_powered_off || return 1
    # The tap on the tile: it wakes the panel and presses nothing.
    pointer_start || fail_because "virtual pointer did not start: $(cat "$POINTER_LOG")" || return 1
    pages_before=$(count_lines "$EV_LOG" '^info: showing page ')
    pointer move $((EV_W / 2)) $((EV_H / 2)) $EV_W $EV_H
    pointer down
    pointer up
    wait_for_line "$EV_LOG" 'output power on \(wlr-output-power-management\)' 3 || fail_because "no 'output power on' 3 s after the click" || return 1
    [ $POWER_REAL = 0 ] || wait_for_power on 3 || fail_because "sway reports the output $(sway_output_power) after the click" || return 1
    ev_wait_backlight 200 2 || fail_because "backlight $(ev_backlight) after the wake, expected 200" || return 1
    wait_for_line "$EV_LOG" 'display: woke in [0-9]+ ms \(touch → first lit frame\)' 3 ||
        fail_because "no wake latency line after the click: $(tail -2 "$EV_LOG")" || return 1
    log "  evening: $(grep -o 'woke in [0-9]* ms' "$EV_LOG" | tail -1) (touch to first lit frame)"
    ref="$WORK/evening-ref.png"
    "$KIOSK" render --config "$EV_CONFIG" --page evening --size ${EV_W}x${EV_H} --out "$ref" >/dev/null 2>>"$WORK/render.log" ||
        fail_because "render of the evening page failed" || return 1
    expect_screen sway_shot "$WORK/evening-woken.ppm" "$ref" || return 1
    [ "$(count_lines "$EV_LOG" '^info: showing page ')" = "$pages_before" ] ||
        fail_because "the waking click navigated: $(grep 'showing page' "$EV_LOG" | tail -1)" || return 1
    [ ! -e "$WORK/evening-pressed" ] || fail_because "the waking click ran the tile's program" || return 1
    # wake_for = 3: the schedule holds the display off again.
    wait_for_count "$EV_LOG" 'output power off \(wlr-output-power-management\)' 2 8 ||
        fail_because "no second 'output power off' 8 s after the wake (wake_for = 3)" || return 1
    ev_wait_backlight 0 2 || fail_because "backlight $(ev_backlight) after the wake ended, expected 0" || return 1
    [ $POWER_REAL = 0 ] || wait_for_power off 3 || fail_because "the output is $(sway_output_power) after the wake ended" || return 1
    [ ! -e "$WORK/evening-pressed" ] || fail_because "the waking click ran the tile's program" || return 1
    pointer_stop
    stop_pid "$EV_PID"
    # A stop never leaves the panel dark.
    [ "$(ev_backlight)" = 200 ] || fail_because "backlight $(ev_backlight) after the kiosk stopped, expected 200" || return 1
    log "  evening: the case took $(elapsed "$started" "$(now)") s"
    stop_pid "$SWAY_PID"
}

evening_cases() {
    run_case "evening/sway: under libfaketime from 17:59:55 the schedule dims at 18:00, powers off at 18:01 (backlight 0), a click wakes it pressing nothing, off again after wake_for" ev_evening
    pointer_stop
    cleanup_all
}

# kiosk-shell as a long-running service (issue 7), for real: the kiosk-shell binary under weston
# 10 headless with the kiosk-test-input module, a stand-in for systemd's notification socket, and
# edits to a config folder while it runs. Sourced by run.sh (needs lib.sh and weston.sh).
#
# Screen checks read pixels of weston captures: every page of the test config has its own
# background colour, the error banner and diagnostic page are #501010, a blank screen is 000000.

SD_MAIN=204060      # pages/main.toml as written first
SD_DETAIL=406020    # pages/detail.toml
SD_EDITED=602040    # main.toml after the first edit
SD_FIXED=206040     # main.toml after the broken edit is fixed
SD_ERROR=501010     # banner and diagnostic page
SD_X=$((WESTON_W - 10))      # a point no banner covers
SD_Y=$((WESTON_H - 10))
SD_TILE_X=400                # the "Detail" tile on the main page
SD_TILE_Y=130

sd_write_config() {
    C="$WORK/sd-config"
    mkdir -p "$C/pages"
    cat >"$C/kiosk.toml" <<TOML
home = "home"
app_id = "kiosk-e2e"
TOML
    cat >"$C/pages/home.toml" <<TOML
type = "stack"
root = "main"
header = false
[transition]
type = "fade"
duration = 0.1
TOML
    sd_main_page "$SD_MAIN" >"$C/pages/main.toml"
    cat >"$C/pages/detail.toml" <<TOML
type = "panel"
background = "#$SD_DETAIL"
[[widget]]
type = "title"
text = "Detail"
TOML
}

# sd_main_page RRGGBB: the main page with one big tile that opens the detail page.
sd_main_page() {
    cat <<TOML
type = "panel"
background = "#$1"
[[widget]]
type = "grid"
columns = 1
tile_height = 200
[[widget.tile]]
label = "Detail"
open = "detail"
TOML
}

# sd_replace FILE: writes stdin to FILE the way editors do (a new file renamed over the old).
sd_replace() {
    cat >"$1.new" && mv "$1.new" "$1"
}

# sd_start LOG [ARGS...]: kiosk-shell run on weston with a notification socket, a watchdog of
# 1 s, a state directory and stderr marked as the journal (priority prefixes).
sd_start() {
    log_file=$1
    shift
    env XDG_RUNTIME_DIR="$WESTON_RUN" WAYLAND_DISPLAY=kiosk-e2e NOTIFY_SOCKET="$SD_SOCKET" \
        WATCHDOG_USEC=1000000 STATE_DIRECTORY="$WORK/sd-state" JOURNAL_STREAM=8:1 \
        "$KIOSK_BIN" run --config "$WORK/sd-config" --verbose "$@" >"$log_file" 2>&1 &
    KIOSK_PID=$!
    track "$KIOSK_PID"
}

sd_tap() {
    weston_send touch down 1 "$1" "$2"
    weston_send touch frame
    weston_send touch up 1
    weston_send touch frame
}

# sd_expect_screen NAME X Y RRGGBB: captures the screen and checks one pixel.
sd_expect_screen() {
    weston_capture "$WORK/sd-$1.ppm" || fail_because "capture $1 did not arrive" || return 1
    expect_pixel "$WORK/sd-$1.ppm" "$2" "$3" "$4"
}

# sd_wait_screen NAME X Y RRGGBB [TIMEOUT]: captures until the pixel has the colour.
sd_wait_screen() {
    deadline=$(awk -v t="$(now)" -v d="${5:-3}" 'BEGIN { printf "%.3f", t + d }')
    while :; do
        sd_expect_screen "$@" && return 0
        less_than "$(now)" "$deadline" || return 1
        sleep 0.1
    done
}

sd_notified() { grep -qx -- "$1" "$SD_NOTIFY_LOG" 2>/dev/null; }

sd_wait_notified() {
    i=0
    while ! sd_notified "$1"; do
        [ $i -ge "${2:-60}" ] && return 1
        sleep 0.05
        i=$((i + 1))
    done
}

s_ready_and_watchdog() {
    L="$WORK/sd-kiosk.log"
    sd_start "$L"
    sd_wait_notified "READY=1" 100 || fail_because "no READY=1 within 5 s: $(tail -3 "$L")" || return 1
    grep -q '^STATUS=showing page "main"$' "$SD_NOTIFY_LOG" || fail_because "READY=1 came without STATUS=showing page \"main\"" || return 1
    wait_for_line "$L" '^<6>ready: first frame on screen; started in [0-9]+ ms: loader [0-9]+, ' 2 || fail_because "no journald-prefixed ready line with the start's phases" || return 1
    sd_wait_notified "WATCHDOG=1" 40 || fail_because "no WATCHDOG=1 within 2 s of READY (WATCHDOG_USEC=1 s)" || return 1
    sd_expect_screen ready "$SD_X" "$SD_Y" "$SD_MAIN"
}

s_sighup_reload() {
    L="$WORK/sd-kiosk.log"
    : >"$SD_NOTIFY_LOG"
    kill -HUP "$KIOSK_PID"
    sd_wait_notified "RELOADING=1" 40 || fail_because "no RELOADING=1 after SIGHUP" || return 1
    sd_wait_notified "READY=1" 40 || fail_because "no READY=1 after the reload" || return 1
    wait_for_line "$L" 'config reload \(SIGHUP\): nothing changed' 2 || fail_because "reload not logged"
}

s_edit_applies() {
    L="$WORK/sd-kiosk.log"
    sd_tap $SD_TILE_X $SD_TILE_Y
    wait_for_line "$L" '^<6>showing page "detail"$' 3 || fail_because "tap on the tile did not open detail: $(tail -3 "$L")" || return 1
    sd_main_page "$SD_EDITED" | sd_replace "$WORK/sd-config/pages/main.toml"
    wait_for_line "$L" 'config reloaded \(files changed\): 3 pages' 3 || fail_because "edit not reloaded: $(tail -3 "$L")" || return 1
    sd_wait_screen detail-kept "$SD_X" "$SD_Y" "$SD_DETAIL" || fail_because "the reload left the detail page: $REASON" || return 1
    weston_send key down 1   # Escape: back
    weston_send key up 1
    sd_wait_screen edited "$SD_X" "$SD_Y" "$SD_EDITED" || fail_because "the edited main page is not on screen: $REASON"
}

s_broken_edit_keeps_pages() {
    L="$WORK/sd-kiosk.log"
    printf 'type = "panel"\nbackground = "#%s\n' "$SD_FIXED" | sd_replace "$WORK/sd-config/pages/main.toml"
    wait_for_line "$L" '^<3>pages/main.toml:[0-9]+:[0-9]+: error: ' 3 || fail_because "the syntax error was not logged: $(tail -3 "$L")" || return 1
    wait_for_line "$L" "^<3>config reload \(files changed\): 1 error; keeping the last good config$" 2 ||
        fail_because "no 'keeping the last good config' line" || return 1
    kill -0 "$KIOSK_PID" 2>/dev/null || fail_because "kiosk exited on a broken config" || return 1
    sd_wait_screen banner 10 10 "$SD_ERROR" || fail_because "no error banner: $REASON" || return 1
    sd_expect_screen banner "$SD_X" "$SD_Y" "$SD_EDITED" || fail_because "old page not kept under the banner: $REASON" || return 1
    # A tap on the banner dismisses it and reaches no page (the tile is under the banner).
    sd_tap $SD_TILE_X 60
    wait_for_line "$L" 'config error banner dismissed' 2 || fail_because "tap did not dismiss the banner" || return 1
    sd_wait_screen dismissed 10 10 "$SD_EDITED" || fail_because "banner still drawn: $REASON" || return 1
    sleep 0.3
    [ "$(count_lines "$L" 'showing page "detail"')" = 1 ] || fail_because "the banner tap was delivered to the page"
}

s_fix_applies() {
    L="$WORK/sd-kiosk.log"
    sd_main_page "$SD_FIXED" | sd_replace "$WORK/sd-config/pages/main.toml"
    sd_wait_screen fixed "$SD_X" "$SD_Y" "$SD_FIXED" || fail_because "fixed page not shown: $REASON" || return 1
    [ "$(count_lines "$L" 'config reloaded \(files changed\)')" = 2 ] || fail_because "expected two applied reloads"
}

s_idle_home_blank_wake() {
    L="$WORK/sd-kiosk.log"
    sd_tap $SD_TILE_X $SD_TILE_Y
    wait_for_line "$L" '^<6>showing page "detail"$' 3 || fail_because "could not open detail" || return 1
    sleep 0.3
    printf 'home = "home"\napp_id = "kiosk-e2e"\n[idle]\nhome_after = 1\nblank_after = 2.5\n' |
        sd_replace "$WORK/sd-config/kiosk.toml"
    wait_for_line "$L" 'idle for 1 s: going home' 4 || fail_because "did not go home after 1 s idle: $(tail -3 "$L")" || return 1
    sd_wait_screen idle-home "$SD_X" "$SD_Y" "$SD_FIXED" || fail_because "not home: $REASON" || return 1
    wait_for_line "$L" 'idle for 3 s: blanking the screen|idle for 2 s: blanking the screen' 4 || fail_because "did not blank" || return 1
    sd_wait_screen blank "$SD_X" "$SD_Y" 000000 || fail_because "screen not black: $REASON" || return 1
    # The wake tap lands on the tile: it must wake the screen and open nothing.
    sd_tap $SD_TILE_X $SD_TILE_Y
    wait_for_line "$L" 'woken by a touch' 2 || fail_because "no wake" || return 1
    sd_wait_screen woken "$SD_X" "$SD_Y" "$SD_FIXED" || fail_because "not lit again at home: $REASON" || return 1
    sleep 0.3
    [ "$(count_lines "$L" 'showing page "detail"')" = 2 ] || fail_because "the wake tap was delivered (detail opened)" || return 1
    sd_main_page "$SD_FIXED" >/dev/null
    printf 'home = "home"\napp_id = "kiosk-e2e"\n' | sd_replace "$WORK/sd-config/kiosk.toml"
    wait_for_line "$L" 'config reloaded \(files changed\)' 3
}

s_kill9_restores() {
    L="$WORK/sd-kiosk.log"
    sd_tap $SD_TILE_X $SD_TILE_Y
    wait_for_line "$L" '^<6>showing page "detail"$' 3 || fail_because "could not open detail" || return 1
    # wait_for_line counts earlier lines too: wait for the third "detail" since the start.
    i=0
    while [ "$(count_lines "$L" 'navigation saved to')" -lt 1 ] || [ "$(count_lines "$L" 'showing page "detail"')" -lt 3 ]; do
        [ $i -ge 60 ] && { fail_because "navigation not saved"; return 1; }
        sleep 0.05; i=$((i + 1))
    done
    sleep 0.3
    grep -q '^stack home main detail$' "$WORK/sd-state/navigation" ||
        fail_because "state file does not hold the detail page: $(cat "$WORK/sd-state/navigation" 2>&1)" || return 1
    kill -KILL "$KIOSK_PID"
    wait_for_exit "$KIOSK_PID" 2
    L2="$WORK/sd-kiosk2.log"
    : >"$SD_NOTIFY_LOG"
    sd_start "$L2"
    sd_wait_notified "READY=1" 100 || fail_because "restart: no READY=1: $(tail -3 "$L2")" || return 1
    grep -q 'restored the navigation saved in .*: page "detail"' "$L2" || fail_because "restore not logged: $(grep -i navigation "$L2")" || return 1
    sd_wait_screen restored "$SD_X" "$SD_Y" "$SD_DETAIL" || fail_because "restart did not show detail: $REASON"
}

s_corrupt_state_ignored() {
    L3="$WORK/sd-kiosk3.log"
    stop_pid "$KIOSK_PID"
    printf 'not a navigation state\n' >"$WORK/sd-state/navigation"
    : >"$SD_NOTIFY_LOG"
    sd_start "$L3"
    sd_wait_notified "READY=1" 100 || fail_because "no READY=1 with a corrupt state file" || return 1
    [ "$(count_lines "$L3" '^<4>.*navigation.*ignoring it and starting at home$')" = 1 ] || fail_because "expected one warning: $(grep -i navigation "$L3")" || return 1
    sd_wait_screen corrupt-home "$SD_X" "$SD_Y" "$SD_FIXED" || fail_because "not home: $REASON"
}

s_sigterm_stopping() {
    : >"$SD_NOTIFY_LOG"
    kill -TERM "$KIOSK_PID"
    wait_for_exit "$KIOSK_PID" 3
    [ "$EXIT_STATUS" = 0 ] || fail_because "SIGTERM: exit status $EXIT_STATUS" || return 1
    sd_notified "STOPPING=1" || fail_because "no STOPPING=1"
}

s_bad_start_diagnostics() {
    L="$WORK/sd-kiosk4.log"
    printf 'type = "panel"\n[[widget]]\ntype = "titel"\n' | sd_replace "$WORK/sd-config/pages/detail.toml"
    "$KIOSK_BIN" run --config "$WORK/sd-config" --strict >"$WORK/sd-strict.log" 2>&1 </dev/null &
    pid=$!
    track $pid
    wait_for_exit $pid 5
    [ "$EXIT_STATUS" = 78 ] || fail_because "--strict with a broken config: status $EXIT_STATUS, expected 78" || return 1
    : >"$SD_NOTIFY_LOG"
    sd_start "$L"
    sd_wait_notified "READY=1" 100 || fail_because "no READY=1 on the diagnostic page: $(tail -3 "$L")" || return 1
    sd_wait_screen diagnostics "$SD_X" "$SD_Y" "$SD_ERROR" || fail_because "no diagnostic page: $REASON" || return 1
    grep -q "^STATUS=config has errors" "$SD_NOTIFY_LOG" || fail_because "no STATUS for the errors" || return 1
    printf 'type = "panel"\nbackground = "#%s"\n' "$SD_DETAIL" | sd_replace "$WORK/sd-config/pages/detail.toml"
    wait_for_line "$L" 'config reloaded \(files changed\)' 3 || fail_because "fix not loaded: $(tail -3 "$L")" || return 1
    sd_wait_screen diagnostics-fixed "$SD_X" "$SD_Y" "$SD_FIXED" || fail_because "fixed config not shown: $REASON" || return 1
    stop_pid "$KIOSK_PID"
}

s_units_verify() {
    out=$("$ROOT/systemd/verify.sh" "$KIOSK_BIN" 2>&1) || fail_because "$(echo "$out" | grep -v '^ok' | head -5)" || return 1
    log "$(echo "$out" | grep exposure | sed 's/^/  /')"
}

systemd_cases() {
    # The same release binary as the kiosk cases (run.sh builds it).
    KIOSK_BIN=$KIOSK
    gcc -std=gnu11 -Wall -Wextra -Werror -O2 -o "$BUILD_DIR/notify-listen" "$HERE/notify-listen.c" ||
        { run_case "systemd: notify-listen builds" false; return; }
    SD_SOCKET="$WORK/notify.sock"
    SD_NOTIFY_LOG="$WORK/notify.log"
    "$BUILD_DIR/notify-listen" "$SD_SOCKET" "$SD_NOTIFY_LOG" 120 &
    track $!
    wait_for_file "$SD_SOCKET" 3 || { run_case "systemd: notification socket" false; return; }
    sd_write_config
    mkdir -p "$WORK/sd-state"
    weston_start systemd || { run_case "systemd: weston starts" false; return; }
    run_case "systemd: units pass systemd-analyze verify, kiosk-shell.service exposure <= 3.0" s_units_verify
    run_case "systemd: READY=1 after the first frame, STATUS=, WATCHDOG=1 at half WATCHDOG_USEC" s_ready_and_watchdog
    run_case "systemd: SIGHUP sends RELOADING=1 then READY=1" s_sighup_reload
    run_case "systemd: editing a page file changes the screen, the open page is kept" s_edit_applies
    run_case "systemd: a broken edit keeps the old pages, logs, banner dismissed by a tap" s_broken_edit_keeps_pages
    run_case "systemd: the fix applies" s_fix_applies
    run_case "systemd: idle goes home, then blanks; the wake tap is swallowed" s_idle_home_blank_wake
    run_case "systemd: kill -9 and a new start come back on the same page" s_kill9_restores
    run_case "systemd: a corrupt state file is ignored with one warning" s_corrupt_state_ignored
    run_case "systemd: SIGTERM sends STOPPING=1 and exits 0" s_sigterm_stopping
    run_case "systemd: a broken config at start shows the diagnostic page until fixed; --strict exits 78" s_bad_start_diagnostics
    cleanup_all
}

#!/bin/bash
# Soak: `kiosk-shell run` for SOAK_SECONDS (default 120, what CI runs; by hand for hours, e.g.
# `Tests/Soak/run.sh 14400` for 4 h) under headless weston 10 (kiosk-shell, touch through the
# kiosk-test-input module), with a real mosquitto and a private system bus, while:
# - an MQTT value and a file value change 10 times a second;
# - every ~4 s the config is edited: a good edit (reloaded), or one of the hostile classes of
#   issue 26 (a 100,000-part dotted key, deep inline tables, deep arrays, a long key, a key
#   repeated 100,000 times, a deep header, a syntax error), refused with the banner while the
#   last good pages stay, then repaired;
# - the panel navigates in rounds back to back (each a few seconds on a loaded 2-core machine): a
#   touch on a tile opens a page, and `kiosk-shell ctl back` (D-Bus) or a `back` on the MQTT
#   command topic (Escape while the kiosk has no broker) returns, each within 10 s;
# - every 30 s the broker is killed and comes back 5 s later.
# Every 5 s it samples the kiosk's RSS, open fds and threads from /proc. After a warm-up (the
# first quarter, at most 60 s) they must stay flat: RSS at most SOAK_RSS_KIB (default 16384)
# above its warm-up sample, fds at most 4 and threads at most 2 above theirs. Each check is a
# case; it prints `soak: N passed, M failed` last and exits 1 when any failed. Every wait has a
# deadline; every process it starts is ended by its pid.
#   Tests/Soak/run.sh [SECONDS]      ($KIOSK_BIN: the binary; default .build/debug/kiosk-shell)
set -u
SOAK_HERE=$(cd "$(dirname "$0")" && pwd)
ROOT=$(cd "$SOAK_HERE/../.." && pwd)
HERE="$ROOT/Tests/EndToEnd" # the end-to-end helpers find their fixtures through $HERE
. "$HERE/lib.sh"
. "$HERE/weston.sh"
. "$HERE/control.sh"
. "$SOAK_HERE/config.sh"
. "$SOAK_HERE/sample.sh"
export PATH="$PATH:/usr/sbin:/sbin"
[ -x /opt/swift/usr/bin/swift ] && ! command -v swift >/dev/null && export PATH=/opt/swift/usr/bin:$PATH
trap '' PIPE

SECONDS_TOTAL=${1:-${SOAK_SECONDS:-120}}
WARMUP=$((SECONDS_TOTAL / 4 < 60 ? SECONDS_TOTAL / 4 : 60))
SOAK_RSS_KIB=${SOAK_RSS_KIB:-16384}
BUILD_DIR=${BUILD_DIR:-"$ROOT/.build-e2e"}
KIOSK=${KIOSK_BIN:-"$ROOT/.build/debug/kiosk-shell"}
AS_USER=""

give_up() { log "soak: $1"; cleanup_all; echo "soak: 0 passed, 1 failed"; exit 1; }
for tool in weston mosquitto mosquitto_pub dbus-daemon python3 gcc pkg-config; do
    command -v "$tool" >/dev/null || give_up "missing tool: $tool"
done
if [ ! -x "$KIOSK" ]; then
    (cd "$ROOT" && swift build --product kiosk-shell >/dev/null 2>&1) || give_up "swift build failed"
fi
soak_prepare_work soak "soak"

# --- start: broker, bus, compositor, kiosk --------------------------------------------------
CT_PORT=$(ct_free_port)
DIR="$WORK/config"
soak_make_config "$DIR" "$CT_PORT"
ct_start_broker || give_up "mosquitto did not start: $(tail -2 "$WORK/mosquitto.log")"
ct_start_bus || give_up "dbus-daemon did not start: $(tail -2 "$WORK/dbus-daemon.log")"
weston_start soak || give_up "weston did not start"
LOG="$WORK/kiosk.log"
start_client "$LOG" "$WESTON_RUN" kiosk-e2e "$KIOSK" run --config "$DIR" --verbose
PID=$CLIENT_PID
wait_for_line "$LOG" 'showing page "plant"' 30 || give_up "no first page: $(tail -3 "$LOG")"
wait_for_line "$LOG" 'MQTT: connected to' 10 || give_up "no MQTT connection: $(tail -3 "$LOG")"

# --- live values: 10 a second, in the background until the end --------------------------------
END=$(($(date +%s) + SECONDS_TOTAL))
python3 "$SOAK_HERE/feed-values.py" "$DIR/data/level" "$CT_PORT" plant/temp "$END" >"$WORK/values-sent" 2>"$WORK/feeder.log" &
FEEDER=$!
track $FEEDER

# --- the loop: one navigation round after another; edits, broker and samples when due -------------
LOST_TAPS=0 NAV_OK=0 NAV_BAD=0 GOOD_OK=0 GOOD_BAD=0 BROKEN_OK=0 BROKEN_BAD=0 BROKER_CYCLES=0 EDITS=0 ROUND=0
NAV_FAILURES=""
BROKEN_FAILURES=""
START=$(date +%s)
NEXT_EDIT=$((START + 4)) NEXT_SAMPLE=$START NEXT_BROKER_KILL=$((START + 15)) BROKER_DOWN_UNTIL=0
soak_sample_header
while [ "$(date +%s)" -lt "$END" ]; do
    kill -0 "$PID" 2>/dev/null || break
    now_s=$(date +%s)
    if [ "$now_s" -ge "$NEXT_SAMPLE" ]; then
        soak_sample "$PID" $((now_s - START))
        NEXT_SAMPLE=$((NEXT_SAMPLE + 5))
    fi
    # Navigation: a touch opens "other", then ctl (D-Bus) or the MQTT command topic goes back.
    ROUND=$((ROUND + 1))
    if soak_navigate $((ROUND % 2)); then NAV_OK=$((NAV_OK + 1)); else
        NAV_BAD=$((NAV_BAD + 1)); NAV_FAILURES="$NAV_FAILURES; $REASON"
    fi
    # Config edits every 4 s: good, then broken (and repaired), in turn.
    if [ "$(date +%s)" -ge "$NEXT_EDIT" ]; then
        EDITS=$((EDITS + 1))
        if [ $((EDITS % 2)) = 1 ]; then
            if soak_good_reload "$EDITS"; then GOOD_OK=$((GOOD_OK + 1)); else GOOD_BAD=$((GOOD_BAD + 1)); fi
        else
            set -- $SOAK_BROKEN_KINDS
            shift $(((EDITS / 2) % $#))
            if soak_broken_reload "$1" "$EDITS"; then BROKEN_OK=$((BROKEN_OK + 1)); else
                BROKEN_BAD=$((BROKEN_BAD + 1)); BROKEN_FAILURES="$BROKEN_FAILURES; $1: $REASON"
            fi
        fi
        NEXT_EDIT=$(($(date +%s) + 4))
    fi
    # The broker: killed every 30 s (the first after 15 s), back 5 s later.
    now_s=$(date +%s)
    if [ "$BROKER_DOWN_UNTIL" = 0 ] && [ "$now_s" -ge "$NEXT_BROKER_KILL" ]; then
        stop_pid "$CT_BROKER_PID" KILL
        BROKER_DOWN_UNTIL=$((now_s + 5))
        NEXT_BROKER_KILL=$((now_s + 30))
    elif [ "$BROKER_DOWN_UNTIL" != 0 ] && [ "$now_s" -ge "$BROKER_DOWN_UNTIL" ]; then
        ct_start_broker || log "soak: mosquitto did not restart: $(tail -2 "$WORK/mosquitto.log")"
        BROKER_DOWN_UNTIL=0
        BROKER_CYCLES=$((BROKER_CYCLES + 1))
    fi
    sleep 0.2
done
[ "$BROKER_DOWN_UNTIL" = 0 ] || { ct_start_broker; BROKER_CYCLES=$((BROKER_CYCLES + 1)); }
wait_for_exit "$FEEDER" 5
soak_sample "$PID" $(($(date +%s) - START))

# --- verdicts ------------------------------------------------------------------------------------
soak_alive() { kill -0 "$PID" 2>/dev/null || fail_because "the kiosk died: $(tail -3 "$LOG")"; }
soak_no_crash_lines() {
    ! grep -Eq 'Fatal error|SIGSEGV|Segmentation|stack overflow|AddressSanitizer' "$LOG" ||
        fail_because "$(grep -Em1 'Fatal error|SIGSEGV|Segmentation|stack overflow|AddressSanitizer' "$LOG")"
}
soak_navigation() {
    [ "$NAV_OK" -gt 0 ] && [ "$NAV_BAD" = 0 ] || fail_because "$NAV_BAD of $((NAV_OK + NAV_BAD)) navigations failed$NAV_FAILURES"
}
soak_good_edits() {
    [ "$GOOD_OK" -gt 0 ] && [ "$GOOD_BAD" = 0 ] || fail_because "$GOOD_BAD of $((GOOD_OK + GOOD_BAD)) good edits were not reloaded"
}
soak_broken_edits() {
    [ "$BROKEN_OK" -gt 0 ] && [ "$BROKEN_BAD" = 0 ] || fail_because "$BROKEN_BAD of $((BROKEN_OK + BROKEN_BAD)) broken edits$BROKEN_FAILURES"
}
soak_broker_rejoined() {
    [ "$BROKER_CYCLES" -gt 0 ] || fail_because "the run was too short for a broker restart" || return 1
    wait_for_count "$LOG" 'MQTT: connected to' $((BROKER_CYCLES + 1)) 15 ||
        fail_because "$(count_lines "$LOG" 'MQTT: connected to') connections for $BROKER_CYCLES restarts"
}
# The last value sent is what the panel has, through both sources (ctl status lists the page; the
# values are checked on the MQTT retained page topic being alive and the file value by render).
soak_still_responds() {
    mark_pages "$LOG"
    "$KIOSK" ctl open other 2>>"$WORK/ctl.log" || fail_because "ctl open after the soak: $(tail -1 "$WORK/ctl.log")" || return 1
    wait_for_page "$LOG" other 5 || return 1
    "$KIOSK" ctl status 2>>"$WORK/ctl.log" | grep -q other || fail_because "ctl status does not say other"
}
run_case "soak: the kiosk is alive after $SECONDS_TOTAL s" soak_alive
run_case "soak: no crash or sanitizer report in its log" soak_no_crash_lines
run_case "soak: every navigation (touch, D-Bus, MQTT) arrived within its deadline ($NAV_OK)" soak_navigation
run_case "soak: every good edit was reloaded ($GOOD_OK)" soak_good_edits
run_case "soak: every broken edit was refused with its error, the last good pages kept, then repaired ($BROKEN_OK)" soak_broken_edits
run_case "soak: the broker was rejoined after each of its $BROKER_CYCLES restarts" soak_broker_rejoined
soak_few_lost_taps() {
    [ $((LOST_TAPS * 4)) -le $((NAV_OK + NAV_BAD)) ] || fail_because "$LOST_TAPS of $((NAV_OK + NAV_BAD)) first taps were lost"
}
run_case "soak: the kiosk still answers ctl and shows pages" soak_still_responds
run_case "soak: at most 1 in 4 first taps was lost ($LOST_TAPS lost, made again)" soak_few_lost_taps
soak_flat_cases
log "soak: $(cat "$WORK/values-sent" 2>/dev/null || echo '?') values sent through each source (10 a second), $EDITS edits, $((NAV_OK + NAV_BAD)) navigations"
echo "soak: $PASSED passed, $FAILED failed"
[ "$FAILED" = 0 ]

#!/bin/bash
# Chart soak (issue 32, point 5): `kiosk-shell run` under headless weston 10 on a cube of two
# faces, four charts (each value `history = "10s"`, 100 samples) on one and two gauges on the
# other, six values fed 10 times a second over a real mosquitto (one JSON payload a tick,
# feed-charts.py), and the cube turned every 3 s (`next` on the MQTT command topic) for SECONDS
# (default 90, what CI runs; by hand e.g. `Tests/Soak/charts.sh 600`). Every 5 s it samples the
# kiosk's RSS, fds and threads. The histories are full after 10 s; after a warm-up of three
# windows (30 s) RSS must stay within CHART_SOAK_RSS_KIB (default 1024) of its sample then, and
# the kiosk's own frame statistics (the "frames:" line it logs when stopped) must count at most
# 1 % of frames missed: every turn is a continuous animation of a face with charts while they
# scroll. Prints
# `soak: N passed, M failed` last. Every wait has a deadline; every process it starts is ended by
# its pid.
#   Tests/Soak/charts.sh [SECONDS]   ($KIOSK_BIN: the binary; default the release build if
#                                     there is one, else .build/debug/kiosk-shell)
set -u
SOAK_HERE=$(cd "$(dirname "$0")" && pwd)
ROOT=$(cd "$SOAK_HERE/../.." && pwd)
HERE="$ROOT/Tests/EndToEnd"
. "$HERE/lib.sh"
. "$HERE/weston.sh"
. "$HERE/control.sh"
. "$SOAK_HERE/sample.sh"
export PATH="$PATH:/usr/sbin:/sbin"
trap '' PIPE

SECONDS_TOTAL=${1:-${CHART_SOAK_SECONDS:-90}}
HISTORY_SECONDS=10
WARMUP=$((3 * HISTORY_SECONDS))
SOAK_RSS_KIB=${CHART_SOAK_RSS_KIB:-1024}
WESTON_W=1280
WESTON_H=800
BUILD_DIR=${BUILD_DIR:-"$ROOT/.build-e2e"}
KIOSK=${KIOSK_BIN:-}
[ -n "$KIOSK" ] || { [ -x "$ROOT/.build/release/kiosk-shell" ] && KIOSK="$ROOT/.build/release/kiosk-shell"; }
[ -n "$KIOSK" ] || KIOSK="$ROOT/.build/debug/kiosk-shell"
TOPIC_PREFIX=kiosk/chart-soak

give_up() { log "chart soak: $1"; cleanup_all; echo "soak: 0 passed, 1 failed"; exit 1; }
[ "$SECONDS_TOTAL" -ge $((WARMUP + 30)) ] || give_up "at least $((WARMUP + 30)) s: the warm-up is $WARMUP s, then at least six RSS samples"
for tool in weston mosquitto mosquitto_pub python3 gcc pkg-config; do
    command -v "$tool" >/dev/null || give_up "missing tool: $tool"
done
[ -x "$KIOSK" ] || give_up "no binary at $KIOSK (swift build first)"
soak_prepare_work chart-soak "chart soak"

# --- the config: a cube of a face with four charts and a face with two gauges -----------------
CT_PORT=$(ct_free_port)
DIR="$WORK/config"
mkdir -p "$DIR/pages"
{
    cat <<TOML
home = "faces"
state_file = ""
[mqtt]
broker = "mqtt://127.0.0.1:$CT_PORT"
client_id = "chart-soak-panel"
topic_prefix = "$TOPIC_PREFIX"
TOML
    for v in t1 t2 t3 t4; do
        printf '[[value]]\nname = "%s"\nsource = "mqtt"\ntopic = "soak/charts"\njson = "%s"\nhistory = "%ss"\n' $v $v $HISTORY_SECONDS
    done
    for v in g1 g2; do
        printf '[[value]]\nname = "%s"\nsource = "mqtt"\ntopic = "soak/charts"\njson = "%s"\n' $v $v
        printf 'thresholds = { warning_above = 80, alarm_above = 95 }\n'
    done
} >"$DIR/kiosk.toml"
printf 'type = "cube"\nfaces = ["trends", "tanks"]\nwrap = true\n' >"$DIR/pages/faces.toml"
{
    printf 'type = "panel"\n'
    printf '[[widget]]\ntype = "chart"\nvalues = ["t1", "t2"]\nlabel = "Line speed"\nmin = 0\nmax = 120\nheight = 170\n'
    printf '[[widget]]\ntype = "chart"\nvalue = "t2"\nlabel = "Load"\nstyle = "area"\nheight = 170\n'
    printf '[[widget]]\ntype = "chart"\nvalue = "t3"\nlabel = "Ramp"\nmin = 0\nmax = 100\nheight = 170\n'
    printf '[[widget]]\ntype = "chart"\nvalue = "t4"\nlabel = "Pressure"\nstyle = "area"\nmin = 0\nmax = 120\nheight = 170\n'
} >"$DIR/pages/trends.toml"
{
    printf 'type = "panel"\n'
    printf '[[widget]]\ntype = "gauge"\nvalue = "g1"\nlabel = "Tank 1"\nunit = "%%"\n'
    printf '[[widget]]\ntype = "gauge"\nvalue = "g2"\nlabel = "Tank 2"\nunit = "%%"\n'
} >"$DIR/pages/tanks.toml"
"$KIOSK" check --config "$DIR" >"$WORK/check.log" 2>&1 || give_up "the soak's config does not check: $(head -3 "$WORK/check.log")"

# --- start: broker, compositor, kiosk, feeder ----------------------------------------------------
ct_start_broker || give_up "mosquitto did not start: $(tail -2 "$WORK/mosquitto.log")"
weston_start chart-soak || give_up "weston did not start"
LOG="$WORK/kiosk.log"
start_client "$LOG" "$WESTON_RUN" kiosk-e2e "$KIOSK" run --config "$DIR" --verbose
PID=$CLIENT_PID
wait_for_line "$LOG" 'showing page "trends"' 30 || give_up "no first page: $(tail -3 "$LOG")"
wait_for_line "$LOG" 'MQTT: connected to' 10 || give_up "no MQTT connection: $(tail -3 "$LOG")"
END=$(($(date +%s) + SECONDS_TOTAL))
python3 "$SOAK_HERE/feed-charts.py" "$CT_PORT" soak/charts "$END" >"$WORK/values-sent" 2>"$WORK/feeder.log" &
FEEDER=$!
track $FEEDER

# --- the loop: a turn every 3 s, a sample every 5 s ----------------------------------------------
START=$(date +%s)
NEXT_SAMPLE=$START NEXT_TURN=$((START + 3)) TURNS=0
soak_sample_header
while [ "$(date +%s)" -lt "$END" ]; do
    kill -0 "$PID" 2>/dev/null || break
    now_s=$(date +%s)
    if [ "$now_s" -ge "$NEXT_SAMPLE" ]; then
        soak_sample "$PID" $((now_s - START))
        NEXT_SAMPLE=$((NEXT_SAMPLE + 5))
    fi
    if [ "$now_s" -ge "$NEXT_TURN" ]; then
        timeout 2 mosquitto_pub -h 127.0.0.1 -p "$CT_PORT" -t "$TOPIC_PREFIX/command" -m next 2>/dev/null &&
            TURNS=$((TURNS + 1))
        NEXT_TURN=$((now_s + 3))
    fi
    sleep 0.2
done
wait_for_exit "$FEEDER" 5
soak_sample "$PID" $(($(date +%s) - START))
ALIVE=0
kill -0 "$PID" 2>/dev/null && ALIVE=1
stop_pid "$PID" TERM
wait_for_line "$LOG" 'frames: ' 10 || true

# --- verdicts -------------------------------------------------------------------------------------
chart_soak_alive() { [ "$ALIVE" = 1 ] || fail_because "the kiosk died: $(tail -3 "$LOG")"; }
chart_soak_no_crash_lines() {
    ! grep -Eq 'Fatal error|SIGSEGV|Segmentation|stack overflow|AddressSanitizer' "$LOG" ||
        fail_because "$(grep -Em1 'Fatal error|SIGSEGV|Segmentation|stack overflow|AddressSanitizer' "$LOG")"
}
# Each turn ends on the other face: as many "showing page" lines as turns made (a turn asked
# while one runs may be folded into it, so at least 3 in 4).
chart_soak_turned() {
    shown=$(($(count_lines "$LOG" 'showing page "trends"') + $(count_lines "$LOG" 'showing page "tanks"') - 1))
    [ "$TURNS" -gt 0 ] && [ $((shown * 4)) -ge $((TURNS * 3)) ] || fail_because "$shown faces shown for $TURNS turns"
}
# The target is no missed frame. On this shared 2-core machine other builds cost a few (2 to 4
# of about 1200 in 90 s of a release build, while three builds ran beside it): the assertion is
# held to 1 %, which still catches a debug build (45 of about 1100) or a chart that redraws its
# whole history on every sample, as the kiosk-sway pacing case holds its fps to a floor.
chart_soak_few_missed_frames() {
    line=$(grep -m1 'frames: ' "$LOG") || fail_because "no frames: line in the log" || return 1
    log "  $line"
    missed=$(printf '%s\n' "$line" | sed -n 's/.* \([0-9][0-9]*\) missed.*/\1/p')
    presented=$(printf '%s\n' "$line" | sed -n 's/.* \([0-9][0-9]*\) presented.*/\1/p')
    [ -n "$missed" ] && [ -n "$presented" ] && [ "$presented" -gt 0 ] ||
        fail_because "no missed/presented counts in: $line" || return 1
    [ $((missed * 100)) -le "$presented" ] || fail_because "$missed of $presented frames missed (over 1 %): $line"
}
run_case "chart soak: the kiosk is alive after $SECONDS_TOTAL s" chart_soak_alive
run_case "chart soak: no crash or sanitizer report in its log" chart_soak_no_crash_lines
run_case "chart soak: the cube turned between the faces ($TURNS turns)" chart_soak_turned
run_case "chart soak: at most 1 % of frames missed while the faces with charts turned" chart_soak_few_missed_frames
soak_flat_cases
log "chart soak: $(cat "$WORK/values-sent" 2>/dev/null || echo '?') payloads of six values sent (10 a second), $TURNS turns"
echo "soak: $PASSED passed, $FAILED failed"
[ "$FAILED" = 0 ]

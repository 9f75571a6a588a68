# End-to-end cases for the control layer (issue 16) under weston 10 headless, with a real
# mosquitto on loopback and a private dbus-daemon using the shipped policy, reached through
# DBUS_SYSTEM_BUS_ADDRESS (sourced by run.sh):
# - a value published to a topic is on screen within 1 s; a departure list follows edits to its
#   JSON file; `kiosk-shell ctl open PAGE` turns to the page;
# - a tap on a publish tile publishes; a run action's failure shows its toast; a hanging program
#   is killed at its timeout and reported; a confirm dialog asks first;
# - the broker killed and restarted is rejoined;
# - bad input (malformed JSON, a huge payload, a flood, an unknown command, a D-Bus caller
#   outside the allowed group) gives one clear log line each and loses nothing;
# - remote display off/on: the retained display state and a fake sysfs backlight follow; the
#   health report arrives with its fields (MQTT and D-Bus); an MQTT screenshot decodes as a PNG
#   of the panel's size, and one over screenshot_max_kib is refused on <prefix>/error.

CT_TOPIC_PREFIX=kiosk/e2e

# ct_make_config DIR PORT: the plant panel: a value card fed by MQTT, a text with an external
# value, a grid of actions and a departure list from a JSON file.
ct_make_config() {
    mkdir -p "$1/pages" "$1/data"
    cat >"$1/kiosk.toml" <<TOML
home = "main"
[preview]
width = 800
height = 600
[mqtt]
broker = "mqtt://127.0.0.1:$2"
client_id = "e2e-panel"
topic_prefix = "$CT_TOPIC_PREFIX"
[dbus]
enabled = true
[idle]
backlight = "panel"
screensaver = "other"
screensaver_after = 3600
[[value]]
name = "temp"
source = "mqtt"
topic = "plant/temp"
json = "value"
stale_after = "30s"
thresholds = { warning_above = 60, alarm_above = 80 }
[[value]]
name = "mode"
source = "external"
placeholder = "auto"
[[value]]
name = "departures"
source = "file"
path = "data/departures.json"
rows = "trains"
fields = { time = "time", to = "to", platform = "platform" }
TOML
    cat >"$1/pages/main.toml" <<'TOML'
type = "stack"
root = "plant"
header = false
TOML
    cat >"$1/pages/other.toml" <<'TOML'
type = "panel"
background = "#00ff00"
[[widget]]
type = "title"
text = "Other"
TOML
    cat >"$1/pages/plant.toml" <<'TOML'
type = "panel"
[[widget]]
type = "value"
label = "Hall temperature"
value = "temp"
unit = "°C"
[[widget]]
type = "text"
text = "Mode: {mode}"
[[widget]]
type = "grid"
columns = 4
tile_height = 80
[[widget.tile]]
label = "Start"
style = "button"
publish = { topic = "plant/cmd", payload = "start line 2" }
[[widget.tile]]
label = "Restart"
run = ["sh", "-c", "echo checking; echo disk full >&2; exit 3"]
[[widget.tile]]
label = "Hang"
run = ["sleep", "30"]
timeout = 1
[[widget.tile]]
label = "Flush"
run = ["true"]
confirm = "Flush the line?"
[[widget]]
type = "list"
rows = "departures"
label = "{time}  {to}"
detail = "platform {platform}"
max_rows = 3
placeholder = "no departures"
TOML
    ct_departures "$1" "08:10" "Nord"
}

# ct_departures DIR TIME DESTINATION: rewrites the departures file (two trains).
ct_departures() {
    printf '{"trains": [{"time": "%s", "to": "%s", "platform": 3}, {"time": "09:00", "to": "Süd", "platform": 1}]}\n' "$2" "$3" >"$1/data/departures.json.tmp"
    mv "$1/data/departures.json.tmp" "$1/data/departures.json"
}

# ct_free_port: a TCP port on 127.0.0.1 nobody listens on.
# A port below the kernel's ephemeral range (32768+): one from that range can be taken by any
# outgoing connection between this check and mosquitto's bind.
ct_free_port() {
    python3 -c '
import random, socket
for _ in range(200):
    port = random.randrange(20000, 32000)
    s = socket.socket()
    try:
        s.bind(("127.0.0.1", port))
    except OSError:
        continue
    finally:
        s.close()
    print(port)
    break'
}

# ct_start_broker: mosquitto on 127.0.0.1:$CT_PORT from a generated config (not the service).
ct_start_broker() {
    cat >"$WORK/mosquitto.conf" <<CONF
listener $CT_PORT 127.0.0.1
allow_anonymous true
persistence false
log_dest stderr
CONF
    mosquitto -c "$WORK/mosquitto.conf" >>"$WORK/mosquitto.log" 2>&1 &
    CT_BROKER_PID=$!
    track $CT_BROKER_PID
    # Killed on purpose by a case: no job-status notice from bash then.
    disown $CT_BROKER_PID
    wait_for_line "$WORK/mosquitto.log" "Opening ipv4 listen socket on port $CT_PORT" 5
}

# ct_start_bus: a private dbus-daemon configured like the system bus (method calls denied unless
# a policy allows them) with the shipped kiosk policy; exports DBUS_SYSTEM_BUS_ADDRESS.
ct_start_bus() {
    getent group kiosk-control >/dev/null || [ "$(id -u)" -ne 0 ] || groupadd --system kiosk-control
    cp "$ROOT/systemd/dbus/org.kioskshell.Kiosk1.conf" "$WORK/kiosk-bus-policy.conf"
    sed -e "s|@LISTEN@|unix:path=$WORK/system_bus_socket|" -e "s|@POLICY@|$WORK/kiosk-bus-policy.conf|" \
        "$HERE/Fixtures/system-bus.conf.in" >"$WORK/bus.conf"
    dbus-daemon --config-file="$WORK/bus.conf" --nofork --print-address >"$WORK/bus-address" 2>"$WORK/dbus-daemon.log" &
    CT_BUS_PID=$!
    track $CT_BUS_PID
    wait_for_line "$WORK/bus-address" "^unix:" 5 || return 1
    export DBUS_SYSTEM_BUS_ADDRESS="unix:path=$WORK/system_bus_socket"
}

# ct_pub TOPIC PAYLOAD
ct_pub() { mosquitto_pub -h 127.0.0.1 -p "$CT_PORT" -t "$1" -m "$2"; }

# ct_capture NAME: `kiosk-shell ctl screenshot` into $WORK/ct-NAME.png (through D-Bus: what is
# on screen as the kiosk drew it).
ct_capture() {
    rm -f "$WORK/ct-$1.png"
    "$KIOSK" ctl screenshot "$WORK/ct-$1.png" >/dev/null 2>>"$WORK/ctl.log" && [ -s "$WORK/ct-$1.png" ]
}

# ct_until SECONDS COMMAND...: runs COMMAND every 0.1 s until it succeeds, at most SECONDS.
ct_until() {
    ct_deadline=$(awk -v n="$(now)" -v s="$1" 'BEGIN { printf "%.3f", n + s }')
    shift
    while :; do
        "$@" && return 0
        less_than "$(now)" "$ct_deadline" || return 1
        sleep 0.1
    done
}

# ct_reference NAME TEMP_PAYLOAD [MODE]: `kiosk-shell render` of the plant page with temp fed
# TEMP_PAYLOAD, mode set to MODE (default: its placeholder) and the departures file as it is now,
# into $WORK/ct-ref-NAME.png; prints the path.
ct_reference() {
    "$KIOSK" render --config "$CT_DIR" --page main --size ${WESTON_W}x${WESTON_H} --value "temp=$2" \
        ${3:+--value "mode=$3"} --out "$WORK/ct-ref-$1.png" >/dev/null 2>>"$WORK/render.log" || return 1
    echo "$WORK/ct-ref-$1.png"
}

# ct_screen_is REFERENCE SECONDS: weston captures until one equals REFERENCE, at most SECONDS.
ct_screen_is() {
    ct_ref=$1
    ct_until "$2" ct_capture_matches "$ct_ref" || { expect_same "$WORK/ct-screen.ppm" "$ct_ref"; return 1; }
}
ct_capture_matches() {
    weston_capture "$WORK/ct-screen.ppm" || return 1
    got=$(image compare "$WORK/ct-screen.ppm" "$1" 2>/dev/null) || return 1
    set -- $got
    [ $(($1 * 500)) -le "$2" ]
}

# Tile centres of the plant page at 800x600 (grid of 4 under the value card and the text).
CT_START="118 276"
CT_RESTART="306 276"
CT_HANG="494 276"
CT_FLUSH="682 276"

# ct_fake_backlight: a sysfs-like backlight folder "panel" (max_brightness 200) that the kiosk
# reads through KIOSK_BACKLIGHT_ROOT.
ct_fake_backlight() {
    mkdir -p "$WORK/backlight/panel"
    echo 200 >"$WORK/backlight/panel/max_brightness"
    echo 200 >"$WORK/backlight/panel/brightness"
    export KIOSK_BACKLIGHT_ROOT="$WORK/backlight"
}
ct_backlight_is() { [ "$(cat "$WORK/backlight/panel/brightness")" = "$1" ]; }
ct_seen() { grep -qF -- "$1" "$WORK/mqtt-seen.log"; }

ct_start() {
    CT_PORT=$(ct_free_port)
    CT_DIR="$WORK/control"
    ct_make_config "$CT_DIR" "$CT_PORT"
    ct_fake_backlight
    ct_start_broker || fail_because "mosquitto did not start: $(tail -2 "$WORK/mosquitto.log")" || return 1
    ct_start_bus || fail_because "dbus-daemon did not start: $(tail -2 "$WORK/dbus-daemon.log")" || return 1
    # Retained: the panel gets it as soon as its subscription is in.
    mosquitto_pub -h 127.0.0.1 -p "$CT_PORT" -r -t plant/temp -m '{"value": 21.5}'
    weston_start control || fail_because "weston did not start" || return 1
    CT_LOG="$WORK/kiosk-control.log"
    mosquitto_sub -h 127.0.0.1 -p "$CT_PORT" -v -t 'plant/#' -t "$CT_TOPIC_PREFIX/#" >"$WORK/mqtt-seen.log" 2>&1 &
    CT_SUB_PID=$!
    track $CT_SUB_PID
    start_client "$CT_LOG" "$WESTON_RUN" kiosk-e2e "$KIOSK" run --config "$CT_DIR" --verbose
    CT_PID=$CLIENT_PID
    wait_for_line "$CT_LOG" 'showing page "plant"' 10 || fail_because "no plant page: $(tail -3 "$CT_LOG")" || return 1
    wait_for_line "$CT_LOG" 'MQTT: connected to' 5 || fail_because "no MQTT connection: $(tail -3 "$CT_LOG")" || return 1
    ref=$(ct_reference first '{"value": 21.5}') || fail_because "render failed: $(tail -2 "$WORK/render.log")" || return 1
    ct_screen_is "$ref" 3 || return 1
    wait_for_line "$WORK/mqtt-seen.log" "^$CT_TOPIC_PREFIX/status online" 3 || fail_because "no retained online status: $(cat "$WORK/mqtt-seen.log")" || return 1
    wait_for_line "$WORK/mqtt-seen.log" "^$CT_TOPIC_PREFIX/page plant" 3 || fail_because "no retained page: $(cat "$WORK/mqtt-seen.log")"
}

ct_value_within_a_second() {
    ref=$(ct_reference alarm '{"value": 87.25}') || return 1
    sent=$(now)
    ct_pub plant/temp '{"value": 87.25}'
    ct_screen_is "$ref" 1 || fail_because "the published value was not on screen within 1 s: $REASON" || return 1
    log "  on screen $(elapsed "$sent" "$(now)") s after the publish"
}

ct_list_follows_file() {
    ct_departures "$CT_DIR" "08:25" "Hafen"
    ref=$(ct_reference departures '{"value": 87.25}') || return 1
    ct_screen_is "$ref" 2 || fail_because "the departure list did not follow the edit: $REASON"
}

ct_tap_publishes() {
    weston_tap $CT_START
    wait_for_line "$WORK/mqtt-seen.log" "^plant/cmd start line 2$" 3 || fail_because "the tap published nothing: $(tail -2 "$CT_LOG")"
}

ct_failure_toast() {
    weston_tap $CT_RESTART
    wait_for_line "$CT_LOG" 'action plant/Restart: Restart: exit status 3: disk full' 3 ||
        fail_because "no failure report: $(tail -2 "$CT_LOG")" || return 1
    sleep 0.2
    weston_capture "$WORK/ct-toast.ppm" || return 1
    image png "$WORK/ct-toast.ppm" "$WORK/ct-toast.png" 2>/dev/null
    # The toast is a red card along the bottom edge, over the list.
    expect_colour red "$WORK/ct-toast.ppm" 120 540 560 20 || return 1
    # ...and it goes by itself.
    ref=$(ct_reference departures '{"value": 87.25}') || return 1
    ct_screen_is "$ref" 6 || fail_because "the toast did not go away: $REASON"
}

ct_hang_killed() {
    weston_tap $CT_HANG
    weston_tap $CT_HANG # a second tap while it runs starts nothing
    wait_for_line "$CT_LOG" 'plant/Hang: already running' 3 || fail_because "the second tap was not ignored: $(tail -2 "$CT_LOG")" || return 1
    wait_for_line "$CT_LOG" 'plant/Hang: Hang: timed out after 1 s' 5 || fail_because "the hanging program was not stopped: $(tail -2 "$CT_LOG")" || return 1
    [ "$(count_lines "$CT_LOG" 'action plant/Hang: started')" = 1 ] || fail_because "Hang started twice"
}

ct_confirm() {
    weston_tap $CT_FLUSH
    sleep 0.3
    weston_capture "$WORK/ct-dialog.ppm" || return 1
    image png "$WORK/ct-dialog.ppm" "$WORK/ct-dialog.png" 2>/dev/null
    grep -q 'plant/Flush: started' "$CT_LOG" && fail_because "Flush ran without asking" && return 1
    weston_tap 200 10 # outside the buttons: cancel
    wait_for_line "$CT_LOG" 'plant/Flush: cancelled' 3 || fail_because "no cancel: $(tail -2 "$CT_LOG")" || return 1
    weston_tap $CT_FLUSH
    sleep 0.3
    # Run is the right-hand button of the dialog, in the middle of the screen.
    weston_tap 560 340
    wait_for_line "$CT_LOG" 'plant/Flush: confirmed' 3 || fail_because "Run did not confirm: $(tail -2 "$CT_LOG")" || return 1
    wait_for_line "$CT_LOG" 'action plant/Flush: Flush: done' 3 || fail_because "Flush did not run: $(tail -2 "$CT_LOG")"
}

ct_ctl_open() {
    mark_pages "$CT_LOG"
    "$KIOSK" ctl open other 2>>"$WORK/ctl.log" || fail_because "ctl open failed: $(tail -1 "$WORK/ctl.log")" || return 1
    wait_for_page "$CT_LOG" other || return 1
    ct_until 2 ct_green || fail_because "the screen is not the green page" || return 1
    # D-Bus Screenshot: a PNG of what is on screen, the same as the compositor's capture.
    ct_capture shot || fail_because "ctl screenshot wrote nothing: $(tail -1 "$WORK/ctl.log")" || return 1
    expect_same "$WORK/ct-other.ppm" "$WORK/ct-shot.png" || return 1
    "$KIOSK" ctl status 2>>"$WORK/ctl.log" | grep -q 'other' || fail_because "ctl status does not say other" || return 1
    wait_for_line "$WORK/mqtt-seen.log" "^$CT_TOPIC_PREFIX/page other" 3 || fail_because "the page topic did not follow" || return 1
    mark_pages "$CT_LOG"
    ct_pub "$CT_TOPIC_PREFIX/command" back
    wait_for_page "$CT_LOG" plant
}
ct_green() {
    weston_capture "$WORK/ct-other.ppm" && [ "$(dominant "$WORK/ct-other.ppm" 100 300 600 200)" = green ]
}

ct_bad_input() {
    ct_pub plant/temp '{"value": 1'
    wait_for_line "$CT_LOG" 'value temp: malformed JSON' 3 || fail_because "no line for malformed JSON" || return 1
    head -c 300000 /dev/zero | tr '\0' 'x' >"$WORK/huge"
    mosquitto_pub -h 127.0.0.1 -p "$CT_PORT" -t plant/temp -f "$WORK/huge"
    wait_for_line "$CT_LOG" 'message on plant/temp refused: payload too large' 3 || fail_because "no line for the huge payload" || return 1
    ct_pub "$CT_TOPIC_PREFIX/command" 'rm -rf /'
    wait_for_line "$CT_LOG" 'refused command: unknown command "rm"' 3 || fail_because "no line for the unknown command" || return 1
    "$KIOSK" ctl set temp 5 2>>"$WORK/ctl.log" && fail_because "set of an MQTT value was accepted" && return 1
    "$KIOSK" ctl set mode "<b>manual</b> {temp}" 2>>"$WORK/ctl.log" || fail_because "ctl set mode failed: $(tail -1 "$WORK/ctl.log")" || return 1
    i=0
    while [ $i -lt 500 ]; do echo "{\"value\": $i}"; i=$((i + 1)); done >"$WORK/flood"
    mosquitto_pub -h 127.0.0.1 -p "$CT_PORT" -t plant/temp -l <"$WORK/flood"
    # Nothing lost: the last value of the flood is what shows, the markup as text.
    ref=$(ct_reference flood '{"value": 499}' "<b>manual</b> {temp}") || return 1
    ct_screen_is "$ref" 3 || fail_because "after the flood: $REASON" || return 1
    if [ -n "$AS_USER" ]; then
        out=$($AS_USER "$KIOSK" ctl status 2>&1) && fail_because "a caller outside kiosk-control was let in" && return 1
        case "$out" in *AccessDenied*|*denied*|*"not allowed"*) log "  outsider refused: $out" ;;
            *) fail_because "outsider refused without a clear reason: $out"; return 1 ;; esac
    fi
    return 0
}

ct_remote_display() {
    prefix=$CT_TOPIC_PREFIX
    ct_until 3 ct_seen "$prefix/display {\"display\": \"on\", \"brightness\": 100, \"by\": \"schedule\"}" ||
        fail_because "no retained display state at start: $(grep display "$WORK/mqtt-seen.log")" || return 1
    sent=$(now)
    ct_pub "$prefix/command" "display off"
    ct_until 3 ct_seen "$prefix/display {\"display\": \"off\", \"brightness\": 0, \"by\": \"remote\"}" ||
        fail_because "the display state did not say off: $(grep display "$WORK/mqtt-seen.log")" || return 1
    ct_until 2 ct_backlight_is 0 || fail_because "the backlight reads $(cat "$WORK/backlight/panel/brightness"), not 0" || return 1
    log "  display state and backlight off $(elapsed "$sent" "$(now)") s after the command"
    # Retained: a subscriber that comes later gets the state at once.
    out=$(timeout 5 mosquitto_sub -h 127.0.0.1 -p "$CT_PORT" -t "$prefix/display" -C 1 2>&1)
    [ "$out" = '{"display": "off", "brightness": 0, "by": "remote"}' ] || fail_because "retained display state: '$out'" || return 1
    # D-Bus: Brightness(u) lights it at that level (40 % of 200).
    dbus-send --system --print-reply --dest=org.kioskshell.Kiosk1 /org/kioskshell/Kiosk1 \
        org.kioskshell.Kiosk1.Brightness uint32:40 >/dev/null 2>>"$WORK/ctl.log" || fail_because "Brightness(40) failed: $(tail -1 "$WORK/ctl.log")" || return 1
    ct_until 2 ct_backlight_is 80 || fail_because "the backlight reads $(cat "$WORK/backlight/panel/brightness") after Brightness(40), not 80" || return 1
    ct_pub "$prefix/command" "display on"
    ct_until 2 ct_backlight_is 200 || fail_because "display on: the backlight reads $(cat "$WORK/backlight/panel/brightness")" || return 1
    ct_pub plant/temp '{"value": 499}' # fresh: no stale mark since the flood
    ref=$(ct_reference flood '{"value": 499}' "<b>manual</b> {temp}") || return 1
    ct_screen_is "$ref" 3 || fail_because "the page did not come back after display on: $REASON" || return 1
    ct_pub "$prefix/command" "brightness 101"
    wait_for_line "$CT_LOG" 'brightness needs a percentage 0 to 100, not "101"' 3 || fail_because "no line for brightness 101"
}

ct_health() {
    prefix=$CT_TOPIC_PREFIX
    ct_until 3 ct_seen "$prefix/health {" || fail_because "no health message: $(grep health "$WORK/mqtt-seen.log")" || return 1
    grep -F "$prefix/health {" "$WORK/mqtt-seen.log" | tail -1 | sed "s|^$prefix/health ||" >"$WORK/health.json"
    dbus-send --system --print-reply=literal --dest=org.kioskshell.Kiosk1 /org/kioskshell/Kiosk1 \
        org.freedesktop.DBus.Properties.Get string:org.kioskshell.Kiosk1 string:Health >"$WORK/health-dbus.txt" 2>>"$WORK/ctl.log" ||
        fail_because "D-Bus Health failed: $(tail -1 "$WORK/ctl.log")" || return 1
    sed -e 's/^ *variant *//' "$WORK/health-dbus.txt" >"$WORK/health-dbus.json"
    for file in health.json health-dbus.json; do
        out=$(python3 - "$WORK/$file" "$CT_DIR" <<'PY'
import json, sys, time
health = json.load(open(sys.argv[1]))
need = ["last_frame", "last_frame_age", "uptime", "rss_kib", "config_hash", "config_errors", "page",
        "schedule_row", "display", "brightness"]
missing = [k for k in need if k not in health]
if missing: sys.exit("missing " + ", ".join(missing))
if not (0 < time.time() - health["last_frame"] < 600): sys.exit("last_frame %r is not recent" % health["last_frame"])
if health["rss_kib"] < 1000 or health["uptime"] < 1: sys.exit("rss/uptime implausible: %r" % health)
if health["config_errors"] != 0 or len(health["config_hash"]) != 16: sys.exit("config fields: %r" % health)
if health["page"] != "plant" or health["display"] != "on": sys.exit("page/display: %r" % health)
print("rss_kib=%d uptime=%d last_frame_age=%s" % (health["rss_kib"], health["uptime"], health["last_frame_age"]))
PY
) || { fail_because "$file: $out ($(cat "$WORK/$file"))"; return 1; }
        log "  $file: $out"
    done
}

ct_screensaver_command() {
    ct_pub "$CT_TOPIC_PREFIX/command" screensaver
    wait_for_line "$CT_LOG" 'screensaver "other" started by a remote command' 3 || fail_because "no screensaver: $(tail -2 "$CT_LOG")" || return 1
    ct_until 2 ct_green || fail_because "the screensaver page is not on screen" || return 1
    weston_tap 400 580
    wait_for_line "$CT_LOG" 'screensaver ended: back at "plant"' 3 || fail_because "the tap did not end the screensaver: $(tail -2 "$CT_LOG")"
}

# ct_shot NAME: the next message on <prefix>/screenshot into $WORK/NAME.png after a screenshot command.
ct_shot() {
    rm -f "$WORK/$1.png"
    timeout 10 mosquitto_sub -h 127.0.0.1 -p "$CT_PORT" -t "$CT_TOPIC_PREFIX/screenshot" -C 1 >"$WORK/$1.png" 2>/dev/null &
    shot_pid=$!
    sleep 0.5 # the subscription is in
    ct_pub "$CT_TOPIC_PREFIX/command" screenshot
    wait "$shot_pid"
}

ct_mqtt_screenshot() {
    ct_pub plant/temp '{"value": 499}' # fresh: no stale mark since the flood
    sleep 0.3
    ct_shot mqtt-shot || fail_because "no screenshot arrived: $(tail -2 "$CT_LOG")" || return 1
    # mosquitto_sub ends a message with a newline: the PNG is the bytes before it.
    python3 -c 'import sys; p=sys.argv[1]; b=open(p,"rb").read(); open(p,"wb").write(b[:-1] if b.endswith(b"
") else b)' "$WORK/mqtt-shot.png"
    expect_size "$WORK/mqtt-shot.png" "$WESTON_W" "$WESTON_H" || return 1
    ref=$(ct_reference flood '{"value": 499}' "<b>manual</b> {temp}") || return 1
    expect_same "$WORK/mqtt-shot.png" "$ref" || return 1
    # Over the limit: a line in the log and on <prefix>/error, and the panel runs on.
    connected=$(count_lines "$CT_LOG" 'MQTT: connected to')
    sed -i 's/^client_id = "e2e-panel"$/client_id = "e2e-panel"\nscreenshot_max_kib = 16/' "$CT_DIR/kiosk.toml"
    wait_for_count "$CT_LOG" 'MQTT: connected to' $((connected + 1)) 10 || fail_because "no reconnect after the edit: $(tail -2 "$CT_LOG")" || return 1
    sleep 0.5
    ct_pub "$CT_TOPIC_PREFIX/command" screenshot
    wait_for_line "$CT_LOG" 'screenshot 800x600 not sent: the PNG is larger than 16 KiB' 3 || fail_because "no line for the large screenshot: $(tail -2 "$CT_LOG")" || return 1
    ct_until 3 ct_seen "$CT_TOPIC_PREFIX/error screenshot 800x600 not sent" || fail_because "nothing on the error topic" || return 1
    sed -i '/^screenshot_max_kib = 16$/d' "$CT_DIR/kiosk.toml"
    wait_for_count "$CT_LOG" 'MQTT: connected to' $((connected + 2)) 10 || fail_because "no reconnect after the restore"
}

ct_broker_restart() {
    stop_pid "$CT_BROKER_PID" KILL
    wait_for_line "$CT_LOG" 'MQTT: .*retrying in' 5 || fail_because "the lost broker was not noticed: $(tail -2 "$CT_LOG")" || return 1
    # The panel keeps drawing while the broker is away.
    mark_pages "$CT_LOG"
    "$KIOSK" ctl open other 2>>"$WORK/ctl.log" && wait_for_page "$CT_LOG" other || fail_because "the panel froze without its broker" || return 1
    mark_pages "$CT_LOG"
    "$KIOSK" ctl back 2>>"$WORK/ctl.log" && wait_for_page "$CT_LOG" plant || fail_because "ctl back did not return" || return 1
    connected=$(count_lines "$CT_LOG" 'MQTT: connected to')
    ct_start_broker || fail_because "mosquitto did not start again" || return 1
    wait_for_count "$CT_LOG" 'MQTT: connected to' $((connected + 1)) 10 || fail_because "the broker was not rejoined: $(tail -2 "$CT_LOG")" || return 1
    mosquitto_sub -h 127.0.0.1 -p "$CT_PORT" -v -t plant/cmd >"$WORK/mqtt-seen2.log" 2>&1 &
    track $!
    sleep 0.5
    weston_tap $CT_START
    wait_for_line "$WORK/mqtt-seen2.log" "^plant/cmd start line 2$" 3 || fail_because "no publish after the rejoin"
}

# Last: SIGTERM. Exit 0, `offline` on the retained status topic, and the whole run (with its
# 500-message flood) drew far fewer frames than messages arrived.
ct_stop() {
    kill -TERM "$CT_PID"
    wait_for_exit "$CT_PID" 5; status=$EXIT_STATUS
    [ "$status" = 0 ] || fail_because "SIGTERM: exit status $status: $(tail -2 "$CT_LOG")" || return 1
    out=$(timeout 5 mosquitto_sub -h 127.0.0.1 -p "$CT_PORT" -v -t "$CT_TOPIC_PREFIX/status" -C 1 2>&1)
    [ "$out" = "$CT_TOPIC_PREFIX/status offline" ] || fail_because "retained status after the stop: '$out'" || return 1
    frames=$(sed -n 's/^info: frames: \([0-9]*\) drawn.*/\1/p' "$CT_LOG")
    log "  $frames frames drawn in the whole run, flood of 500 messages included"
    [ -n "$frames" ] && [ "$frames" -lt 300 ] || fail_because "$frames frames: a frame per message?"
}

control_cases() {
    require_tools control mosquitto mosquitto_pub mosquitto_sub dbus-daemon python3 || return
    run_case "control: the plant panel comes up with its broker, bus and retained status" ct_start || { cleanup_all; return; }
    run_case "control: a value published to a topic is on screen within 1 s (alarm colour)" ct_value_within_a_second
    run_case "control: a departure list follows edits to its JSON file" ct_list_follows_file
    run_case "control: a tap on a publish tile publishes" ct_tap_publishes
    run_case "control: a run action's failure shows its toast, which goes by itself" ct_failure_toast
    run_case "control: a hanging program is killed at its timeout and reported; a second tap starts nothing" ct_hang_killed
    run_case "control: confirm = asks in a dialog; cancel runs nothing, Run runs it" ct_confirm
    run_case "control: kiosk-shell ctl open PAGE turns to it; the page topic follows; an MQTT back returns" ct_ctl_open
    run_case "control: bad input gets one clear line each; a flood shows its last value; outsiders are refused" ct_bad_input
    run_case "control: display off/on and Brightness over MQTT and D-Bus: retained state and the backlight follow" ct_remote_display
    run_case "control: the health report arrives over MQTT and D-Bus with its fields" ct_health
    run_case "control: the screensaver command shows it; a tap ends it" ct_screensaver_command
    run_case "control: an MQTT screenshot is a PNG of the screen; one over the limit is refused on the error topic" ct_mqtt_screenshot
    run_case "control: a broker killed and restarted is rejoined; the panel never freezes" ct_broker_restart
    run_case "control: SIGTERM exits 0 with offline on the status topic; far fewer frames than messages" ct_stop
    weston_stop_input
    cleanup_all
}

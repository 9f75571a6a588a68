# End-to-end cases for control widgets (issue 31) under weston 10 headless with a real mosquitto
# on loopback (sourced by run.sh after control.sh, whose ct_* helpers it uses):
# - a tap on a toggle publishes its new value and runs a program whose argv carries it, each
#   value one argv entry (spaces and all), and the toggle shows the new state at once;
# - a tap on a slider's track publishes the value under the finger (the step grid from min) and
#   shows it at once; the source answering with another value corrects what is shown;
# - a finger dragging the slider's knob is rate-limited: first value at once, at most one per
#   interval, the value where it lifted always;
# - a tap on a number field opens kiosk-shell's keypad: taps typing 23.5 and OK publish 23.5; 35
#   is refused with the reason (the runner's log line; the pad stays, nothing is published);
# - a locked page asks for its PIN on the pad, refuses a wrong one, opens with the right one and
#   locks again when the panel goes home on idle.

# cw_make_config DIR PORT: the setpoint panel, 800x600.
cw_make_config() {
    mkdir -p "$1/pages"
    cat >"$1/record-argv" <<'SH'
#!/bin/sh
# Writes each argument on its own line (the test reads back how the value arrived).
out="$(dirname "$0")/argv.txt"
for a in "$@"; do printf '%s\n' "$a"; done >"$out.tmp" && mv "$out.tmp" "$out"
SH
    chmod +x "$1/record-argv"
    cat >"$1/kiosk.toml" <<TOML
home = "setpoints"
[preview]
width = 800
height = 600
[mqtt]
broker = "mqtt://127.0.0.1:$2"
client_id = "e2e-controls"
topic_prefix = "kiosk/e2e-controls"
[[value]]
name = "heating"
source = "external"
[[value]]
name = "speed"
source = "mqtt"
topic = "plant/speed"
[[value]]
name = "oven"
source = "external"
TOML
    cat >"$1/pages/setpoints.toml" <<TOML
type = "panel"
[[widget]]
type = "toggle"
label = "Heating"
value = "heating"
publish = { topic = "plant/heating/set", payload = "heating={value}" }
run = ["$1/record-argv", "{value}", "heating is {value}"]
[[widget]]
type = "slider"
label = "Line speed"
value = "speed"
min = 0
max = 120
step = 5
unit = "m/min"
publish = { topic = "plant/speed/set" }
[[widget]]
type = "field"
label = "Oven setpoint"
value = "oven"
kind = "number"
min = 15
max = 30
publish = { topic = "plant/oven/set" }
TOML
}

# Centres at 800x600 (padding 32, spacing 16, body 22 px): the toggle card is y 32…120; the
# slider's touch band is y 187…251 and x 76…724 (its knob's travel), so x 562 is 3/4 along.
CW_TOGGLE="400 76"
CW_SLIDER_3_4="562 219"

# cw_reference NAME VALUE...: `kiosk-shell render` of the page with --value NAME=VALUE pairs.
cw_reference() {
    name=$1
    shift
    set -- $(for v in "$@"; do printf -- '--value %s ' "$v"; done)
    "$KIOSK" render --config "$CW_DIR" --page setpoints --size ${WESTON_W}x${WESTON_H} "$@" \
        --out "$WORK/cw-ref-$name.png" >/dev/null 2>>"$WORK/render.log" || return 1
    echo "$WORK/cw-ref-$name.png"
}

cw_start() {
    CT_PORT=$(ct_free_port)
    CW_DIR="$WORK/controls"
    cw_make_config "$CW_DIR" "$CT_PORT"
    ct_start_broker || fail_because "mosquitto did not start: $(tail -2 "$WORK/mosquitto.log")" || return 1
    mosquitto_pub -h 127.0.0.1 -p "$CT_PORT" -r -t plant/speed -m 40
    weston_start controls || fail_because "weston did not start" || return 1
    CW_LOG="$WORK/kiosk-controls.log"
    mosquitto_sub -h 127.0.0.1 -p "$CT_PORT" -v -t 'plant/#' >"$WORK/cw-seen.log" 2>&1 &
    track $!
    start_client "$CW_LOG" "$WESTON_RUN" kiosk-e2e "$KIOSK" run --config "$CW_DIR" --verbose
    CW_PID=$CLIENT_PID
    wait_for_line "$CW_LOG" 'showing page "setpoints"' 10 || fail_because "no page: $(tail -3 "$CW_LOG")" || return 1
    wait_for_line "$CW_LOG" 'MQTT: connected to' 5 || fail_because "no MQTT connection: $(tail -3 "$CW_LOG")" || return 1
    ref=$(cw_reference first speed=40) || fail_because "render failed: $(tail -2 "$WORK/render.log")" || return 1
    ct_screen_is "$ref" 3
}

cw_toggle_publishes_and_runs() {
    weston_tap $CW_TOGGLE
    wait_for_line "$WORK/cw-seen.log" "^plant/heating/set heating=on$" 3 ||
        fail_because "the toggle published nothing: $(tail -2 "$CW_LOG")" || return 1
    wait_for_file "$CW_DIR/argv.txt" 3 || fail_because "the program did not run: $(tail -2 "$CW_LOG")" || return 1
    printf 'on\nheating is on\n' >"$WORK/cw-argv-expected"
    cmp -s "$CW_DIR/argv.txt" "$WORK/cw-argv-expected" ||
        fail_because "argv was: $(tr '\n' '|' <"$CW_DIR/argv.txt")" || return 1
    ref=$(cw_reference toggled heating=on speed=40) || return 1
    ct_screen_is "$ref" 2 || fail_because "the toggle does not show on: $REASON" || return 1
    # And back off: the same program, the other value.
    rm -f "$CW_DIR/argv.txt"
    sleep 0.3 # past the toggle's send interval
    weston_tap $CW_TOGGLE
    wait_for_line "$WORK/cw-seen.log" "^plant/heating/set heating=off$" 3 || fail_because "no off published" || return 1
    wait_for_file "$CW_DIR/argv.txt" 3 && [ "$(head -1 "$CW_DIR/argv.txt")" = off ] ||
        fail_because "argv after off: $(cat "$CW_DIR/argv.txt" 2>/dev/null)"
}

cw_slider_shows_then_corrected() {
    weston_tap $CW_SLIDER_3_4
    wait_for_line "$WORK/cw-seen.log" "^plant/speed/set 90$" 3 ||
        fail_because "the slider published no 90: $(grep speed/set "$WORK/cw-seen.log" | tail -2)" || return 1
    # Shown at once, before the source says anything.
    ref=$(cw_reference pending heating=off speed=90) || return 1
    ct_screen_is "$ref" 2 || fail_because "the slider's own change is not shown: $REASON" || return 1
    # The source answers with what the line really runs at: that is what shows.
    ct_pub plant/speed 85
    ref=$(cw_reference corrected heating=off speed=85) || return 1
    ct_screen_is "$ref" 2 || fail_because "the answer did not correct the slider: $REASON"
}

# A finger dragging the knob from 90 down to 10 over about a second (60 motions): the knob
# follows, the broker gets the first value at once, then at most one every 0.25 s (the default
# interval), and the last value — where the finger lifted — always.
cw_slider_drag_rate_limited() {
    before=$(count_lines "$WORK/cw-seen.log" '^plant/speed/set ')
    started=$(now)
    weston_touch_drag 4 562 219 130 60
    weston_touch_up 4
    took=$(elapsed "$started" "$(now)")
    wait_for_line "$WORK/cw-seen.log" "^plant/speed/set 10$" 3 ||
        fail_because "the drag's last value was not sent: $(grep speed/set "$WORK/cw-seen.log" | tail -3 | tr '\n' '|')" || return 1
    sleep 0.5 # anything still waiting would have gone out by now
    sent=$(( $(count_lines "$WORK/cw-seen.log" '^plant/speed/set ') - before ))
    most=$(awk -v t="$took" 'BEGIN { printf "%d", t / 0.25 + 2 }')
    log "  $sent values sent for a ${took} s drag of 60 motions (at most $most allowed)"
    [ "$sent" -ge 2 ] && [ "$sent" -le "$most" ] || fail_because "$sent values sent in $took s" || return 1
    [ "$(grep '^plant/speed/set ' "$WORK/cw-seen.log" | tail -1)" = "plant/speed/set 10" ] ||
        fail_because "the last value sent is not 10" || return 1
    ref=$(cw_reference dragged heating=off speed=10) || return 1
    ct_screen_is "$ref" 2 || fail_because "the knob did not follow the finger to 10: $REASON"
}

# The field card below the slider (y 283…371), and the keypad's keys at 800x600: a 420 x 471 px
# card centred along the bottom (x 190…610, y 129…600; EntryOverlay's layout, its golden
# entry-keypad-refused.png shows the rows), columns at x 276, 400, 524.
CW_FIELD="400 327"
cw_pad_key() {
    case $1 in
    7) echo 276 287 ;; 8) echo 400 287 ;; 9) echo 524 287 ;;
    4) echo 276 351 ;; 5) echo 400 351 ;; 6) echo 524 351 ;;
    1) echo 276 415 ;; 2) echo 400 415 ;; 3) echo 524 415 ;;
    -) echo 276 479 ;; 0) echo 400 479 ;; .) echo 524 479 ;;
    Cancel) echo 276 543 ;; Delete) echo 400 543 ;; OK) echo 524 543 ;;
    esac
}

# cw_type KEY...: taps the keypad's keys one by one.
cw_type() {
    for key in "$@"; do
        weston_tap $(cw_pad_key "$key")
        sleep 0.1
    done
}

cw_field_keypad_publishes() {
    weston_tap $CW_FIELD
    wait_for_line "$CW_LOG" 'field setpoints/oven: keypad open' 3 ||
        fail_because "the field opened no keypad: $(tail -2 "$CW_LOG")" || return 1
    cw_type 2 3 . 5 OK
    wait_for_line "$WORK/cw-seen.log" "^plant/oven/set 23.5$" 3 ||
        fail_because "the keypad published no 23.5: $(grep -E 'oven|field' "$CW_LOG" | tail -3 | tr '\n' '|')"
}

cw_field_refuses_out_of_range() {
    before=$(count_lines "$WORK/cw-seen.log" '^plant/oven/set ')
    sleep 0.3 # past the field's send interval
    weston_tap $CW_FIELD
    wait_for_line "$CW_LOG" 'field setpoints/oven: keypad open' 3 || return 1
    cw_type 3 5 OK
    wait_for_line "$CW_LOG" 'field setpoints/oven: refused: 35 is above the maximum 30' 3 ||
        fail_because "no refusal: $(grep -E 'oven|field' "$CW_LOG" | tail -3 | tr '\n' '|')" || return 1
    sleep 0.5
    [ "$(count_lines "$WORK/cw-seen.log" '^plant/oven/set ')" = "$before" ] ||
        fail_because "a refused value was published: $(grep oven/set "$WORK/cw-seen.log" | tail -1)" || return 1
    # Escape on the keyboard cancels the pad: the next tap on the page is the page's again.
    weston_key 1
}

# A locked page added by a live reload (its hash made by `kiosk-shell hash-pin`, PIN 2468), with
# the setpoints now on a stack (something to open the page on) and [idle] home_after = 4: a
# remote `open` asks for the PIN on kiosk-shell's pad; 1111 is refused and the page stays shut;
# 2468 opens it; after 4 s untouched the panel goes home and the page asks for its PIN again. The
# PIN pad's digits sit where the number pad's do; its OK is the whole bottom row.
cw_locked_page() {
    hash=$(echo 2468 | "$KIOSK" hash-pin 2>>"$CW_LOG") || fail_because "hash-pin failed" || return 1
    printf 'type = "panel"\nlock = "%s"\n[[widget]]\ntype = "title"\ntext = "Staff only"\n' "$hash" \
        >"$CW_DIR/pages/staff.toml"
    printf 'type = "stack"\nroot = "setpoints"\n' >"$CW_DIR/pages/main.toml"
    # The pages first (a reload may see one, then both), then kiosk.toml replaced in one rename,
    # so the last reload is the one with everything: the open must not race a reload.
    wait_for_line "$CW_LOG" 'config reloaded .*: 3 pages' 10 || fail_because "no reload: $(tail -2 "$CW_LOG")" || return 1
    reloads=$(count_lines "$CW_LOG" 'config reloaded')
    sed 's/^home = "setpoints"$/home = "main"/' "$CW_DIR/kiosk.toml" >"$CW_DIR/kiosk.toml.new"
    printf '\n[idle]\nhome_after = 4\n' >>"$CW_DIR/kiosk.toml.new"
    mv "$CW_DIR/kiosk.toml.new" "$CW_DIR/kiosk.toml"
    wait_for_count "$CW_LOG" 'config reloaded' $((reloads + 1)) 10 || fail_because "kiosk.toml not reloaded: $(tail -2 "$CW_LOG")" || return 1
    mosquitto_pub -h 127.0.0.1 -p "$CT_PORT" -t kiosk/e2e-controls/command -m 'open staff'
    wait_for_line "$CW_LOG" 'page staff: locked, asking for its PIN' 3 ||
        fail_because "open staff asked for no PIN: $(tail -2 "$CW_LOG")" || return 1
    cw_type 1 1 1 1
    weston_tap 400 543
    wait_for_line "$CW_LOG" 'page staff: Wrong PIN' 3 || fail_because "1111 was not refused: $(tail -2 "$CW_LOG")" || return 1
    if grep -q 'showing page "staff"' "$CW_LOG"; then fail_because "a wrong PIN opened the page"; return 1; fi
    sleep 1.2 # the wait a first wrong PIN earns
    cw_type 2 4 6 8
    weston_tap 400 543
    wait_for_line "$CW_LOG" 'page staff: unlocked' 3 || fail_because "2468 did not unlock: $(tail -2 "$CW_LOG")" || return 1
    wait_for_line "$CW_LOG" 'showing page "staff"' 5 || fail_because "the page did not open: $(tail -2 "$CW_LOG")" || return 1
    # Untouched for home_after: home, and the page is locked again.
    wait_for_line "$CW_LOG" 'going home' 10 || fail_because "no idle home: $(tail -2 "$CW_LOG")" || return 1
    mosquitto_pub -h 127.0.0.1 -p "$CT_PORT" -t kiosk/e2e-controls/command -m 'open staff'
    wait_for_count "$CW_LOG" 'page staff: locked, asking for its PIN' 2 3 ||
        fail_because "after idle the page opened without its PIN: $(tail -2 "$CW_LOG")" || return 1
    weston_key 1 # Escape: the pad closes
}

controls_cases() {
    require_tools controls mosquitto mosquitto_pub mosquitto_sub python3 || return
    run_case "controls: the setpoint panel comes up with its broker" cw_start || { cleanup_all; return; }
    run_case "controls: a toggle publishes its value and runs a program with it as one argv entry" cw_toggle_publishes_and_runs
    run_case "controls: a slider tap publishes the value under the finger, shows it at once, the source corrects it" cw_slider_shows_then_corrected
    run_case "controls: a slider dragged sends its first value at once, then at most one per interval, the last always" cw_slider_drag_rate_limited
    run_case "controls: taps typing 23.5 on a field's keypad publish 23.5" cw_field_keypad_publishes
    run_case "controls: a field refuses 35 above its maximum 30 with the reason, and sends nothing" cw_field_refuses_out_of_range
    run_case "controls: a locked page asks for its PIN, refuses 1111, opens with 2468 and locks again on idle" cw_locked_page
    weston_stop_input
    cleanup_all
}

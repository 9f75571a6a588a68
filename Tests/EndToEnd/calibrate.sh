#!/bin/bash
# End-to-end cases for display rotation and `kiosk-shell calibrate` under weston 10 headless
# (the kiosk-test-input module injects touches and keys, and takes screenshots).
#
#   Tests/EndToEnd/calibrate.sh [--keep]        standalone
#   . Tests/EndToEnd/calibrate.sh; calibrate_cases     from run.sh (weston cases)
#
# - rotated panel: with [display] rotation = R, weston's 800x600 output is the panel's native
#   grid; the page (a 2x2 grid of tiles filling the upright 600x800 or 800x600 picture) is drawn
#   turned, and a touch injected at each corner (40 px in, upright) opens the tile drawn there;
# - calibrate: targets are touched at deliberately offset positions (x' = 0.9x + 30,
#   y' = 0.95y + 20 in window pixels); the matrix written into kiosk.toml undoes that (comments
#   kept), and the kiosk run with it opens the right tile for offset touches at every corner.

CAL_HERE=$(cd "$(dirname "${BASH_SOURCE[0]}")" && pwd)

# native_point TRANSFORM X Y: where upright point (X, Y) is drawn on the 800x600 output.
native_point() {
    awk -v t="$1" -v x="$2" -v y="$3" -v w="$WESTON_W" -v h="$WESTON_H" 'BEGIN {
        if (t == "normal") { nx = x; ny = y }
        else if (t == "90") { nx = y; ny = h - x }
        else if (t == "180") { nx = w - x; ny = h - y }
        else if (t == "270") { nx = w - y; ny = x }
        else if (t == "flipped") { nx = w - x; ny = y }
        else if (t == "flipped-90") { nx = y; ny = x }
        else if (t == "flipped-180") { nx = x; ny = h - y }
        else { nx = w - y; ny = h - x }
        printf "%g %g", nx, ny }'
}

# fresh_weston: a new weston for each calibration case (weston_start names each one's runtime
# dir and log, so a new one never sees an old log's lines).
CALIBRATE_WESTONS=0
fresh_weston() {
    CALIBRATE_WESTONS=$((CALIBRATE_WESTONS + 1))
    weston_start "calibrate-$CALIBRATE_WESTONS"
}

# distort X Y: where the miscalibrated digitizer reports a finger on window point (X, Y).
distort() { awk -v x="$1" -v y="$2" 'BEGIN { printf "%g %g", 0.9 * x + 30, 0.95 * y + 20 }'; }

# make_corner_config DIR ROTATION: a kiosk whose page is four tiles opening tl, tr, bl, br.
make_corner_config() {
    mkdir -p "$1/pages"
    cat >"$1/kiosk.toml" <<TOML
# Corner test kiosk (calibrate.sh). This comment must survive calibration.
home = "main"

[theme]
padding = 0
spacing = 0
corner_radius = 0
surface = "#ff0000"   # tiles
background = "#000000"

[display]
rotation = "$2"

[input]
# source = "wayland"
# calibration = [1, 0, 0, 0, 1, 0]
TOML
    logical_w=$WESTON_W; logical_h=$WESTON_H
    case "$2" in *90|*270) logical_w=$WESTON_H; logical_h=$WESTON_W ;; esac
    {
        echo 'title = "Corners"'
        echo 'type = "panel"'
        echo '[[widget]]'
        echo 'type = "grid"'
        echo 'columns = 2'
        echo "tile_height = $((logical_h / 2))"
        for c in tl tr bl br; do printf '[[widget.tile]]\nlabel = "%s"\nopen = "%s"\n' "$c" "$c"; done
    } >"$1/pages/corners.toml"
    printf 'title = "Main"\ntype = "stack"\nroot = "corners"\nheader = false\n[transition]\ntype = "fade"\nduration = 0.1\n' >"$1/pages/main.toml"
    for c in tl tr bl br; do printf 'title = "%s"\ntype = "panel"\n[[widget]]\ntype = "title"\ntext = "%s"\n' "$c" "$c" >"$1/pages/$c.toml"; done
}

# tap_corners LOG ROTATION [distort]: taps 40 px inside each upright corner and expects its page.
tap_corners() {
    L=$1
    lw=$WESTON_W; lh=$WESTON_H
    case "$2" in *90|*270) lw=$WESTON_H; lh=$WESTON_W ;; esac
    n=1
    for corner in "tl 40 40" "tr $((lw - 40)) 40" "bl 40 $((lh - 40))" "br $((lw - 40)) $((lh - 40))"; do
        set -- $corner
        name=$1
        point=$(native_point "$ROT" "$2" "$3")
        if [ "$DISTORT" = 1 ]; then point=$(distort $point); fi
        # A capture first: weston has composited the page, so the touch finds the surface.
        cap="$WORK/rot-$ROT-$DISTORT-$name.ppm"
        weston_capture "$cap" || fail_because "capture did not arrive" || return 1
        if [ "$DISTORT" = 0 ]; then
            px=${point%% *}; py=${point##* }
            expect_pixel "$cap" "${px%.*}" "${py%.*}" FF0000 || fail_because "$ROT $name: $REASON" || return 1
        fi
        weston_send touch down 1 $point
        weston_send touch frame
        weston_send touch up 1
        weston_send touch frame
        wait_for_line "$L" "showing page \"$name\"" 5 || fail_because "$ROT: touch at $point (upright corner $name) did not open $name: $(tail -2 "$L")" || return 1
        weston_send key down 1
        weston_send key up 1
        n=$((n + 1))
        tries=0
        while [ "$(count_lines "$L" 'showing page "corners"')" -lt "$n" ]; do
            [ $tries -ge 100 ] && { fail_because "$ROT: Escape did not go back from $name: $(tail -2 "$L")"; return 1; }
            sleep 0.05; tries=$((tries + 1))
        done
    done
}

# run_kiosk_corners CONFIG ROTATION DISTORT
run_kiosk_corners() {
    ROT=$2; DISTORT=$3
    fresh_weston || fail_because "weston did not start" || return 1
    L="$WORK/kiosk-$ROT-$DISTORT.log"
    env XDG_RUNTIME_DIR="$WESTON_RUN" WAYLAND_DISPLAY=kiosk-e2e ${KDEBUG:-} "$KIOSK" run --config "$1" >"$L" 2>&1 &
    KPID=$!; track $KPID
    wait_for_line "$L" 'showing page "corners"' 10 || fail_because "kiosk did not show the page: $(tail -3 "$L")" || return 1
    sleep 0.3
    tap_corners "$L" "$ROT"
    rc=$?
    stop_pid $KPID; stop_pid $WESTON_PID
    return $rc
}

c_rotated_corners() {
    for rot in 90 180 flipped-270; do
        dir="$WORK/corners-$rot"
        make_corner_config "$dir" "$rot"
        run_kiosk_corners "$dir" "$rot" 0 || return 1
    done
}

c_calibrate() {
    ROT=270
    dir="$WORK/calibrate"
    make_corner_config "$dir" "$ROT"
    cp "$dir/kiosk.toml" "$WORK/kiosk.toml.before"
    fresh_weston || fail_because "weston did not start" || return 1
    L="$WORK/calibrate.log"
    env XDG_RUNTIME_DIR="$WESTON_RUN" WAYLAND_DISPLAY=kiosk-e2e "$KIOSK" calibrate --config "$dir" --points 5 >"$L" 2>"$WORK/calibrate.err" &
    CPID=$!; track $CPID
    for i in 1 2 3 4 5; do
        wait_for_line "$L" "^target $i/5 at " 10 || fail_because "no target $i: $(tail -2 "$L") $(tail -2 "$WORK/calibrate.err")" || return 1
        sleep 0.2
        at=$(grep "^target $i/5 at " "$L" | tail -1 | sed 's/.* at //')
        point=$(distort $at)
        weston_send touch down 1 $point
        weston_send touch frame
        weston_send touch up 1
        weston_send touch frame
    done
    wait_for_line "$L" "^check: " 5 || fail_because "no check screen: $(tail -2 "$L")" || return 1
    sleep 0.3
    weston_capture "$WORK/calibrate-check.ppm" || fail_because "capture did not arrive" || return 1
    save=$(grep "^check: " "$L" | sed 's/.* save at //')
    weston_send touch down 1 $(distort $save)
    weston_send touch frame
    weston_send touch up 1
    weston_send touch frame
    wait_for_exit $CPID 5
    [ "$EXIT_STATUS" = 0 ] || fail_because "calibrate exit status $EXIT_STATUS: $(tail -3 "$WORK/calibrate.err")" || return 1
    stop_pid $WESTON_PID
    line=$(grep '^calibration = ' "$dir/kiosk.toml") || fail_because "no calibration line written" || return 1
    # Expected: x = (x' - 30/800) / 0.9, y = (y' - 20/600) / 0.95 in normalised window coordinates.
    echo "$line" | awk -F'[][, ]+' '{
        split("1.111111 0 -0.041667 0 1.052632 -0.035088", e, " ")
        for (i = 1; i <= 6; i++) if ((($(i + 2)) - e[i]) ^ 2 > 1e-10) { print "value " i " is " $(i + 2) ", expected " e[i]; exit 1 } }' ||
        fail_because "wrong matrix: $line" || return 1
    diff <(grep -v '^calibration = ' "$dir/kiosk.toml") "$WORK/kiosk.toml.before" >/dev/null ||
        fail_because "kiosk.toml changed beyond the calibration line" || return 1
    "$KIOSK" check --config "$dir" >/dev/null 2>&1 || fail_because "kiosk-shell check refuses the written kiosk.toml" || return 1
    # The kiosk with the written calibration: offset touches open the tile under the finger.
    run_kiosk_corners "$dir" "$ROT" 1
}

c_calibrate_print() {
    dir="$WORK/calibrate-print"
    make_corner_config "$dir" normal
    cp "$dir/kiosk.toml" "$WORK/print.before"
    fresh_weston || fail_because "weston did not start" || return 1
    L="$WORK/calibrate-print.log"
    env XDG_RUNTIME_DIR="$WESTON_RUN" WAYLAND_DISPLAY=kiosk-e2e "$KIOSK" calibrate --config "$dir" --print --points 4 >"$L" 2>&1 &
    CPID=$!; track $CPID
    for i in 1 2 3 4; do
        wait_for_line "$L" "^target $i/4 at " 10 || fail_because "no target $i" || return 1
        sleep 0.2
        at=$(grep "^target $i/4 at " "$L" | tail -1 | sed 's/.* at //')
        weston_send touch down 1 $at
        weston_send touch frame
        weston_send touch up 1
        weston_send touch frame
    done
    wait_for_line "$L" "^check: " 5 || fail_because "no check screen" || return 1
    save=$(grep "^check: " "$L" | sed 's/.* save at //')
    weston_send touch down 1 $save
    weston_send touch up 1
    weston_send touch frame
    wait_for_exit $CPID 5
    stop_pid $WESTON_PID
    [ "$EXIT_STATUS" = 0 ] || fail_because "exit status $EXIT_STATUS" || return 1
    grep -qx 'calibration = \[1, 0, 0, 0, 1, 0\]' "$L" || fail_because "printed: $(tail -1 "$L")" || return 1
    cmp -s "$dir/kiosk.toml" "$WORK/print.before" || fail_because "--print changed kiosk.toml"
}

# sway: the output turns, and goes away and comes back, while a pushed page is in view.
c_sway_output_cycle() {
    dir="$WORK/sway-output"
    WESTON_W=1280 WESTON_H=720 make_corner_config "$dir" normal
    sway_start calibrate-sway || fail_because "sway did not start" || return 1
    L="$WORK/sway-kiosk.log"
    env XDG_RUNTIME_DIR="$SWAY_RUN" WAYLAND_DISPLAY="$SWAY_DISPLAY" "$KIOSK" run --config "$dir" >"$L" 2>&1 &
    KPID=$!; track $KPID
    wait_for_line "$L" 'showing page "corners"' 10 || fail_because "kiosk did not start: $(tail -2 "$L")" || return 1
    sleep 0.3
    pointer_start || fail_because "virtual pointer did not start" || return 1
    pointer move 100 100 1280 720
    pointer down
    pointer up
    wait_for_line "$L" 'showing page "tl"' 5 || fail_because "a click on the top-left tile did not open tl: $(tail -2 "$L")" || return 1
    swaymsg output HEADLESS-1 transform 90 >/dev/null || fail_because "swaymsg transform failed" || return 1
    wait_for_line "$L" 'output 720x1280 at scale 1' 5 || fail_because "no re-layout for the turned output: $(tail -2 "$L")" || return 1
    swaymsg output HEADLESS-1 disable >/dev/null || fail_because "swaymsg disable failed" || return 1
    sleep 0.5
    kill -0 $KPID 2>/dev/null || fail_because "kiosk died when the output went away: $(tail -2 "$L")" || return 1
    swaymsg output HEADLESS-1 enable >/dev/null || fail_because "swaymsg enable failed" || return 1
    swaymsg output HEADLESS-1 transform normal >/dev/null
    wait_for_line "$L" 'output 1280x720 at scale 1' 5 || fail_because "no re-layout when the output came back: $(tail -2 "$L")" || return 1
    sleep 0.3
    kill -0 $KPID 2>/dev/null || fail_because "kiosk died: $(tail -2 "$L")" || return 1
    [ "$(count_lines "$L" 'showing page "corners"')" = 1 ] || fail_because "navigation was lost: $(grep showing "$L" | tr '\n' ' ')" || return 1
    sway_shot "$WORK/sway-back.ppm" || fail_because "grim failed" || return 1
    expect_size "$WORK/sway-back.ppm" 1280 720 || return 1
    exec 7>&-
    stop_pid $POINTER_PID; stop_pid $KPID; stop_pid $SWAY_PID
    rm -f "$WORK/pointer.fifo"  # sway.sh's own cases make it afresh
}

# source = "libinput" with a device path that does not exist (no /dev/input here): the kiosk
# runs, retries the device, and ignores the compositor's touches; "both" takes them again.
c_libinput_source() {
    for source in libinput both; do
        dir="$WORK/libinput-$source"
        make_corner_config "$dir" 90
        sed -i "s|^# source = \"wayland\"|source = \"$source\"\ndevices = [\"/dev/input/by-path/kiosk-e2e-missing-event\"]|" "$dir/kiosk.toml"
        fresh_weston || fail_because "weston did not start" || return 1
        L="$WORK/kiosk-$source.log"
        env XDG_RUNTIME_DIR="$WESTON_RUN" WAYLAND_DISPLAY=kiosk-e2e "$KIOSK" run --config "$dir" >"$L" 2>&1 &
        KPID=$!; track $KPID
        wait_for_line "$L" 'showing page "corners"' 10 || fail_because "$source: kiosk did not start: $(tail -2 "$L")" || return 1
        # Direct input starts after READY=1 (the first frame does not wait for devices): wait.
        wait_for_line "$L" 'reading input through libinput \(/dev/input/by-path/kiosk-e2e-missing-event\)' 5 ||
            fail_because "$source: libinput not started: $(head -5 "$L")" || return 1
        weston_capture "$WORK/libinput-$source.ppm" || fail_because "capture did not arrive" || return 1
        point=$(native_point 90 40 40)
        weston_send touch down 1 $point
        weston_send touch frame
        weston_send touch up 1
        weston_send touch frame
        if [ $source = libinput ]; then
            sleep 2.5  # past one device retry
            ! grep -q 'showing page "tl"' "$L" || fail_because "libinput: a compositor touch was not ignored" || return 1
        else
            wait_for_line "$L" 'showing page "tl"' 5 || fail_because "both: the compositor touch did not open tl: $(tail -2 "$L")" || return 1
        fi
        kill -0 $KPID 2>/dev/null || fail_because "$source: kiosk died: $(tail -2 "$L")" || return 1
        stop_pid $KPID
        wait_for_exit $KPID 1
        stop_pid $WESTON_PID
    done
}

calibrate_cases() {
    # run.sh has built the release binary into $KIOSK; alone, this script builds a debug one.
    if [ -z "${KIOSK:-}" ]; then
        KIOSK="$(cd "$ROOT" && swift build --show-bin-path)/kiosk-shell"
        (cd "$ROOT" && swift build --product kiosk-shell >/dev/null 2>&1) || { run_case "build kiosk-shell" false; return; }
    fi
    run_case "weston: rotated panel, a touch at each corner opens the tile drawn there" c_rotated_corners
    run_case "weston: calibrate with offset touches writes the matrix that undoes them" c_calibrate
    run_case "weston: calibrate --print prints and leaves kiosk.toml alone" c_calibrate_print
    run_case "weston: source libinput with a missing device runs and ignores compositor touches; both uses them" c_libinput_source
    case ",${ONLY:-weston,sway}," in *,sway,*) ;; *) return ;; esac
    if command -v sway >/dev/null && [ -x "$BUILD_DIR/kiosk-virtual-pointer" ] && [ -n "${RUN_UID:-}" ]; then
        run_case "sway: output turned, gone and back keeps the page in view" c_sway_output_cycle
    fi
}

if [ "${BASH_SOURCE[0]}" = "$0" ]; then
    set -u
    ROOT=$(cd "$CAL_HERE/../.." && pwd)
    . "$CAL_HERE/lib.sh"
    . "$CAL_HERE/weston.sh"
    . "$CAL_HERE/sway.sh"
    E2E_USER=${E2E_USER:-kiosktest}
    export PATH="$PATH:/usr/sbin:/sbin"
    prepare_user || exit 1
    KEEP=0
    [ "${1:-}" = "--keep" ] && KEEP=1
    BUILD_DIR=${BUILD_DIR:-"$ROOT/.build-e2e"}
    "$CAL_HERE/build-weston-module.sh" "$BUILD_DIR" >/dev/null || { echo "0 passed, 1 failed"; exit 1; }
    WORK=$(mktemp -d /tmp/kiosk-calibrate.XXXXXX)
    chmod 0755 "$WORK"  # sway runs as the unprivileged user and needs its runtime dir inside
    trap 'cleanup_all; if [ $KEEP = 1 ] || [ $FAILED -gt 0 ]; then log "logs kept in $WORK"; else rm -rf "$WORK"; fi' EXIT
    calibrate_cases
    [ $FAILED -gt 0 ] && log "failed:$FAILED_NAMES"
    echo "$PASSED passed, $FAILED failed"
    [ $FAILED -eq 0 ]
fi

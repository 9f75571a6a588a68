# kiosk-wayland-probe under sway 1.7 (helpers in sway.sh): 0x0 configure, fullscreen, virtual
# pointer, wtype keys and keyboard churn, output mode and scale changes, frame pacing of an
# animating client, exit codes.

s_first_frame() {
    sway_start probe-sway || fail_because "sway headless did not start as user $E2E_USER" || return 1
    start_probe "$WORK/probe-sway-client.log" "$SWAY_RUN" "$SWAY_DISPLAY"
    L="$WORK/probe-sway-client.log"
    # sway's first configure is 0x0 (client's choice) and then the output size: only the real
    # size may reach the app and the buffer.
    wait_for_line "$L" "^frame 1280x720 scale 1$" 5 || fail_because "no 1280x720 frame: $(tail -3 "$L")" || return 1
    [ "$(count_lines "$L" '^frame ')" = 1 ] || fail_because "frames of other sizes: $(grep '^frame' "$L" | tr '\n' ' ')" || return 1
    sleep 0.2
    sway_shot "$WORK/probe-sway-first.ppm" || fail_because "grim failed: $(tail -2 "$WORK/grim.log")" || return 1
    expect_size "$WORK/probe-sway-first.ppm" 1280 720 || return 1
    # Corners prove fullscreen: a tiled window would have a border and a title bar.
    expect_pixel "$WORK/probe-sway-first.ppm" 0 0 "$BACKGROUND" || return 1
    expect_pixel "$WORK/probe-sway-first.ppm" 1279 719 "$BACKGROUND"
}

s_idle() {
    before=$(cpu_ms "$CLIENT_PID")
    sleep 1
    after=$(cpu_ms "$CLIENT_PID")
    [ -n "$before" ] && [ -n "$after" ] || fail_because "client not running" || return 1
    [ $((after - before)) -le 20 ] || fail_because "idle client used $((after - before)) ms of CPU in 1 s"
}

s_pointer() {
    L="$WORK/probe-sway-client.log"
    pointer_start || fail_because "virtual pointer did not start: $(cat "$POINTER_LOG")" || return 1
    pointer move 300 200 1280 720
    pointer down
    pointer move 320 240 1280 720
    pointer up
    wait_for_line "$L" "^touch down 0 300.0 200.0$" 3 || fail_because "press not logged as touch down 0 at 300,200: $(grep touch "$L" | head -3)" || return 1
    wait_for_line "$L" "^touch motion 0 320.0 240.0$" 3 || fail_because "drag not logged" || return 1
    wait_for_line "$L" "^touch up 0$" 3 || fail_because "release not logged" || return 1
    sleep 0.2
    sway_shot "$WORK/probe-sway-pointer.ppm" || fail_because "grim failed" || return 1
    expect_pixel "$WORK/probe-sway-pointer.ppm" 320 240 FFFFFF
}

s_keys() {
    L="$WORK/probe-sway-client.log"
    sway_keys Left Right Up Down Return Escape BackSpace Home Tab space a || fail_because "wtype failed: $(tail -2 "$WORK/wtype.log")" || return 1
    for name in left right up down enter escape backspace home tab space other:a; do
        wait_for_line "$L" "^key down $name$" 3 || fail_because "key $name not logged" || return 1
    done
}

s_keyboard_churn() {
    L="$WORK/probe-sway-client.log"
    before=$(count_lines "$L" '^key down home$')
    for i in 1 2 3 4 5; do in_sway wtype -s 150 -k Home 2>>"$WORK/wtype.log"; done
    sleep 0.2
    kill -0 "$CLIENT_PID" 2>/dev/null || fail_because "client died while keyboards came and went" || return 1
    after=$(count_lines "$L" '^key down home$')
    [ $((after - before)) = 5 ] || fail_because "$((after - before)) of 5 Home presses arrived"
}

s_resize() {
    L="$WORK/probe-sway-client.log"
    swaymsg output HEADLESS-1 mode 1920x1080 >/dev/null || fail_because "swaymsg mode failed" || return 1
    wait_for_line "$L" "^configure 1920x1080 scale 1$" 3 || fail_because "no configure 1920x1080" || return 1
    wait_for_line "$L" "^frame 1920x1080 scale 1$" 3 || fail_because "no 1920x1080 buffer" || return 1
    sleep 0.2
    sway_shot "$WORK/probe-sway-resized.ppm" || fail_because "grim failed" || return 1
    expect_size "$WORK/probe-sway-resized.ppm" 1920 1080 || return 1
    expect_pixel "$WORK/probe-sway-resized.ppm" 1919 1079 "$BACKGROUND"
}

s_scale() {
    L="$WORK/probe-sway-client.log"
    swaymsg output HEADLESS-1 scale 2 >/dev/null || fail_because "swaymsg scale failed" || return 1
    wait_for_line "$L" "^configure 960x540 scale 2$" 3 || fail_because "no configure 960x540 scale 2: $(tail -2 "$L")" || return 1
    wait_for_line "$L" "^frame 1920x1080 scale 2$" 3 || fail_because "no 1920x1080 buffer at scale 2" || return 1
    ! grep -q "^frame 3840x2160" "$L" || fail_because "attached a buffer larger than the output" || return 1
    pointer move 480 270 960 540
    pointer down
    pointer up
    wait_for_line "$L" "^touch down 0 480.0 270.0$" 3 || fail_because "touch not in logical pixels at scale 2" || return 1
    sleep 0.2
    sway_shot "$WORK/probe-sway-scaled.ppm" || fail_because "grim failed" || return 1
    expect_size "$WORK/probe-sway-scaled.ppm" 1920 1080 || return 1
    expect_pixel "$WORK/probe-sway-scaled.ppm" 960 540 FFFFFF || return 1
    expect_pixel "$WORK/probe-sway-scaled.ppm" 900 540 "$BACKGROUND"
}

# Probe only (--animate): a client that always wants frames is paced by frame callbacks at the
# output's refresh (60 Hz), not spinning.
s_animate() {
    L="$WORK/probe-sway-animate.log"
    start_probe "$L" "$SWAY_RUN" "$SWAY_DISPLAY" --animate
    ANIMATE_PID=$CLIENT_PID
    CLIENT_PID=$FIRST_CLIENT_PID
    wait_for_line "$L" "^frame " 5 || fail_because "animating client showed no frame" || return 1
    sleep 1
    kill -TERM "$ANIMATE_PID"
    wait_for_exit "$ANIMATE_PID" 3
    line=$(grep '^frames ' "$L")
    rate=$(echo "$line" | awk '{ if ($4 > 0) printf "%d", $2 / $4; else print 0 }')
    log "  $line (${rate}/s)"
    [ "$rate" -ge 30 ] && [ "$rate" -le 90 ] || fail_because "frame rate $rate/s, expected about 60"
}

s_sigterm() {
    kill -TERM "$CLIENT_PID"
    wait_for_exit "$CLIENT_PID" 3; status=$EXIT_STATUS
    [ "$status" = 0 ] || fail_because "SIGTERM: exit status $status, expected 0"
}

s_compositor_killed() {
    start_probe "$WORK/probe-sway-client2.log" "$SWAY_RUN" "$SWAY_DISPLAY"
    L="$WORK/probe-sway-client2.log"
    wait_for_line "$L" "^frame " 5 || fail_because "second client showed no frame" || return 1
    pointer_stop
    killed_at=$(now)
    kill -KILL "$SWAY_PID"
    wait_for_exit "$CLIENT_PID" 1; status=$EXIT_STATUS
    took=$(elapsed "$killed_at" "$(now)")
    wait "$SWAY_PID" 2>/dev/null
    [ "$status" = 1 ] || fail_because "after sway died: status $status within 1 s, expected 1" || return 1
    log "  client exited 1 in $took s: $(grep '^closed: ' "$L")"
}

probe_sway_cases() {
    run_case "probe/sway: first frame at the output size after the 0x0 configure, fullscreen" s_first_frame
    FIRST_CLIENT_PID=$CLIENT_PID
    run_case "probe/sway: an idle client uses no CPU (no frames requested)" s_idle
    run_case "probe/sway: virtual pointer press/drag/release logged as touch id 0" s_pointer
    run_case "probe/sway: wtype keys map through xkb" s_keys
    run_case "probe/sway: keyboards added and removed by five wtype runs, all keys arrive" s_keyboard_churn
    run_case "probe/sway: output mode 1920x1080 -> new configure and buffer size" s_resize
    run_case "probe/sway: output scale 2 -> logical 960x540, buffer 1920x1080, touch in logical px" s_scale
    run_case "probe/sway: an animating client runs at the output refresh (frame callbacks)" s_animate
    run_case "probe/sway: SIGTERM exits 0" s_sigterm
    run_case "probe/sway: compositor killed -> client exits 1 within 1 s" s_compositor_killed
    pointer_stop
    cleanup_all
}

# kiosk-wayland-probe under weston 10 (helpers in weston.sh): the Wayland layer alone (configure,
# touch ids, pointer as finger, xkb keys, seat capabilities, exit codes), printed by the probe.

# probe_client [LOG]: the probe on weston's socket.
probe_client() {
    start_probe "${1:-$WORK/probe-weston-client.log}" "$WESTON_RUN" kiosk-e2e
}

w_first_frame() {
    weston_start probe-weston || fail_because "weston 10 headless with the test module did not start" || return 1
    probe_client
    L="$WORK/probe-weston-client.log"
    wait_for_line "$L" "^configure ${WESTON_W}x${WESTON_H} scale 1$" 5 || fail_because "no configure ${WESTON_W}x${WESTON_H}: $(tail -3 "$L")" || return 1
    wait_for_line "$L" "^frame ${WESTON_W}x${WESTON_H} scale 1$" 5 || fail_because "no first frame" || return 1
    weston_capture "$WORK/probe-weston-first.ppm" || fail_because "capture did not arrive" || return 1
    expect_size "$WORK/probe-weston-first.ppm" $WESTON_W $WESTON_H || return 1
    expect_pixel "$WORK/probe-weston-first.ppm" 10 10 "$BACKGROUND" || return 1
    expect_pixel "$WORK/probe-weston-first.ppm" $((WESTON_W - 1)) $((WESTON_H - 1)) "$BACKGROUND"
}

w_touch() {
    L="$WORK/probe-weston-client.log"
    weston_send touch down 4 400 300
    weston_send touch frame
    weston_send touch motion 4 420.5 310
    weston_send touch frame
    wait_for_line "$L" "^touch down 4 400.0 300.0$" 3 || fail_because "touch down not logged at 400,300" || return 1
    wait_for_line "$L" "^touch motion 4 420.5 310.0$" 3 || fail_because "touch motion not logged at 420.5,310" || return 1
    sleep 0.2
    weston_capture "$WORK/probe-weston-touch.ppm" || fail_because "capture did not arrive" || return 1
    expect_pixel "$WORK/probe-weston-touch.ppm" 420 310 FFFFFF || return 1
    expect_pixel "$WORK/probe-weston-touch.ppm" 400 250 "$BACKGROUND" || return 1
    weston_send touch up 4
    weston_send touch frame
    wait_for_line "$L" "^touch up 4$" 3 || fail_because "touch up not logged"
}

w_multitouch() {
    L="$WORK/probe-weston-client.log"
    weston_send touch down 1 100 100
    weston_send touch down 2 700 500
    weston_send touch frame
    weston_send touch motion 2 690 490
    weston_send touch frame
    weston_send touch up 1
    weston_send touch up 2
    weston_send touch frame
    wait_for_line "$L" "^touch down 1 100.0 100.0$" 3 || fail_because "first contact missing" || return 1
    wait_for_line "$L" "^touch down 2 700.0 500.0$" 3 || fail_because "second contact missing" || return 1
    wait_for_line "$L" "^touch motion 2 690.0 490.0$" 3 || fail_because "second contact motion missing" || return 1
    wait_for_line "$L" "^touch up 2$" 3 || fail_because "second contact up missing" || return 1
    [ "$(count_lines "$L" '^touch up 1$')" = 1 ] || fail_because "first contact up missing"
}

w_pointer() {
    L="$WORK/probe-weston-client.log"
    weston_send pointer move 200 150
    weston_send button down
    weston_send pointer move 250 160
    weston_send button up
    weston_send button down 273
    weston_send button up 273
    wait_for_line "$L" "^touch down 0 200.0 150.0$" 3 || fail_because "pointer press not logged as touch down 0 at 200,150" || return 1
    wait_for_line "$L" "^touch motion 0 250.0 160.0$" 3 || fail_because "pointer drag not logged as motion" || return 1
    wait_for_line "$L" "^touch up 0$" 3 || fail_because "pointer release not logged as touch up 0" || return 1
    [ "$(count_lines "$L" '^touch down 0 ')" = 1 ] || fail_because "a right-button press became a touch"
}

w_keys() {
    L="$WORK/probe-weston-client.log"
    # evdev codes: LEFT 105, RIGHT 106, UP 103, DOWN 108, ENTER 28, KPENTER 96, ESC 1,
    # BACKSPACE 14, HOME 102, TAB 15, SPACE 57, A 30
    for code in 105 106 103 108 28 96 1 14 102 15 57 30; do
        weston_send key down $code
        weston_send key up $code
    done
    for name in left right up down enter escape backspace home tab space other:a; do
        wait_for_line "$L" "^key down $name$" 3 || fail_because "key $name not logged" || return 1
    done
    [ "$(count_lines "$L" '^key down enter$')" = 2 ] || fail_because "KP_Enter did not map to enter" || return 1
    wait_for_line "$L" "^key up other:a$" 3 || fail_because "key release not logged"
}

w_seat_caps() {
    L="$WORK/probe-weston-client.log"
    for caps in none touch all keyboard pointer,touch none all; do
        weston_send seat caps $caps
        sleep 0.1
    done
    kill -0 "$CLIENT_PID" 2>/dev/null || fail_because "client died while seat capabilities changed: $(tail -3 "$L")" || return 1
    weston_send touch down 7 50 60
    weston_send touch frame
    weston_send touch up 7
    weston_send touch frame
    wait_for_line "$L" "^touch down 7 50.0 60.0$" 3 || fail_because "touch lost after capabilities came back" || return 1
    weston_send key down 106
    weston_send key up 106
    wait_for_line "$L" "^key down right$" 3 || fail_because "keyboard lost after capabilities came back"
}

w_sigterm() {
    L="$WORK/probe-weston-client.log"
    stop_at=$(now)
    kill -TERM "$CLIENT_PID"
    wait_for_exit "$CLIENT_PID" 3; status=$EXIT_STATUS
    [ "$status" = 0 ] || fail_because "SIGTERM: exit status $status, expected 0" || return 1
    kill -0 "$WESTON_PID" 2>/dev/null || fail_because "weston died when the client left: $(tail -3 "$WESTON_LOG")" || return 1
    log "  client exited 0 after SIGTERM in $(elapsed "$stop_at" "$(now)") s"
}

w_compositor_killed() {
    L="$WORK/probe-weston-client2.log"
    probe_client "$L"
    wait_for_line "$L" "^frame " 5 || fail_because "second client showed no frame: $(tail -2 "$L")" || return 1
    killed_at=$(now)
    kill -KILL "$WESTON_PID"
    wait_for_exit "$CLIENT_PID" 1; status=$EXIT_STATUS
    took=$(elapsed "$killed_at" "$(now)")
    wait "$WESTON_PID" 2>/dev/null
    [ "$status" = 1 ] || fail_because "after the compositor died: status $status within 1 s, expected 1" || return 1
    [ "$(count_lines "$L" '^closed: ')" = 1 ] || fail_because "no single 'closed:' line" || return 1
    log "  client exited 1 in $took s: $(grep '^closed: ' "$L")"
}

probe_weston_cases() {
    run_case "probe/weston: first frame fills the output with the background" w_first_frame
    run_case "probe/weston: touch down/motion/up logged at logical position, square drawn" w_touch
    run_case "probe/weston: two contacts keep their ids" w_multitouch
    run_case "probe/weston: left button drives touch id 0, right button ignored" w_pointer
    run_case "probe/weston: navigation keys and others map through xkb" w_keys
    run_case "probe/weston: seat capabilities going and coming do not crash" w_seat_caps
    run_case "probe/weston: SIGTERM exits 0" w_sigterm
    run_case "probe/weston: compositor killed -> client exits 1 within 1 s" w_compositor_killed
    weston_stop_input
    cleanup_all
}

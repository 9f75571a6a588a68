# `kiosk-shell run` under sway 1.7 headless (helpers in sway.sh) on the fixture config: the
# first frame, a pointer drag (the virtual pointer is one finger), keys and keyboard churn (wtype),
# an output resize, idle CPU, and frame pacing at 1920x1080@60Hz from wp_presentation feedback.

KS_W=1280
KS_H=720

ks_first_frame() {
    sway_start kiosk-sway || fail_because "sway headless did not start as user $E2E_USER" || return 1
    KS_LOG="$WORK/kiosk-sway-client.log"
    mark_pages "$KS_LOG"
    start_kiosk "$KS_LOG" "$SWAY_RUN" "$SWAY_DISPLAY"
    KS_PID=$CLIENT_PID
    wait_for_page "$KS_LOG" red || fail_because "no page shown: $(tail -3 "$KS_LOG")" || return 1
    # sway's first configure is 0x0 (the client picks: the [preview] size), then the output size.
    [ "$(grep '^info: output ' "$KS_LOG" | tail -1)" = "info: output ${KS_W}x${KS_H} at scale 1" ] ||
        fail_because "output lines: $(grep '^info: output ' "$KS_LOG" | tr '\n' ';')" || return 1
    expect_screen sway_shot "$WORK/ks-first.ppm" "$(reference home ${KS_W}x${KS_H})"
}

ks_pointer_drag() {
    pointer_start || fail_because "virtual pointer did not start: $(cat "$POINTER_LOG")" || return 1
    mark_pages "$KS_LOG"
    pointer move 1100 360 $KS_W $KS_H
    pointer down
    i=1
    while [ $i -le 20 ]; do
        sleep 0.016
        pointer move $((1100 - 640 * i / 20)) 360 $KS_W $KS_H
        i=$((i + 1))
    done
    sleep 0.3
    sway_shot "$WORK/ks-mid-turn.ppm" || fail_because "grim failed" || return 1
    expect_different "$WORK/ks-mid-turn.ppm" "$(reference home ${KS_W}x${KS_H})" || return 1
    expect_different "$WORK/ks-mid-turn.ppm" "$(reference green ${KS_W}x${KS_H} next)" || return 1
    expect_colour red "$WORK/ks-mid-turn.ppm" 400 400 80 100 || return 1
    expect_colour green "$WORK/ks-mid-turn.ppm" 800 400 80 100 || return 1
    pointer move 300 360 $KS_W $KS_H
    pointer up
    wait_for_page "$KS_LOG" green || return 1
    expect_screen sway_shot "$WORK/ks-after-turn.ppm" "$(reference green ${KS_W}x${KS_H} next)"
}

ks_keys() {
    mark_pages "$KS_LOG"
    sway_keys Right || fail_because "wtype failed: $(tail -2 "$WORK/wtype.log")" || return 1
    wait_for_page "$KS_LOG" menu || return 1
    expect_screen sway_shot "$WORK/ks-lists.ppm" "$(reference lists ${KS_W}x${KS_H} "key Left")" || return 1
    mark_pages "$KS_LOG"
    sway_keys Left || fail_because "wtype failed" || return 1
    wait_for_page "$KS_LOG" green
}

# Every wtype run adds a keyboard to the seat and removes it: capabilities come and go.
ks_keyboard_churn() {
    for key in Right Left Right Left; do
        mark_pages "$KS_LOG"
        sway_keys "$key" || fail_because "wtype failed" || return 1
        case $key in Right) page=menu ;; *) page=green ;; esac
        wait_for_page "$KS_LOG" $page || return 1
    done
    kill -0 "$KS_PID" 2>/dev/null || fail_because "client died while keyboards came and went"
}

ks_resize() {
    swaymsg output HEADLESS-1 mode 1920x1080@60Hz >/dev/null || fail_because "swaymsg mode failed" || return 1
    wait_for_line "$KS_LOG" "^info: output 1920x1080 at scale 1$" 3 || fail_because "no 1920x1080 output line: $(tail -2 "$KS_LOG")" || return 1
    # Navigation kept: still the green face, now drawn at the new size.
    expect_screen sway_shot "$WORK/ks-resized.ppm" "$(reference green 1920x1080 next)" || return 1
    expect_size "$WORK/ks-resized.ppm" 1920 1080
}

ks_sigterm() {
    pointer_stop
    kill -TERM "$KS_PID"
    wait_for_exit "$KS_PID" 3; status=$EXIT_STATUS
    [ "$status" = 0 ] || fail_because "SIGTERM: exit status $status, expected 0" || return 1
    log "  $(grep '^info: frames: ' "$KS_LOG")"
}

# frames_field LOG WORD: the number before WORD in the "info: frames: ..." line.
frames_field() { grep '^info: frames: ' "$1" | tail -1 | sed 's/^info: frames: //' | tr ',' '\n' | awk -v w="$2" '$2 == w { print $1 }'; }

ks_idle() {
    L="$WORK/kiosk-sway-idle.log"
    mark_pages "$L"
    start_kiosk "$L" "$SWAY_RUN" "$SWAY_DISPLAY"
    pid=$CLIENT_PID
    wait_for_page "$L" red || { stop_pid $pid; fail_because "idle client showed no page: $(tail -2 "$L")"; return 1; }
    sleep 1
    before=$(cpu_ms $pid)
    sleep 10
    after=$(cpu_ms $pid)
    kill -0 $pid 2>/dev/null || fail_because "the idle client stopped: $(tail -2 "$L")" || return 1
    used=$((after - before))
    kill -TERM $pid
    wait_for_exit $pid 3
    drawn=$(frames_field "$L" drawn)
    log "  idle 10 s at 1920x1080: CPU $used ms (utime + stime); whole run: $(grep '^info: frames: ' "$L")"
    [ "$used" -lt 20 ] || fail_because "idle client used $used ms of CPU in 10 s (budget: under 20 ms)" || return 1
    # Only the configures' frames: nothing requested while idle.
    [ -n "$drawn" ] && [ "$drawn" -le 2 ] || fail_because "an idle client drew $drawn frames"
}

# ks_drag LABEL [PREFIX...]: a 10 s 1080p cube drag by a client started through PREFIX (e.g.
# `taskset -c 0`); logs the pacing, the client's CPU per presented frame (utime + stime over the
# drag / frames presented) and its peak RSS (VmHWM). Sets DRAG_FPS, DRAG_CPU_MS (CPU per
# presented frame, ms), DRAG_HWM_KB.
ks_drag() {
    label=$1
    shift
    L="$WORK/kiosk-sway-pacing-$label.log"
    mark_pages "$L"
    start_client "$L" "$SWAY_RUN" "$SWAY_DISPLAY" "$@" "$KIOSK" run --config "$FIXTURE" --verbose
    pid=$CLIENT_PID
    wait_for_page "$L" red || { stop_pid $pid; fail_because "pacing client showed no page: $(tail -2 "$L")"; return 1; }
    pointer_start || { stop_pid $pid; fail_because "virtual pointer did not start"; return 1; }
    cpu_before=$(cpu_ms $pid)
    sys_before=$(sys_ms $pid)
    sway_before=$(cpu_ms $SWAY_PID)
    pointer move 1700 540 1920 1080
    pointer down
    # 10 s of continuous dragging: 1700 -> 300 -> 1700 ... one way per second, 125 motions/s.
    pointer sweep 1700 300 540 1920 1080 10
    wait_for_line "$POINTER_LOG" "^swept " 14 || { stop_pid $pid; fail_because "the sweep did not finish"; return 1; }
    pointer up
    sleep 1
    cpu_after=$(cpu_ms $pid)
    sys_after=$(sys_ms $pid)
    sway_after=$(cpu_ms $SWAY_PID)
    DRAG_HWM_KB=$(awk '$1 == "VmHWM:" { print $2 }' "/proc/$pid/status" 2>/dev/null)
    rss_parts=$(awk '$1 ~ /^Rss(Anon|File|Shmem):$/ { printf "%s %s kB, ", $1, $2 }' "/proc/$pid/status" 2>/dev/null)
    kill -TERM $pid
    wait_for_exit $pid 3
    line=$(grep '^info: frames: ' "$L")
    DRAG_FPS=$(echo "$line" | sed -n 's/.* \([0-9.]*\) fps while animating.*/\1/p')
    missed=$(frames_field "$L" missed)
    presented=$(frames_field "$L" presented)
    [ -n "$presented" ] || presented=$(frames_field "$L" committed)
    used=$((cpu_after - cpu_before))
    DRAG_CPU_MS=$(awk -v u="$used" -v n="${presented:-0}" 'BEGIN { if (n > 0) printf "%.2f", u / n; else print "" }')
    log "  [$label] 10 s drag at 1920x1080@60Hz ($(grep '^swept' "$POINTER_LOG") motions): $line"
    log "  [$label] pacing: ${DRAG_FPS:-?} fps while dragging, ${missed:-?} frames missed their vblank; CPU over 11 s: client $used ms (kernel $((sys_after - sys_before)) ms) = ${DRAG_CPU_MS:-?} ms per presented frame (${presented:-?} presented), sway $((sway_after - sway_before)) ms; peak RSS (VmHWM) ${DRAG_HWM_KB:-?} kB (now: ${rss_parts:-?}); $(grep -o 'composing with [0-9]* thread[s]*' "$L" | head -1); load $(cut -d' ' -f1-3 /proc/loadavg)"
    [ -n "$DRAG_FPS" ] || fail_because "no frame rate in: $line" || return 1
    [ -n "$DRAG_CPU_MS" ] || fail_because "no CPU per presented frame (presented: ${presented:-none})" || return 1
    [ -n "$DRAG_HWM_KB" ] && [ "$DRAG_HWM_KB" -gt 0 ] || fail_because "no peak RSS for the client"
}

ks_pacing() {
    ks_drag all-cores || return 1
    # Target 60 fps, no missed frame. On a shared 2-core machine other load costs frames: the
    # assertion is held to 45 fps, which still catches a debug build (about 10) or broken pacing
    # (30 or less). CPU and memory are logged, not asserted (timings flake on a shared machine).
    awk -v f="$DRAG_FPS" 'BEGIN { exit !(f >= 45) }' || fail_because "$DRAG_FPS fps while dragging (at least 45 expected)"
}

# The same drag with the process on one core (`taskset -c 0`), the closest this machine gets to
# a small board's core: the client must pick one compositing thread and still present frames.
ks_pacing_one_core() {
    command -v taskset >/dev/null || fail_because "taskset missing (util-linux)" || return 1
    cores_fps=$DRAG_FPS cores_cpu=$DRAG_CPU_MS
    ks_drag one-core taskset -c 0 || return 1
    grep -q 'composing with 1 thread$' "$WORK/kiosk-sway-pacing-one-core.log" ||
        fail_because "on one core: $(grep -o 'composing with.*' "$WORK/kiosk-sway-pacing-one-core.log" | head -1)" || return 1
    log "  one core vs all cores: ${DRAG_FPS:-?} vs ${cores_fps:-?} fps, ${DRAG_CPU_MS:-?} vs ${cores_cpu:-?} ms CPU per presented frame"
}

ks_compositor_killed() {
    pointer_stop
    L="$WORK/kiosk-sway-client2.log"
    mark_pages "$L"
    start_kiosk "$L" "$SWAY_RUN" "$SWAY_DISPLAY"
    wait_for_page "$L" red || fail_because "client showed no page" || return 1
    killed_at=$(now)
    kill -KILL "$SWAY_PID"
    wait_for_exit "$CLIENT_PID" 1; status=$EXIT_STATUS
    took=$(elapsed "$killed_at" "$(now)")
    wait "$SWAY_PID" 2>/dev/null
    [ "$status" = 1 ] || fail_because "after sway died: status $status within 1 s, expected 1" || return 1
    log "  exited 1 in $took s: $(grep '^error: ' "$L" | head -1)"
}

kiosk_sway_cases() {
    run_case "kiosk/sway: first frame at the output size equals render of the home page" ks_first_frame
    run_case "kiosk/sway: a pointer drag turns the cube (two faces mid-turn, face 2 after)" ks_pointer_drag
    run_case "kiosk/sway: wtype Right and Left turn the cube" ks_keys
    run_case "kiosk/sway: keyboards added and removed by four wtype runs, every key navigates" ks_keyboard_churn
    run_case "kiosk/sway: output resized to 1920x1080 -> new frame at that size, same page" ks_resize
    run_case "kiosk/sway: SIGTERM exits 0" ks_sigterm
    run_case "kiosk/sway: idle 10 s -> no frames requested, CPU under 20 ms" ks_idle
    run_case "kiosk/sway: 10 s of dragging at 1920x1080@60Hz -> at least 45 fps (numbers in the log)" ks_pacing
    run_case "kiosk/sway: the same drag on one core (taskset -c 0) -> one compositing thread, frames presented (numbers in the log)" ks_pacing_one_core
    run_case "kiosk/sway: compositor killed -> client exits 1 within 1 s" ks_compositor_killed
    pointer_stop
    cleanup_all
}

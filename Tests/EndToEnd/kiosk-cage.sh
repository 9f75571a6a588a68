# `kiosk-shell run` under cage 0.1.4 (helpers in cage.sh): a smoke test. cage offers no input
# injection, and its screencopy answers black with the pixman renderer, so the client's log is
# the evidence: configured at the output size, home page shown, exit 1 when cage dies.

kc_smoke() {
    cage_start kiosk-cage || fail_because "cage did not start: $(tail -3 "$CAGE_LOG")" || return 1
    L="$WORK/kiosk-cage-client.log"
    mark_pages "$L"
    start_kiosk "$L" "$CAGE_RUN" "$CAGE_DISPLAY"
    wait_for_page "$L" red || fail_because "no page under cage: $(tail -3 "$L")" || return 1
    wait_for_line "$L" "^info: output [1-9][0-9]*x[1-9][0-9]* at scale 1$" 1 || fail_because "no output line" || return 1
    log "  cage: $(grep '^info: output ' "$L" | tr '\n' ';')"
    sleep 0.3
    kill -0 "$CLIENT_PID" 2>/dev/null || fail_because "client died under cage: $(tail -2 "$L")" || return 1
    killed_at=$(now)
    kill -KILL "$CAGE_PID"
    wait_for_exit "$CLIENT_PID" 1; status=$EXIT_STATUS
    took=$(elapsed "$killed_at" "$(now)")
    [ "$status" = 1 ] || fail_because "after cage died: status $status within 1 s, expected 1" || return 1
    log "  exited 1 in $took s"
}

kiosk_cage_cases() {
    run_case "kiosk/cage: home page shown at the output size; compositor killed -> exit 1 within 1 s" kc_smoke
    cleanup_all
}

# Resource samples of the soaked kiosk and the steps of its loop (sourced by Tests/Soak/run.sh
# and Tests/Soak/charts.sh).

# soak_prepare_work NAME LABEL: the weston test module, a work folder /tmp/kiosk-NAME.XXXXXX
# ($WORK, removed at exit unless SOAK_KEEP=1) and a copy of the binary in it ($KIOSK). A soak
# runs for hours and calls the binary again (`ctl`) until its end: a copy of its own, so that a
# rebuild or a package build meanwhile (build-deb.sh cleans out/deb) cannot take it away.
soak_prepare_work() {
    mkdir -p "$BUILD_DIR"
    "$HERE/build-weston-module.sh" "$BUILD_DIR" >/dev/null || give_up "building the weston test module failed"
    WORK=$(mktemp -d "/tmp/kiosk-$1.XXXXXX")
    chmod 0755 "$WORK"
    cp "$KIOSK" "$WORK/kiosk-shell" || give_up "cannot copy $KIOSK"
    KIOSK="$WORK/kiosk-shell"
    trap 'weston_stop_input 2>/dev/null; cleanup_all; [ "${SOAK_KEEP:-0}" = 1 ] || rm -rf "$WORK"' EXIT
    log "$2: $SECONDS_TOTAL s (warm-up $WARMUP s), logs in $WORK (SOAK_KEEP=1 keeps them)"
}

# soak_sample PID SECONDS: one line "SECONDS RSS_KIB FDS THREADS" into $WORK/samples (and the log).
soak_sample_header() { : >"$WORK/samples"; }
soak_sample() {
    [ -r "/proc/$1/status" ] || return 0
    rss=$(awk '/^VmRSS:/ { print $2 }' "/proc/$1/status")
    threads=$(awk '/^Threads:/ { print $2 }' "/proc/$1/status")
    fds=$(ls "/proc/$1/fd" 2>/dev/null | wc -l)
    echo "$2 $rss $fds $threads" >>"$WORK/samples"
    log "  t=${2}s rss=${rss} KiB fds=$fds threads=$threads"
}

# soak_flat_cases: after the warm-up, RSS, fds and threads stay within their bounds of the first
# sample taken after it. Prints the figures (start = first sample, warm = after the warm-up).
soak_flat_cases() {
    set -- $(awk -v w="$WARMUP" '
        NR == 1 { s_rss = $2; s_fd = $3; s_th = $4 }
        $1 >= w && !b { b = 1; w_rss = $2; w_fd = $3; w_th = $4 }
        $1 >= w { if ($2 > m_rss) m_rss = $2; if ($3 > m_fd) m_fd = $3; if ($4 > m_th) m_th = $4 }
        { e_rss = $2; e_fd = $3; e_th = $4 }
        END { print s_rss+0, w_rss+0, m_rss+0, e_rss+0, s_fd+0, w_fd+0, m_fd+0, e_fd+0, s_th+0, w_th+0, m_th+0, e_th+0, NR }' "$WORK/samples")
    echo "soak: rss KiB start $1 warm $2 max $3 end $4; fds start $5 warm $6 max $7 end $8; threads start $9 warm ${10} max ${11} end ${12}; ${13} samples over $SECONDS_TOTAL s"
    SF_RSS="$2 $3" SF_FD="$6 $7" SF_TH="${10} ${11}" SF_N=${13}
    run_case "soak: RSS grew at most $SOAK_RSS_KIB KiB after the warm-up" soak_rss_flat
    run_case "soak: open fds grew at most 4 after the warm-up" soak_fds_flat
    run_case "soak: threads grew at most 2 after the warm-up" soak_threads_flat
}
soak_within() { set -- $1 "$2" "$3"; [ "$1" -gt 0 ] && [ "$2" -le $(($1 + $3)) ] || fail_because "$4: $1 after the warm-up, at most $2 later (bound +$3)"; }
soak_rss_flat() { [ "$SF_N" -ge 3 ] || fail_because "only $SF_N samples" || return 1; soak_within "$SF_RSS" "$SOAK_RSS_KIB" "RSS KiB"; }
soak_fds_flat() { soak_within "$SF_FD" 4 "fds"; }
soak_threads_flat() { soak_within "$SF_TH" 2 "threads"; }

# soak_navigate MODE: a touch on the tile opens "other"; back goes through D-Bus (MODE 0) or the
# MQTT command topic (MODE 1; Escape while the broker is away). Counts the page's own "showing
# page" lines, 10 s each (a loaded CI machine runs the debug binary).
soak_navigate() {
    REASON=""
    seen=$(count_lines "$LOG" '^info: showing page "other"')
    weston_tap 400 120
    # Known (issue 26's soak found it): the first tap right after a config reload that kept the
    # navigation is sometimes lost (3 of 195 taps in 25 minutes; the log says the touch went to
    # the pages, nothing opened). Such a tap is counted in LOST_TAPS and made again once; the
    # case soak_few_lost_taps fails when more than 1 in 4 are lost (CI makes about 15 taps).
    if ! wait_for_count "$LOG" '^info: showing page "other"' $((seen + 1)) 5; then
        LOST_TAPS=$((LOST_TAPS + 1))
        log "  a tap was lost; the log before it: $(tail -3 "$LOG" | tr '\n' '|' | cut -c1-200)"
        weston_tap 400 120
        wait_for_count "$LOG" '^info: showing page "other"' $((seen + 1)) 10 ||
            fail_because "two touches did not open other: $(grep '^info: showing page' "$LOG" | tail -1)" || return 1
    fi
    seen=$(count_lines "$LOG" '^info: showing page "plant"')
    if [ "$1" = 0 ]; then
        "$KIOSK" ctl back 2>>"$WORK/ctl.log" || fail_because "ctl back: $(tail -1 "$WORK/ctl.log")" || return 1
    elif soak_mqtt_up && timeout 2 mosquitto_pub -h 127.0.0.1 -p "$CT_PORT" -t "$SOAK_TOPIC_PREFIX/command" -m back 2>/dev/null; then
        :
    else
        weston_key 1
    fi
    wait_for_count "$LOG" '^info: showing page "plant"' $((seen + 1)) 10 ||
        fail_because "back (mode $1) did not return: $(grep '^info: showing page' "$LOG" | tail -1)"
}

# soak_mqtt_up: the broker runs and the kiosk is connected to it (more connections than losses).
soak_mqtt_up() {
    [ "$BROKER_DOWN_UNTIL" = 0 ] &&
        [ "$(count_lines "$LOG" 'MQTT: connected to')" -gt "$(count_lines "$LOG" 'MQTT: connection to .* lost')" ]
}

# soak_good_reload N: a good edit is reloaded within 10 s.
soak_good_reload() {
    REASON=""
    before=$(count_lines "$LOG" 'config reloaded')
    soak_good_edit "$DIR" "$1"
    wait_for_count "$LOG" 'config reloaded' $((before + 1)) 10 || fail_because "edit $1 was not reloaded: $(tail -1 "$LOG")"
}

# soak_broken_reload KIND N: the broken edit is refused with exactly one error line that names
# its problem, the page shown stays (ctl status) under the banner across the top (a screenshot
# whose top strip differs from the one after the repair), and the repair is reloaded. The
# repair is made whatever the refusal looked like, so a failure does not leave the banner up.
soak_broken_reload() {
    REASON=""
    kept=$(count_lines "$LOG" 'keeping the last good config')
    errors=$(count_lines "$LOG" 'pages/other\.toml:')
    expect=$(soak_broken_edit "$DIR" "$1")
    soak_refused "$kept" "$errors" "$expect"
    refused=$?
    why=$REASON
    soak_good_reload "$2" || { REASON="${why:+$why; }the repair: $REASON"; return 1; }
    [ "$refused" = 0 ] || { REASON=$why; return 1; }
    ct_until 3 soak_banner_gone || fail_because "no banner over the top of the screen while the edit was refused"
}
soak_refused() {
    wait_for_count "$LOG" 'keeping the last good config' $(($1 + 1)) 10 ||
        fail_because "not refused: $(tail -1 "$LOG" | cut -c1-200)" || return 1
    new=$(($(count_lines "$LOG" 'pages/other\.toml:') - $2))
    [ "$new" = 1 ] || fail_because "$new error lines for pages/other.toml, expected 1" || return 1
    grep 'pages/other\.toml:' "$LOG" | tail -1 | grep -q -- "$3" ||
        fail_because "the error line does not say '$3': $(grep 'pages/other\.toml:' "$LOG" | tail -1 | cut -c1-200)" || return 1
    "$KIOSK" ctl status 2>>"$WORK/ctl.log" | grep -q '^page: plant$' ||
        fail_because "the last good page is not shown: $("$KIOSK" ctl status 2>&1 | head -1)" || return 1
    sleep 0.3
    weston_capture "$WORK/banner.ppm" || fail_because "no screenshot of the banner"
}
# The top 40 rows (the banner's title while it is up) now differ in most pixels from then.
soak_banner_gone() {
    weston_capture "$WORK/repaired.ppm" || return 1
    set -- $(image compare "$WORK/banner.ppm" "$WORK/repaired.ppm" 0 0 800 40 2>/dev/null)
    [ -n "${2:-}" ] && [ $(($1 * 2)) -gt "$2" ]
}

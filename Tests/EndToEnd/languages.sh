#!/bin/bash
# End-to-end case for languages (issue 31) under weston 10 headless (sourced by run.sh): the
# fixture with [languages] en/de and a stack "main" (start -> detail). A tap opens detail; a tap
# on its "Deutsch" tile shows the page in German in place (the log says "language: de", the
# stack keeps its depth, the screen equals `kiosk-shell render --language de` of the same
# navigation: header title and back label included). After [idle] home_after (4 s) the panel
# goes home in English ("language: en", the screen equals `render` of the home page).

# At 800x600 under the stack's header: the start page's tile, and detail's Deutsch tile.
LG_MORE_Y=227
LG_DEUTSCH_X=588
LG_TILE_Y=156

lg_write_config() {
    LG_CONFIG="$WORK/languages-config"
    rm -rf "$LG_CONFIG" && cp -r "$FIXTURE" "$LG_CONFIG"
    sed -i 's/^home = "home"/home = "main"/' "$LG_CONFIG/kiosk.toml"
    cat >>"$LG_CONFIG/kiosk.toml" <<'TOML'

[idle]
home_after = 4

[languages]
default = "en"
available = ["en", "de"]
TOML
    cat >"$LG_CONFIG/pages/main.toml" <<'TOML'
title = "Main"
type = "stack"
root = "start"
TOML
    cat >"$LG_CONFIG/pages/start.toml" <<'TOML'
title = "@start"
type = "panel"
[[widget]]
type = "title"
text = "@welcome"
[[widget]]
type = "grid"
columns = 1
tile_height = 120
[[widget.tile]]
label = "@more"
open = "detail"
TOML
    cat >"$LG_CONFIG/pages/detail.toml" <<'TOML'
title = "@detail"
type = "panel"
[[widget]]
type = "grid"
columns = 2
tile_height = 120
[[widget.tile]]
label = "English"
language = "en"
[[widget.tile]]
label = "Deutsch"
language = "de"
[[widget]]
type = "text"
text = "@body"
TOML
    mkdir -p "$LG_CONFIG/lang"
    cat >"$LG_CONFIG/lang/en.toml" <<'TOML'
start = "Start"
welcome = "Welcome to the hall"
more = "Tell me more"
detail = "Details"
body = "The engine drove 900 looms through ropes running up all five floors."
TOML
    cat >"$LG_CONFIG/lang/de.toml" <<'TOML'
start = "Anfang"
welcome = "Willkommen in der Halle"
more = "Mehr erfahren"
detail = "Einzelheiten"
body = "Die Maschine trieb 900 Webstühle über Seile an, die durch alle fünf Stockwerke liefen."
TOML
    chmod -R a+rX "$LG_CONFIG"
    "$KIOSK" check --config "$LG_CONFIG" >"$WORK/languages-check.log" 2>&1 ||
        fail_because "check refused the languages config: $(tail -3 "$WORK/languages-check.log")"
}

# lg_render OUT [render options…]: the reference at the panel's size.
lg_render() {
    out=$1
    shift
    "$KIOSK" render --config "$LG_CONFIG" --page main --size "$KW_SIZE" --out "$out" "$@" >/dev/null 2>>"$WORK/render.log"
}

lg_switch_and_idle() {
    lg_write_config || return 1
    weston_start languages || fail_because "weston did not start" || return 1
    LG_LOG="$WORK/languages-client.log"
    start_client "$LG_LOG" "$WESTON_RUN" kiosk-e2e "$KIOSK" run --config "$LG_CONFIG" --verbose
    LG_PID=$CLIENT_PID
    mark_pages "$LG_LOG"
    wait_for_page "$LG_LOG" start 10 || return 1
    mark_pages "$LG_LOG"
    weston_tap 400 "$LG_MORE_Y"
    wait_for_page "$LG_LOG" detail 5 || fail_because "the tile did not open detail: ${REASON:-$(tail -2 "$LG_LOG")}" || return 1
    sleep 1
    weston_tap "$LG_DEUTSCH_X" "$LG_TILE_Y"
    wait_for_line "$LG_LOG" 'language: de' 5 || fail_because "no 'language: de' after the tap on Deutsch" || return 1
    lg_render "$WORK/languages-de.png" --language de --actions "tap 400,$LG_MORE_Y; wait 1s" ||
        fail_because "render --language de failed" || return 1
    expect_screen weston_capture "$WORK/languages-de.ppm" "$WORK/languages-de.png" || return 1
    log "languages: Deutsch shows detail in German, the stack at its depth"
    # Idle: home, in English again.
    wait_for_line "$LG_LOG" 'language: en' 10 || fail_because "no 'language: en' after home_after" || return 1
    lg_render "$WORK/languages-en.png" || fail_because "render of the home page failed" || return 1
    expect_screen weston_capture "$WORK/languages-en.ppm" "$WORK/languages-en.png" || return 1
    log "languages: idle went home in English"
    stop_pid $LG_PID; stop_pid $WESTON_PID
    weston_stop_input
}

languages_cases() {
    run_case "kiosk/weston: a Deutsch tile re-lays out the page in German keeping the stack; idle returns home in English" lg_switch_and_idle
}

# Shared helpers for the end-to-end harness (sourced by run.sh). POSIX sh + a few util-linux tools.
# Every wait is bounded; every process the harness starts is recorded and ended by its pid.

PASSED=0
FAILED=0
FAILED_NAMES=""
STARTED_PIDS=""
REASON=""

log() { printf '%s\n' "$*" >&2; }

# Seconds since the epoch with fractions (for exit-time measurements).
now() { date +%s.%N; }
elapsed() { awk -v a="$1" -v b="$2" 'BEGIN { printf "%.3f", b - a }'; }
less_than() { awk -v a="$1" -v b="$2" 'BEGIN { exit !(a < b) }'; }

track() { STARTED_PIDS="$STARTED_PIDS $1"; }

# stop_pid PID [SIGNAL]: signal one process we started and reap it (at most 3 s, then KILL).
stop_pid() {
    pid=$1
    [ -n "$pid" ] || return 0
    kill -"${2:-TERM}" "$pid" 2>/dev/null || { wait "$pid" 2>/dev/null; return 0; }
    i=0
    while kill -0 "$pid" 2>/dev/null && [ $i -lt 60 ]; do sleep 0.05; i=$((i + 1)); done
    kill -KILL "$pid" 2>/dev/null
    wait "$pid" 2>/dev/null
    return 0
}

cleanup_all() {
    for pid in $STARTED_PIDS; do stop_pid "$pid"; done
    STARTED_PIDS=""
}

# fail_because TEXT: records why the current case fails; returns 1 so `|| return 1` chains.
fail_because() { REASON="$*"; return 1; }

# run_case NAME FUNCTION: runs one case and counts it.
run_case() {
    REASON=""
    if "$2"; then
        PASSED=$((PASSED + 1))
        log "PASS $1"
    else
        FAILED=$((FAILED + 1))
        FAILED_NAMES="$FAILED_NAMES
  $1"
        log "FAIL $1: ${REASON:-no reason recorded}"
    fi
}

# require_tools GROUP TOOL...: a failing case "GROUP: TOOL is installed" for the first tool not on
# PATH, and status 1, so a group of cases stops before starting anything that needs it.
require_tools() {
    group=$1
    shift
    for tool in "$@"; do
        command -v "$tool" >/dev/null || { run_case "$group: $tool is installed" false; return 1; }
    done
}

# wait_for_line FILE EXTENDED_REGEX [TIMEOUT_SECONDS]: succeeds when a line matches.
wait_for_line() {
    deadline=$(awk -v t="$(now)" -v d="${3:-5}" 'BEGIN { printf "%.3f", t + d }')
    while :; do
        grep -Eq -- "$2" "$1" 2>/dev/null && return 0
        less_than "$(now)" "$deadline" || return 1
        sleep 0.05
    done
}

# wait_for_output EXPECTED SECONDS COMMAND...: succeeds when COMMAND prints EXPECTED (polled
# every 20 ms), fails after SECONDS.
wait_for_output() {
    want=$1
    deadline=$(awk -v t="$(now)" -v d="$2" 'BEGIN { printf "%.3f", t + d }')
    shift 2
    while [ "$("$@")" != "$want" ]; do
        less_than "$(now)" "$deadline" || return 1
        sleep 0.02
    done
}

# count_lines FILE EXTENDED_REGEX: how many lines match.
count_lines() {
    n=$(grep -Ec -- "$2" "$1" 2>/dev/null)
    echo "${n:-0}"
}

# wait_for_file PATH [TIMEOUT_SECONDS]
wait_for_file() {
    i=0
    limit=$(awk -v d="${2:-5}" 'BEGIN { printf "%d", d * 20 }')
    while [ ! -e "$1" ]; do
        [ $i -ge "$limit" ] && return 1
        sleep 0.05
        i=$((i + 1))
    done
}

# wait_for_exit PID TIMEOUT_SECONDS: sets EXIT_STATUS to the exit status, or "running" after the
# timeout. (Not used in $(...): a subshell cannot reap the harness's children.)
wait_for_exit() {
    limit=$(awk -v d="$2" 'BEGIN { printf "%d", d * 100 }')
    i=0
    while kill -0 "$1" 2>/dev/null; do
        if [ $i -ge "$limit" ]; then EXIT_STATUS=running; return 0; fi
        sleep 0.01
        i=$((i + 1))
    done
    wait "$1" 2>/dev/null
    EXIT_STATUS=$?
}

# start_client LOG RUNTIME_DIR DISPLAY COMMAND...: starts a client on that Wayland display;
# sets CLIENT_PID.
start_client() {
    log_file=$1 runtime=$2 display=$3
    shift 3
    env XDG_RUNTIME_DIR="$runtime" WAYLAND_DISPLAY="$display" "$@" >"$log_file" 2>&1 &
    CLIENT_PID=$!
    track "$CLIENT_PID"
}

# start_probe LOG RUNTIME_DIR DISPLAY [ARGS]: the kiosk-wayland-probe.
start_probe() { start_client "$1" "$2" "$3" "$PROBE" ${4:-}; }

# start_kiosk LOG RUNTIME_DIR DISPLAY: `kiosk-shell run` on the e2e fixture config.
start_kiosk() { start_client "$1" "$2" "$3" "$KIOSK" run --config "$FIXTURE" --verbose; }

image() { "$BUILD_DIR/kiosk-image" "$@"; }

# expect_pixel IMAGE X Y RRGGBB: a screenshot pixel has the colour.
expect_pixel() {
    got=$(image pixel "$1" "$2" "$3" 2>&1) || fail_because "cannot read $1: $got" || return 1
    [ "$got" = "$4" ] || fail_because "pixel $2,$3 of $(basename "$1") is $got, expected $4"
}

# expect_size IMAGE WIDTH HEIGHT
expect_size() {
    got=$(image size "$1" 2>&1) || fail_because "cannot read $1: $got" || return 1
    [ "$got" = "$2 $3" ] || fail_because "$(basename "$1") is $got, expected $2 $3"
}

# reference NAME WxH [ACTIONS]: `kiosk-shell render` of the fixture's home page after ACTIONS,
# settled, into $WORK/ref/NAME-WxH.png (made once); prints the path.
reference() {
    out="$WORK/ref/$1-$2.png"
    if [ ! -s "$out" ]; then
        mkdir -p "$WORK/ref"
        if [ -n "${3:-}" ]; then
            "$KIOSK" render --config "$FIXTURE" --page home --size "$2" --actions "$3" --out "$out" >/dev/null 2>>"$WORK/render.log"
        else
            "$KIOSK" render --config "$FIXTURE" --page home --size "$2" --out "$out" >/dev/null 2>>"$WORK/render.log"
        fi
    fi
    printf '%s\n' "$out"
}

# expect_same SCREENSHOT REFERENCE [X Y W H]: at most 0.2 % of the pixels (of the region) differ
# by more than 8 in a channel. Logs the comparison.
expect_same() {
    got=$(image compare "$@" 2>&1) || fail_because "cannot compare $(basename "$1") with $(basename "$2"): $got" || return 1
    set -- "$1" "$2" $got
    log "  $(basename "$1") vs $(basename "$2"): $3 of $4 pixels differ (largest channel difference $5)"
    [ $(($3 * 500)) -le "$4" ] || fail_because "$(basename "$1") differs from $(basename "$2") in $3 of $4 pixels"
}

# expect_screen SHOOT SCREENSHOT REFERENCE: takes screenshots with the command SHOOT (it gets the
# path) until one equals REFERENCE as expect_same judges, for at most 3 s: the app logs a page as
# shown when navigation rests on it, and a cube may still be easing into place then.
expect_screen() {
    deadline=$(awk -v t="$(now)" 'BEGIN { printf "%.3f", t + 3 }')
    while :; do
        "$1" "$2" || fail_because "no screenshot from $1" || return 1
        got=$(image compare "$2" "$3" 2>/dev/null) && set -- "$1" "$2" "$3" $got &&
            [ $(($4 * 500)) -le "$5" ] && break
        less_than "$(now)" "$deadline" || break
        sleep 0.1
    done
    expect_same "$2" "$3"
}

# expect_different SCREENSHOT REFERENCE: more than 20 % of the pixels differ.
expect_different() {
    got=$(image compare "$1" "$2" 2>&1) || fail_because "cannot compare: $got" || return 1
    set -- "$1" "$2" $got
    [ $(($3 * 5)) -gt "$4" ] || fail_because "$(basename "$1") looks like $(basename "$2") ($3 of $4 pixels differ)"
}

# reddish / greenish IMAGE X Y W H: the region's average colour is dominated by red / green.
dominant() {
    mean=$(image mean "$@") || return 2
    r=$((0x$(echo "$mean" | cut -c1-2))) g=$((0x$(echo "$mean" | cut -c3-4))) b=$((0x$(echo "$mean" | cut -c5-6)))
    if [ $r -gt $((g + 40)) ] && [ $r -gt $((b + 40)) ]; then echo red
    elif [ $g -gt $((r + 40)) ] && [ $g -gt $((b + 40)) ]; then echo green
    else echo "other($mean)"; fi
}
expect_colour() {
    want=$1
    shift
    got=$(dominant "$@")
    [ "$got" = "$want" ] || fail_because "region $2,$3 ${4}x$5 of $(basename "$1") is $got, expected $want"
}

# wait_for_count FILE REGEX COUNT [TIMEOUT]: waits until at least COUNT lines match.
wait_for_count() {
    deadline=$(awk -v t="$(now)" -v d="${4:-5}" 'BEGIN { printf "%.3f", t + d }')
    while [ "$(count_lines "$1" "$2")" -lt "$3" ]; do
        less_than "$(now)" "$deadline" || return 1
        sleep 0.05
    done
}

# wait_for_page LOG PAGE [TIMEOUT]: waits for one more 'showing page "PAGE"' line than the
# log had when the current step began ($PAGES_SEEN, set by mark_pages).
mark_pages() { PAGES_SEEN=$(count_lines "$1" '^info: showing page '); }
wait_for_page() {
    wait_for_count "$1" '^info: showing page ' $((PAGES_SEEN + 1)) "${3:-5}" || return 1
    last=$(grep '^info: showing page ' "$1" | tail -1)
    [ "$last" = "info: showing page \"$2\"" ] || fail_because "expected page \"$2\", the log says: $last"
}

# cpu_ms PID: CPU time (utime + stime of /proc/PID/stat) the process used so far, in ms. The
# kernel counts it in clock ticks (10 ms at CLK_TCK 100).
cpu_ms() { awk -v hz="$(getconf CLK_TCK)" '{ printf "%d", ($14 + $15) * 1000 / hz }' "/proc/$1/stat" 2>/dev/null; }
# The kernel's share of it (stime): page faults, mmap, syscalls.
sys_ms() { awk -v hz="$(getconf CLK_TCK)" '{ printf "%d", $15 * 1000 / hz }' "/proc/$1/stat" 2>/dev/null; }

# The unprivileged user sway and cage run as when the harness runs as root (they refuse root).
# Creates the user when missing; sets RUN_UID/RUN_GID and AS_USER (a command prefix).
prepare_user() {
    if [ "$(id -u)" -ne 0 ]; then
        RUN_UID=$(id -u)
        RUN_GID=$(id -g)
        AS_USER=""
        return 0
    fi
    if ! id "$E2E_USER" >/dev/null 2>&1; then
        useradd --system --no-create-home --home-dir /nonexistent --shell /usr/sbin/nologin "$E2E_USER" ||
            { log "cannot create user $E2E_USER"; return 1; }
    fi
    RUN_UID=$(id -u "$E2E_USER")
    RUN_GID=$(id -g "$E2E_USER")
    AS_USER="setpriv --reuid=$RUN_UID --regid=$RUN_GID --init-groups"
}

# make_runtime_dir PATH OWNER_UID OWNER_GID: a fresh XDG_RUNTIME_DIR, mode 0700.
make_runtime_dir() {
    rm -rf "$1"
    mkdir -p "$1"
    chown "$2:$3" "$1"
    chmod 0700 "$1"
}

# find_wayland_socket DIR [TIMEOUT]: prints the name of the first wayland-N socket in DIR.
find_wayland_socket() {
    i=0
    limit=$(awk -v d="${2:-10}" 'BEGIN { printf "%d", d * 20 }')
    while [ $i -lt "$limit" ]; do
        for s in "$1"/wayland-*; do
            case "$s" in *.lock) continue ;; esac
            [ -S "$s" ] && { basename "$s"; return 0; }
        done
        sleep 0.05
        i=$((i + 1))
    done
    return 1
}

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

# wait_for_line FILE EXTENDED_REGEX [TIMEOUT_SECONDS]: succeeds when a line matches.
wait_for_line() {
    deadline=$(awk -v t="$(now)" -v d="${3:-5}" 'BEGIN { printf "%.3f", t + d }')
    while :; do
        grep -Eq -- "$2" "$1" 2>/dev/null && return 0
        less_than "$(now)" "$deadline" || return 1
        sleep 0.05
    done
}

# count_lines FILE EXTENDED_REGEX: how many lines match.
count_lines() { grep -Ec -- "$2" "$1" 2>/dev/null || true; }

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

# start_client LOG RUNTIME_DIR DISPLAY: starts $CLIENT (a shell command) on that Wayland display;
# sets CLIENT_PID.
start_client() {
    env XDG_RUNTIME_DIR="$2" WAYLAND_DISPLAY="$3" sh -c "exec $CLIENT" >"$1" 2>&1 &
    CLIENT_PID=$!
    track "$CLIENT_PID"
}

# expect_pixel PPM X Y RRGGBB: a screenshot pixel has the colour.
expect_pixel() {
    got=$("$BUILD_DIR/ppm-pixel" "$1" "$2" "$3" 2>&1) || fail_because "cannot read $1: $got" || return 1
    [ "$got" = "$4" ] || fail_because "pixel $2,$3 of $(basename "$1") is $got, expected $4"
}

# expect_size PPM WIDTH HEIGHT
expect_size() {
    got=$("$BUILD_DIR/ppm-pixel" "$1" 2>&1) || fail_because "cannot read $1: $got" || return 1
    [ "$got" = "$2 $3" ] || fail_because "$(basename "$1") is $got, expected $2 $3"
}

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

#!/usr/bin/env bash
# Builds kiosk-shell and runs it on the shipped demo config (Config/):
# - with a Wayland session (WAYLAND_DISPLAY names a socket): `kiosk-shell run` on it, fullscreen,
#   until Ctrl-C;
# - without one: inside a private headless weston (with the end-to-end tests' input module), where
#   it shows the home page, a finger turns the cube, and screenshots land in out/demo/*.png;
#   then everything stops. (weston runs as root too; sway and cage refuse to.)
# Set DEMO_HEADLESS=1 to take the headless path even inside a session.
set -euo pipefail
cd "$(dirname "$0")/.."
[ -x /opt/swift/usr/bin/swift ] && ! command -v swift >/dev/null && export PATH=/opt/swift/usr/bin:$PATH

swift build -c release --product kiosk-shell
bin="$(swift build -c release --show-bin-path)/kiosk-shell"
"$bin" check --config Config

runtime=${XDG_RUNTIME_DIR:-/run/user/$(id -u)}
if [ "${DEMO_HEADLESS:-0}" != 1 ] && [ -n "${WAYLAND_DISPLAY:-}" ] &&
    { [ -S "$WAYLAND_DISPLAY" ] || [ -S "$runtime/$WAYLAND_DISPLAY" ]; }; then
    echo "run-demo: showing Config/ on $WAYLAND_DISPLAY (Ctrl-C stops it)"
    exec "$bin" run --config Config
fi

out=out/demo
mkdir -p "$out"
if ! command -v weston >/dev/null; then
    "$bin" render --config Config --all --out "$out" >/dev/null
    "$bin" render --config Config --page home --actions "drag 1000,400 300,400 300ms" --at 0.2 --out "$out/home-turning.png" >/dev/null
    echo "run-demo: no Wayland session and no weston (scripts/setup-debian.sh installs it);"
    echo "run-demo: drew every page headless instead: $(ls "$out" | wc -l) PNGs in $out/"
    exit 0
fi

tools=.build-e2e
Tests/EndToEnd/build-weston-module.sh "$tools" >/dev/null
work=$(mktemp -d /tmp/kiosk-demo.XXXXXX)
chmod 0700 "$work"
weston_pid=""
kiosk_pid=""
stop() {
    [ -n "$kiosk_pid" ] && kill -TERM "$kiosk_pid" 2>/dev/null && wait "$kiosk_pid" 2>/dev/null
    [ -n "$weston_pid" ] && kill -TERM "$weston_pid" 2>/dev/null && wait "$weston_pid" 2>/dev/null
    rm -rf "$work"
}
trap stop EXIT
width=1280
height=800
XDG_RUNTIME_DIR="$work" KIOSK_TEST_FIFO="$work/input" weston --backend=headless-backend.so \
    --shell=kiosk-shell.so --use-pixman --socket=kiosk-demo --idle-time=0 --width=$width --height=$height \
    --modules="$PWD/$tools/kiosk-test-input.so" >"$work/weston.log" 2>&1 &
weston_pid=$!
for _ in $(seq 100); do [ -p "$work/input" ] && [ -S "$work/kiosk-demo" ] && break; sleep 0.05; done
[ -S "$work/kiosk-demo" ] || { tail -5 "$work/weston.log"; echo "run-demo: weston did not start"; exit 1; }
exec 8>"$work/input"
send() { printf '%s\n' "$*" >&8; }
wait_for() { # FILE TEXT: up to 5 s
    for _ in $(seq 100); do grep -q -- "$2" "$1" 2>/dev/null && return 0; sleep 0.05; done
    return 1
}
shot() { # NAME
    rm -f "$work/$1.ppm"
    send capture "$work/$1.ppm"
    for _ in $(seq 100); do [ -s "$work/$1.ppm" ] && break; sleep 0.05; done
    "$tools/kiosk-image" png "$work/$1.ppm" "$out/$1.png"
    echo "  $out/$1.png"
}

XDG_RUNTIME_DIR="$work" WAYLAND_DISPLAY=kiosk-demo "$bin" run --config Config >"$work/kiosk.log" 2>&1 &
kiosk_pid=$!
wait_for "$work/kiosk.log" 'showing page' || { cat "$work/kiosk.log"; echo "run-demo: the kiosk showed nothing"; exit 1; }
echo "run-demo: kiosk-shell runs in a private headless weston (${width}x$height); screenshots:"
sed 's/^/  kiosk: /' "$work/kiosk.log"
sleep 0.3
shot 1-home
# A finger turns the cube: down on the right, half the width to the left (held), then onwards.
send touch down 1 1100 400
send touch frame
for i in $(seq 1 24); do
    sleep 0.016
    send touch motion 1 $((1100 - 640 * i / 24)) 400
    send touch frame
done
sleep 0.3
shot 2-turning
send touch motion 1 200 400
send touch frame
send touch up 1
send touch frame
sleep 1
shot 3-next-face
# The Right key turns it once more.
send key down 106
send key up 106
sleep 1
shot 4-third-face
kill -TERM "$kiosk_pid"
status=0
wait "$kiosk_pid" || status=$?
kiosk_pid=""
sed -n 's/^info: \(frames:.*\)/  kiosk: \1/p' "$work/kiosk.log"
echo "run-demo: kiosk-shell exited with status $status; the screenshots are in $out/"

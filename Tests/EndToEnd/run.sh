#!/bin/bash
# End-to-end tests of a kiosk-shell Wayland client under real headless compositors:
# weston 10 (kiosk-shell + the kiosk-test-input module: touch, pointer, keys, screenshots),
# sway 1.7 (virtual pointer, wtype, grim, output resize and scale) and cage 0.1.4 (smoke).
#
#   Tests/EndToEnd/run.sh [--client "COMMAND"] [--only weston,sway,cage] [--keep]
#
# COMMAND defaults to the kiosk-wayland-probe built by `swift build`; the cases read the probe's
# stdout lines ("configure WxH scale S", "frame WxH scale S", "touch down ID X Y", "key down NAME",
# "closed: ..."), so another client must print the same lines. $BACKGROUND (RRGGBB, default the
# probe's 2060A0) is the colour expected on screen.
# Runs as root (sway and cage then run as $E2E_USER, created when missing) or as a normal user.
# Prints "N passed, M failed" last; exits 1 when anything failed.
set -u
HERE=$(cd "$(dirname "$0")" && pwd)
ROOT=$(cd "$HERE/../.." && pwd)
. "$HERE/lib.sh"
. "$HERE/weston.sh"
. "$HERE/sway.sh"
. "$HERE/cage.sh"

CLIENT=""
ONLY="weston,sway,cage"
KEEP=0
while [ $# -gt 0 ]; do
    case "$1" in
        --client) CLIENT=$2; shift 2 ;;
        --only) ONLY=$2; shift 2 ;;
        --keep) KEEP=1; shift ;;
        *) log "usage: $0 [--client COMMAND] [--only weston,sway,cage] [--keep]"; exit 2 ;;
    esac
done
BACKGROUND=${BACKGROUND:-2060A0}
E2E_USER=${E2E_USER:-kiosktest}
BUILD_DIR=${BUILD_DIR:-"$ROOT/.build-e2e"}
export PATH="$PATH:/usr/sbin:/sbin"

for tool in gcc pkg-config wayland-scanner weston sway cage grim wtype swaymsg setpriv; do
    command -v "$tool" >/dev/null || { log "missing tool: $tool"; echo "0 passed, 1 failed"; exit 1; }
done
"$HERE/build-weston-module.sh" "$BUILD_DIR" >/dev/null || { echo "0 passed, 1 failed"; exit 1; }
CLIENT_IS_PROBE=0
if [ -z "$CLIENT" ]; then
    CLIENT_IS_PROBE=1
    (cd "$ROOT" && swift build --product kiosk-wayland-probe >/dev/null 2>&1) ||
        { log "swift build --product kiosk-wayland-probe failed"; echo "0 passed, 1 failed"; exit 1; }
    CLIENT="$(cd "$ROOT" && swift build --show-bin-path)/kiosk-wayland-probe"
fi
prepare_user || { echo "0 passed, 1 failed"; exit 1; }

WORK=$(mktemp -d /tmp/kiosk-e2e.XXXXXX)
chmod 0755 "$WORK"  # the unprivileged user needs to reach its runtime dir inside
finish() {
    cleanup_all
    if [ $KEEP = 1 ] || [ $FAILED -gt 0 ]; then log "logs kept in $WORK"; else rm -rf "$WORK"; fi
}
trap finish EXIT
trap 'exit 1' INT TERM
log "client: $CLIENT"

case ",$ONLY," in *,weston,*) weston_cases ;; esac
. "$HERE/calibrate.sh"; case ",$ONLY," in *,weston,*) calibrate_cases ;; esac
case ",$ONLY," in *,sway,*) sway_cases ;; esac
case ",$ONLY," in *,cage,*) cage_cases ;; esac

[ $FAILED -gt 0 ] && log "failed:$FAILED_NAMES"
echo "$PASSED passed, $FAILED failed"
[ $FAILED -eq 0 ]

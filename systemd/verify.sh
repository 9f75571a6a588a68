#!/bin/sh
# Checks the units in this folder with `systemd-analyze verify` and prints the exposure of
# kiosk-shell.service and kiosk-shell-drm.service from `systemd-analyze security --offline=true`.
#
#   systemd/verify.sh [KIOSK_SHELL_BINARY]
#
# verify insists that ExecStart= binaries exist: when /usr/bin/kiosk-shell is missing, a
# copy of the built binary is installed there for the check and removed afterwards (needs root).
# `--root=` over a scratch tree does not help: verify then looks for systemd's own units and
# /bin/kill in that tree too.
# Exposure is measured for the unit alone and with both drop-ins of kiosk-shell.service.d
# (backlight, libinput), which `--offline` picks up from the folder next to the unit.
# Exits 1 when verify reports anything or an exposure is above 3.0.
set -eu
here=$(cd "$(dirname "$0")" && pwd)
binary=${1:-"$(cd "$here/.." && swift build --show-bin-path)/kiosk-shell"}
work=$(mktemp -d /tmp/kiosk-units.XXXXXX)
installed=""
cleanup() {
    rm -rf "$work"
    [ -n "$installed" ] && rm -f "$installed"
    return 0
}
trap cleanup EXIT
if [ ! -e /usr/bin/kiosk-shell ]; then
    [ -x "$binary" ] || { echo "no kiosk-shell binary at $binary (swift build first)" >&2; exit 1; }
    install -D -m 0755 "$binary" /usr/bin/kiosk-shell
    installed=/usr/bin/kiosk-shell
fi
cp "$here"/*.service "$here"/*.socket "$work/"
# A template is verified through an instance.
mv "$work/cage@.service" "$work/cage@tty7.service"
status=0
for unit in kiosk-shell.service kiosk-shell-drm.service weston.service weston.socket cage@tty7.service; do
    # weston.service and the client need each other loaded; pass the set, report per unit.
    out=$(cd "$work" && systemd-analyze verify "$work/$unit" "$work/weston.service" "$work/weston.socket" 2>&1) || true
    if [ -n "$out" ]; then
        echo "FAIL verify $unit:"
        echo "$out" | sed 's/^/  /'
        status=1
    else
        echo "ok   verify $unit"
    fi
done
exposure() {
    systemd-analyze security --offline=true --no-pager "$1" 2>/dev/null |
        sed -n 's/.*Overall exposure level for [^:]*: \([0-9.]*\).*/\1/p'
}
mkdir "$work/alone"
cp "$here/kiosk-shell.service" "$work/alone/"
for case in "unit alone:$work/alone/kiosk-shell.service" "with backlight.conf + libinput.conf:$here/kiosk-shell.service"; do
    value=$(exposure "${case#*:}")
    echo "kiosk-shell.service exposure, ${case%%:*}: ${value:-unknown} (target <= 3.0)"
    awk -v e="${value:-99}" 'BEGIN { exit !(e <= 3.0) }' || status=1
done
# The DRM unit needs devices and netlink that the Wayland client does not: the same target.
value=$(exposure "$here/kiosk-shell-drm.service")
echo "kiosk-shell-drm.service exposure: ${value:-unknown} (target <= 3.0)"
awk -v e="${value:-99}" 'BEGIN { exit !(e <= 3.0) }' || status=1
exit $status

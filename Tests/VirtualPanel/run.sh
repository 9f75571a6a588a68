#!/bin/bash
# The virtual panel: kiosk-shell booted the way a panel boots. Builds the .deb
# (scripts/build-deb.sh), a Debian 12 image (debootstrap, cached by rootfs.sh), installs the package
# with apt as a technician would (README "Running on a device"), then checks on a real systemd:
#   container.py  systemd-nspawn: units, READY=1, watchdog, restarts, reloads, --strict
#   vm.py         qemu (TCG, virtio-gpu DRM, uinput): kiosk-shell-drm on an image with the
#                 compositors purged (vm_drm.py), cage@tty1 and weston + kiosk-shell from
#                 power-on, kernel touch through the compositor and through libinput, hotplug,
#                 VT switches, scanout screenshots against `kiosk-shell render`,
#                 boot-to-first-frame seconds and resident memory, DRM against cage + kiosk
#
#   Tests/VirtualPanel/run.sh [--only container|vm] [--keep]
#
# Needs root (debootstrap, mounts, nspawn) and debootstrap, systemd-container, qemu-system-x86,
# qemu-utils (scripts/debian-packages.txt). Everything it writes goes under out/vpanel and the
# rootfs cache /var/cache/kiosk-shell-vpanel. Prints "virtual-panel: N passed, M failed" last.
set -u
HERE=$(cd "$(dirname "$0")" && pwd)
ROOT=$(cd "$HERE/../.." && pwd)
export PATH="$PATH:/usr/sbin:/sbin"
[ -x /opt/swift/usr/bin/swift ] && ! command -v swift >/dev/null && export PATH=/opt/swift/usr/bin:$PATH
ONLY="container,vm"
KEEP=0
while [ $# -gt 0 ]; do
    case "$1" in
        --only) ONLY=$2; shift 2 ;;
        --keep) KEEP=1; shift ;;
        *) echo "usage: $0 [--only container|vm] [--keep]"; exit 2 ;;
    esac
done
started=$(date +%s)
WORK="$ROOT/out/vpanel"
TALLY="$WORK/tally"
MERGED="$WORK/rootfs"

summary() {
    passed=$(grep -c '^ok ' "$TALLY" 2>/dev/null)
    failed=$(grep -c '^fail ' "$TALLY" 2>/dev/null)
    echo "virtual-panel: run time $(($(date +%s) - started)) s"
    echo "virtual-panel: ${passed:-0} passed, ${failed:-0} failed"
    [ "${failed:-0}" -eq 0 ]
}
give_up() { echo "FAIL $1"; echo "fail $1" >>"$TALLY"; summary; exit 1; }
# vm.py's compositor-free overlay sits on top of $MERGED: it goes first.
unmount() {
    mountpoint -q "$WORK/rootfs-drm" && umount "$WORK/rootfs-drm"
    mountpoint -q "$MERGED" && umount "$MERGED"
    return 0
}
finish() {
    unmount
    [ $KEEP = 1 ] || rm -rf "$WORK/upper" "$WORK/overlay-work" "$WORK"/*.raw
}

mkdir -p "$WORK"
unmount
rm -rf "$WORK"/*
trap finish EXIT
trap 'exit 1' INT TERM
[ "$(id -u)" -eq 0 ] || give_up "virtual panel: needs root (debootstrap, mounts, systemd-nspawn)"
for tool in debootstrap systemd-nspawn nsenter qemu-system-x86_64 mkfs.ext4 python3 gcc pkg-config dpkg-deb; do
    command -v "$tool" >/dev/null || give_up "virtual panel: missing tool $tool (scripts/setup-debian.sh installs it)"
done

# debootstrap (network and disk) while the package builds (CPU); scripts/test.sh may have
# started it already, rootfs.sh then waits for that one.
if [ -n "${VPANEL_ROOTFS:-}" ]; then
    echo "$VPANEL_ROOTFS" >"$WORK/rootfs.path" # a root filesystem made before (while developing)
    rootfs_job=
else
    "$HERE/rootfs.sh" >"$WORK/rootfs.path" 2>"$WORK/rootfs.log" &
    rootfs_job=$!
fi

echo "== package"
if [ -n "${VPANEL_DEB:-}" ]; then
    deb=$VPANEL_DEB # a package built before (while developing this test)
else
    deb=$("$ROOT/scripts/build-deb.sh" 2>"$WORK/build-deb.log") ||
        { tail -n 30 "$WORK/build-deb.log"; give_up "package: scripts/build-deb.sh"; }
    grep -E '^build-deb: [0-9]+ (KiB|of)|^build-deb: warning|^[EW]: |lintian:' "$WORK/build-deb.log"
fi
echo "ok package: $deb" && echo "ok package builds, lintian reports no error" >>"$TALLY"

echo "== image"
TOOLS="$ROOT/.build-e2e"
"$ROOT/Tests/EndToEnd/build-weston-module.sh" "$TOOLS" >/dev/null 2>"$WORK/tools.log" ||
    { cat "$WORK/tools.log"; give_up "image: the e2e helpers (kiosk-image, kiosk-test-input.so) build"; }
[ -z "$rootfs_job" ] || wait $rootfs_job ||
    { cat "$WORK/rootfs.log"; give_up "image: debootstrap of the Debian 12 root filesystem"; }
base=$(cat "$WORK/rootfs.path")
echo "ok image: $base"
# The cached rootfs stays clean: the install goes into an overlay over it.
mkdir -p "$WORK/upper" "$WORK/overlay-work" "$MERGED"
mount -t overlay overlay -o "lowerdir=$base,upperdir=$WORK/upper,workdir=$WORK/overlay-work" "$MERGED" ||
    give_up "image: overlay mount over $base"
# What the README's device section says, step for step: apt install ./kiosk-shell_….deb.
cp "$ROOT/$deb" "$MERGED/root/"
nspawn() { systemd-nspawn -q -D "$MERGED" --register=no --keep-unit --pipe "$@"; }
if ! nspawn --chdir=/root apt-get install -y "./$(basename "$deb")" >"$WORK/apt-install.log" 2>&1; then
    tail -n 30 "$WORK/apt-install.log"
    give_up "image: apt install ./$(basename "$deb") in the image"
fi
rm "$MERGED/root/$(basename "$deb")"
echo "ok apt install ./$(basename "$deb") in the image" >>"$TALLY"
# The test's own agent and touchscreen (not part of the package).
install -D -m 0755 "$HERE/guest/agent.sh" "$MERGED/usr/local/lib/vpanel/agent.sh"
install -D -m 0755 "$HERE/guest/touch.py" "$MERGED/usr/local/lib/vpanel/touch.py"
install -D -m 0644 "$HERE/guest/vpanel-agent.service" "$MERGED/etc/systemd/system/vpanel-agent.service"
nspawn systemctl enable vpanel-agent.service >/dev/null 2>&1 || give_up "image: enable the test agent"

export VPANEL_TOOLS="$TOOLS" VPANEL_KIOSK="$ROOT/out/deb/$(basename "$deb" .deb)/usr/bin/kiosk-shell"
export VPANEL_CONFIG="$ROOT/Config" PYTHONDONTWRITEBYTECODE=1
if [[ ",$ONLY," == *,container,* ]]; then
    echo "== container (systemd-nspawn)"
    nspawn systemctl enable weston.socket weston.service kiosk-shell.service >/dev/null 2>&1 ||
        give_up "container: systemctl enable weston.socket weston.service kiosk-shell.service"
    python3 "$HERE/container.py" "$MERGED" "$WORK" "$TALLY"
    nspawn systemctl disable weston.socket weston.service kiosk-shell.service >/dev/null 2>&1
fi
if [[ ",$ONLY," == *,vm,* ]]; then
    echo "== VM (qemu, software emulation)"
    python3 "$HERE/vm.py" "$MERGED" "$WORK" "$TALLY"
fi
summary

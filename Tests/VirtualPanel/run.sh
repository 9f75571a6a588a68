#!/bin/bash
# The virtual panel: kiosk-shell booted the way a panel boots. Builds the .deb
# (scripts/build-deb.sh), Debian images (debootstrap, cached by rootfs.sh), installs the package
# with apt as a technician would (docs/panels.md), then checks on a real systemd:
#   container   systemd-nspawn on Debian 12 (container.py): units, READY=1, watchdog, restarts,
#               reloads, --strict
#   vm          Debian 12 amd64, qemu (TCG, virtio-gpu DRM, uinput; vm.py): kiosk-shell-drm on an
#               image with the compositors purged (vm_drm.py), cage@tty1 and weston + kiosk-shell
#               from power-on, kernel touch through the compositor and through libinput, hotplug,
#               VT switches, scanout screenshots against `kiosk-shell render`,
#               boot-to-first-frame seconds and resident memory, DRM against cage + kiosk
#   trixie      Debian 13 amd64 (vm_trixie.py): vm.py's three scenarios on trixie (cage 0.2,
#               weston 14, systemd 257, kernel 6.12), one boot each
#   arm64       Debian 13 arm64 under qemu-system-aarch64 (vm_arm64.py): kiosk-shell-drm from
#               power-on, swipe, tap, kill -9, the arm64 pixels against the amd64 render
#
#   Tests/VirtualPanel/run.sh [--only container,vm,trixie,arm64] [--keep]
#
# Seconds measured 2026-11-28 on the 2-core machine under a load average of 11-19 (other builds):
# trixie 994 s (image 60 s, power-on + checks: drm 243+130 s, cage 218+100 s, weston 188+40 s), arm64 265 s (images
# 66 s, one boot and its checks 200 s), not counting a cold rootfs cache (debootstrap: trixie amd64
# 19 min, arm64 under qemu-user over 90 min on that load; cached by key afterwards).
#
# The arm64 package: $VPANEL_DEB_ARM64, else `scripts/build-deb.sh --arch arm64`.
# While developing: VPANEL_DEB, VPANEL_ROOTFS (Debian 12), VPANEL_ROOTFS_TRIXIE,
# VPANEL_ROOTFS_ARM64 skip a build.
# Needs root (debootstrap, mounts, nspawn) and debootstrap, systemd-container, qemu-system-x86,
# qemu-system-arm, qemu-user-static, binfmt-support, qemu-utils (scripts/debian-packages.txt).
# Everything it writes goes under out/vpanel and the rootfs cache /var/cache/kiosk-shell-vpanel.
# Prints each panel's seconds, then "virtual-panel: N passed, M failed" last.
set -u
HERE=$(cd "$(dirname "$0")" && pwd)
ROOT=$(cd "$HERE/../.." && pwd)
export PATH="$PATH:/usr/sbin:/sbin"
[ -x /opt/swift/usr/bin/swift ] && ! command -v swift >/dev/null && export PATH=/opt/swift/usr/bin:$PATH
ONLY="container,vm,trixie,arm64"
KEEP=0
while [ $# -gt 0 ]; do
    case "$1" in
        --only) ONLY=$2; shift 2 ;;
        --keep) KEEP=1; shift ;;
        *) echo "usage: $0 [--only container,vm,trixie,arm64] [--keep]"; exit 2 ;;
    esac
done
started=$(date +%s)
WORK="$ROOT/out/vpanel"
TALLY="$WORK/tally"
MERGED="$WORK/rootfs"
# The Debian 13 panels' own folders (images, logs, screenshots), beside Debian 12's.
W13="$WORK/debian13-amd64"
WARM="$WORK/debian13-arm64"
wants() { [[ ",$ONLY," == *,$1,* ]]; }
TIMES="$WORK/times"

summary() {
    passed=$(grep -c '^ok ' "$TALLY" 2>/dev/null)
    failed=$(grep -c '^fail ' "$TALLY" 2>/dev/null)
    [ -s "$TIMES" ] && sed 's/^/virtual-panel: /' "$TIMES"
    echo "virtual-panel: run time $(($(date +%s) - started)) s"
    echo "virtual-panel: ${passed:-0} passed, ${failed:-0} failed"
    [ "${failed:-0}" -eq 0 ]
}
give_up() { echo "FAIL $1"; echo "fail $1" >>"$TALLY"; summary; exit 1; }
fail() { echo "FAIL $1"; echo "fail $1" >>"$TALLY"; }
# vm.py's compositor-free overlays sit on top of the installed ones: they go first.
unmount() {
    local dir
    for dir in "$WORK/rootfs-drm" "$W13/rootfs-drm" "$MERGED" "$W13/rootfs" "$WARM/rootfs"; do
        mountpoint -q "$dir" && umount "$dir"
    done
    return 0
}
finish() {
    unmount
    [ $KEEP = 1 ] || rm -rf "$WORK/upper" "$WORK/overlay-work" "$WORK"/*.raw "$W13"/{upper,overlay-work} "$WARM"/{upper,overlay-work} "$W13"/*.raw "$WARM"/*.raw
}
# Seconds of one part of the run, printed by summary.
timed() { echo "$1: $(($(date +%s) - $2)) s" >>"$TIMES"; }

mkdir -p "$WORK"
unmount
rm -rf "$WORK"/*
mkdir -p "$W13" "$WARM"
trap finish EXIT
trap 'exit 1' INT TERM
[ "$(id -u)" -eq 0 ] || give_up "virtual panel: needs root (debootstrap, mounts, systemd-nspawn)"
for tool in debootstrap systemd-nspawn nsenter qemu-system-x86_64 mkfs.ext4 python3 gcc pkg-config dpkg-deb; do
    command -v "$tool" >/dev/null || give_up "virtual panel: missing tool $tool (scripts/setup-debian.sh installs it)"
done
if wants arm64; then
    for tool in qemu-system-aarch64 qemu-aarch64-static update-binfmts; do
        command -v "$tool" >/dev/null || give_up "virtual panel: missing tool $tool (scripts/setup-debian.sh installs it)"
    done
fi

# debootstrap (network and disk) while the package builds (CPU); scripts/test.sh may have
# started it already, rootfs.sh then waits for that one. One job per image: SUITE ARCH FILE.
# A VPANEL_ROOTFS* variable names a root filesystem made before (while developing).
declare -A rootfs_job
start_rootfs() { # NAME SUITE ARCH OVERRIDE
    if [ -n "$4" ]; then
        echo "$4" >"$WORK/rootfs-$1.path"
    else
        "$HERE/rootfs.sh" "$2" "$3" >"$WORK/rootfs-$1.path" 2>"$WORK/rootfs-$1.log" &
        rootfs_job[$1]=$!
    fi
}
wait_rootfs() { # NAME: prints the path, or fails
    if [ -n "${rootfs_job[$1]:-}" ] && ! wait "${rootfs_job[$1]}"; then
        cat "$WORK/rootfs-$1.log" >&2
        return 1
    fi
    cat "$WORK/rootfs-$1.path"
}
{ wants container || wants vm; } && start_rootfs debian12 bookworm amd64 "${VPANEL_ROOTFS:-}"
# The arm64 panel's references are rendered in the amd64 trixie image: it needs that one too.
{ wants trixie || wants arm64; } && start_rootfs debian13-amd64 trixie amd64 "${VPANEL_ROOTFS_TRIXIE:-}"
wants arm64 && start_rootfs debian13-arm64 trixie arm64 "${VPANEL_ROOTFS_ARM64:-}"

echo "== [$(date +%T)] package"
part=$(date +%s)
if [ -n "${VPANEL_DEB:-}" ]; then
    deb=$VPANEL_DEB # a package built before (while developing this test)
else
    deb=$("$ROOT/scripts/build-deb.sh" 2>"$WORK/build-deb.log") ||
        { tail -n 30 "$WORK/build-deb.log"; give_up "package: scripts/build-deb.sh"; }
    grep -E '^build-deb: [0-9]+ (KiB|of)|^build-deb: warning|^[EW]: |lintian:' "$WORK/build-deb.log"
fi
echo "ok package: $deb" && echo "ok package builds, lintian reports no error" >>"$TALLY"
timed "package (amd64)" $part

echo "== [$(date +%T)] image"
TOOLS="$ROOT/.build-e2e"
"$ROOT/Tests/EndToEnd/build-weston-module.sh" "$TOOLS" >/dev/null 2>"$WORK/tools.log" ||
    { cat "$WORK/tools.log"; give_up "image: the e2e helpers (kiosk-image, kiosk-test-input.so) build"; }
export VPANEL_TOOLS="$TOOLS" VPANEL_KIOSK="$ROOT/out/deb/$(basename "$deb" .deb)/usr/bin/kiosk-shell"
export VPANEL_CONFIG="$ROOT/Config" PYTHONDONTWRITEBYTECODE=1

nspawn_in() { local dir=$1; shift; systemd-nspawn -q -D "$dir" --register=no --keep-unit --pipe "$@"; }
# install_image LABEL BASE DEB DIR: an overlay over the cached rootfs BASE at DIR/rootfs (the
# cache stays clean), `apt install ./DEB` in it as docs/panels.md says, then the test's own agent and
# touchscreen (not part of the package). Prints what failed and returns 1.
install_image() {
    local label=$1 base=$2 pkg=$3 dir=$4 merged=$4/rootfs
    mkdir -p "$dir/upper" "$dir/overlay-work" "$merged"
    mount -t overlay overlay -o "lowerdir=$base,upperdir=$dir/upper,workdir=$dir/overlay-work" "$merged" ||
        { fail "image $label: overlay mount over $base"; return 1; }
    cp "$pkg" "$merged/root/"
    if ! nspawn_in "$merged" --chdir=/root apt-get install -y "./$(basename "$pkg")" >"$dir/apt-install.log" 2>&1; then
        tail -n 30 "$dir/apt-install.log"
        fail "image $label: apt install ./$(basename "$pkg") in the image"
        return 1
    fi
    rm "$merged/root/$(basename "$pkg")"
    echo "ok apt install ./$(basename "$pkg") in the $label image" >>"$TALLY"
    install -D -m 0755 "$HERE/guest/agent.sh" "$merged/usr/local/lib/vpanel/agent.sh"
    install -D -m 0755 "$HERE/guest/touch.py" "$merged/usr/local/lib/vpanel/touch.py"
    install -D -m 0644 "$HERE/guest/vpanel-agent.service" "$merged/etc/systemd/system/vpanel-agent.service"
    nspawn_in "$merged" systemctl enable vpanel-agent.service >/dev/null 2>&1 || { fail "image $label: enable the test agent"; return 1; }
}

# This panel's guest runs on one host thread (single-threaded TCG, vm_trixie.py), several times
# slower than the others: kiosk-shell's loader alone took 9.6 s in one boot, and a guest starved
# by the host for over 10 s had its healthy kiosk killed by the watchdog. Drop-ins, as a
# technician would write them for a slow board, give the units' start and watchdog limits the
# same factor the test gives its own deadlines; what they check is unchanged. Not cage@'s: its
# watchdog restart is itself a check (60 s to restart).
emulated_slowly() {
    local unit
    for unit in kiosk-shell-drm.service kiosk-shell.service; do
        mkdir -p "$1/etc/systemd/system/$unit.d"
        printf '[Service]\nWatchdogSec=60\nTimeoutStartSec=180\n' >"$1/etc/systemd/system/$unit.d/emulated.conf"
    done
}

if wants container || wants vm; then
    part=$(date +%s)
    base=$(wait_rootfs debian12) || give_up "image: debootstrap of the Debian 12 root filesystem"
    echo "ok image: $base"
    # $WORK/rootfs: where vm.py and container.py have always found the Debian 12 image.
    install_image "Debian 12" "$base" "$ROOT/$deb" "$WORK" || { summary; exit 1; }
    nspawn() { nspawn_in "$MERGED" "$@"; }
    if wants container; then
        echo "== [$(date +%T)] container (systemd-nspawn)"
        nspawn systemctl enable weston.socket weston.service kiosk-shell.service >/dev/null 2>&1 ||
            give_up "container: systemctl enable weston.socket weston.service kiosk-shell.service"
        python3 "$HERE/container.py" "$MERGED" "$WORK" "$TALLY"
        nspawn systemctl disable weston.socket weston.service kiosk-shell.service >/dev/null 2>&1
    fi
    if wants vm; then
        echo "== [$(date +%T)] VM (qemu, software emulation)"
        python3 "$HERE/vm.py" "$MERGED" "$WORK" "$TALLY"
    fi
    timed "Debian 12 amd64 panel (image, container, VM)" $part
fi

# The arm64 package cross-builds while the Debian 13 amd64 guest runs: that guest uses one host
# thread (vm_trixie.py), so the build has the other core. Niced, so a build never starves the
# guest (its deadlines and watchdogs are the ones above); the arm64 panel waits for it.
arm64_build=
if wants arm64 && [ -z "${VPANEL_DEB_ARM64:-}" ]; then
    (cd "$ROOT" && nice -n 19 scripts/build-deb.sh --arch arm64 >"$WARM/deb.path" 2>"$WARM/build-deb.log") &
    arm64_build=$!
    arm64_build_started=$(date +%s)
fi

if wants trixie; then
    echo "== [$(date +%T)] Debian 13 amd64 VM (qemu, software emulation)"
    part=$(date +%s)
    if base=$(wait_rootfs debian13-amd64); then
        echo "ok image: $base"
        install_image "Debian 13 amd64" "$base" "$ROOT/$deb" "$W13" && emulated_slowly "$W13/rootfs" &&
            python3 "$HERE/vm_trixie.py" "$W13/rootfs" "$W13" "$TALLY"
    else
        fail "image: debootstrap of the Debian 13 amd64 root filesystem"
    fi
    timed "Debian 13 amd64 panel (image, VM)" $part
fi

if wants arm64; then
    echo "== [$(date +%T)] Debian 13 arm64 VM (qemu-system-aarch64, software emulation)"
    part=$(date +%s)
    if [ -n "${VPANEL_DEB_ARM64:-}" ]; then
        deb_arm64=$VPANEL_DEB_ARM64
    elif wait "$arm64_build"; then
        deb_arm64=$ROOT/$(cat "$WARM/deb.path")
    else
        tail -n 20 "$WARM/build-deb.log"
        deb_arm64=
    fi
    [ -n "$arm64_build" ] && timed "package (arm64, built beside the Debian 13 amd64 VM)" "$arm64_build_started"
    timed "waiting for the arm64 package after the Debian 13 amd64 VM" $part
    part=$(date +%s)
    # An older build-deb.sh ignores --arch and makes an amd64 package: look at what it is.
    arch=$([ -f "$deb_arm64" ] && dpkg-deb -f "$deb_arm64" Architecture)
    if [ "$arch" != arm64 ]; then
        fail "package: an arm64 .deb (VPANEL_DEB_ARM64 or scripts/build-deb.sh --arch arm64; got '${deb_arm64:-nothing}', Architecture '${arch:-}')"
    elif base=$(wait_rootfs debian13-arm64); then
        echo "ok package: $deb_arm64" && echo "ok package arm64: $(basename "$deb_arm64")" >>"$TALLY"
        echo "ok image: $base"
        # The amd64 trixie image renders the references (vm_arm64.py); made here if the trixie
        # panel did not run.
        if ! mountpoint -q "$W13/rootfs"; then
            if amd64_base=$(wait_rootfs debian13-amd64); then
                install_image "Debian 13 amd64 (references)" "$amd64_base" "$ROOT/$deb" "$W13"
            else
                fail "image: debootstrap of the Debian 13 amd64 root filesystem (the arm64 panel's references)"
            fi
        fi
        install_image "Debian 13 arm64" "$base" "$deb_arm64" "$WARM" &&
            VPANEL_REFERENCE_ROOTFS="$W13/rootfs" python3 "$HERE/vm_arm64.py" "$WARM/rootfs" "$WARM" "$TALLY"
    else
        fail "image: debootstrap of the Debian 13 arm64 root filesystem"
    fi
    timed "Debian 13 arm64 panel (image, VM)" $part
fi
summary

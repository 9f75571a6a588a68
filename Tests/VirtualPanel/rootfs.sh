#!/bin/bash
# Prints the path of a Debian root filesystem for the virtual panel, built with debootstrap
# (--variant=minbase + the suite's package list) when the cache has none.
#
#   rootfs.sh [bookworm|trixie] [amd64|arm64]        (default: bookworm amd64)
#
# Package lists: rootfs-packages.txt (Debian 12), rootfs-packages-trixie.txt (Debian 13: t64
# library names); @ARCH@ in a list stands for the architecture (linux-image-@ARCH@).
# The cache ($VPANEL_CACHE, default /var/cache/kiosk-shell-vpanel) is keyed by a hash of the
# resolved package list, suite, architecture and FORMAT below (raise it when the steps after
# debootstrap change). Only stale roots of the same suite and architecture are removed: the
# Debian 12, 13 amd64 and 13 arm64 images live side by side.
# Layout: bookworm amd64 stays at $cache/rootfs-KEY with its earlier key (older copies of this
# script, in other branches, delete every top-level rootfs-* but their own); the others live in
# $cache/SUITE-ARCH/rootfs-KEY, where those older copies do not look.
# A foreign architecture (arm64 here) runs debootstrap's second stage and the chroot steps under
# qemu-user-static (binfmt_misc); 6-15 minutes instead of 2-9.
# Needs root and deb.debian.org (or $VPANEL_MIRROR). Callers at the same time wait for one
# another per suite/arch (flock), so a second one finds the first one's result.
set -euo pipefail
here=$(cd "$(dirname "$0")" && pwd)
suite=${1:-bookworm}
arch=${2:-amd64}
cache=${VPANEL_CACHE:-/var/cache/kiosk-shell-vpanel}
mirror=${VPANEL_MIRROR:-http://deb.debian.org/debian}
FORMAT=1
case "$suite" in
    bookworm) list="$here/rootfs-packages.txt" ;;
    trixie) list="$here/rootfs-packages-trixie.txt" ;;
    *) echo "rootfs: unknown suite $suite (bookworm|trixie)" >&2; exit 2 ;;
esac
case "$arch" in amd64 | arm64) ;; *) echo "rootfs: unknown architecture $arch (amd64|arm64)" >&2; exit 2 ;; esac
packages=$(grep -v '^\s*#' "$list" | grep -v '^\s*$' | sed "s/@ARCH@/$arch/g" | paste -sd, -)
if [ "$suite-$arch" = bookworm-amd64 ]; then
    # The key and place this image had before there were others: an existing cache stays valid.
    key=$( (cat "$list"; echo "format $FORMAT") | sha256sum | cut -c1-16)
    dir=$cache
    lock=$cache/lock
else
    key=$( (echo "$packages"; echo "suite $suite arch $arch format $FORMAT") | sha256sum | cut -c1-16)
    dir=$cache/$suite-$arch
    lock=$dir/lock
fi
rootfs="$dir/rootfs-$key"
if [ -f "$rootfs/.complete" ]; then echo "$rootfs"; exit 0; fi

mkdir -p "$dir"
exec 9>"$lock"
flock 9
if [ -f "$rootfs/.complete" ]; then echo "$rootfs"; exit 0; fi
# Another key's rootfs of this suite/arch is stale: a changed list or FORMAT never comes back to
# it. (bookworm-amd64: exactly rootfs-<16 characters>, so never a SUITE-ARCH folder.)
find "$dir" -mindepth 1 -maxdepth 1 -name 'rootfs-????????????????' ! -name "rootfs-$key" -exec rm -rf {} +
find "$dir" -mindepth 1 -maxdepth 1 -name 'rootfs-????????????????.partial' ! -name "rootfs-$key.partial" -exec rm -rf {} +
partial="$rootfs.partial"
rm -rf "$partial"
log="$dir/debootstrap-$suite-$arch.log"
foreign=()
if [ "$arch" != "$(dpkg --print-architecture)" ]; then
    # The arm64 chroot's programs run through qemu-aarch64-static (registered with binfmt_misc,
    # fix-binary: the interpreter is opened at registration, so chroots need no copy of it).
    mountpoint -q /proc/sys/fs/binfmt_misc || mount -t binfmt_misc binfmt_misc /proc/sys/fs/binfmt_misc
    update-binfmts --enable qemu-aarch64 >/dev/null 2>&1 || true
    [ -e /proc/sys/fs/binfmt_misc/qemu-aarch64 ] ||
        { echo "rootfs: binfmt_misc has no qemu-aarch64 (install qemu-user-static binfmt-support)" >&2; exit 1; }
    foreign=(--arch="$arch")
fi
echo "rootfs: debootstrap $suite $arch into $partial (cache key $key)" >&2
debootstrap "${foreign[@]}" --variant=minbase --include="$packages" "$suite" "$partial" "$mirror" >"$log" 2>&1 ||
    { tail -n 20 "$log" >&2; echo "rootfs: debootstrap failed (log: $log)" >&2; exit 1; }

# A panel's defaults: a hostname, the root on the VM's virtio disk, no root password prompt on
# the serial console (the test logs in through its own agent, never through a getty).
echo vpanel >"$partial/etc/hostname"
echo '/dev/vda / ext4 rw,relatime 0 1' >"$partial/etc/fstab"
# The kernel and initrd the VM boots, at fixed names.
ln -sf "$(cd "$partial/boot" && ls vmlinuz-* | head -n 1)" "$partial/boot/vmlinuz"
ln -sf "$(cd "$partial/boot" && ls initrd.img-* | head -n 1)" "$partial/boot/initrd.img"
chroot "$partial" apt-get clean
touch "$partial/.complete"
mv "$partial" "$rootfs"
echo "$rootfs"

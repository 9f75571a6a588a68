#!/bin/bash
# Prints the path of a Debian 12 root filesystem for the virtual panel, built with debootstrap
# (--variant=minbase + rootfs-packages.txt) when the cache has none. The cache
# ($VPANEL_CACHE, default /var/cache/kiosk-shell-vpanel) is keyed by a hash of the package list
# and of FORMAT below (raise it when the steps after debootstrap change); older ones are removed.
# Needs root and deb.debian.org (or $VPANEL_MIRROR). 2-9 minutes on a fresh machine (network and
# disk bound: scripts/test.sh starts it in the background first), instant after. Callers at the
# same time wait for one another (flock), so a second one finds the first one's result.
set -euo pipefail
here=$(cd "$(dirname "$0")" && pwd)
cache=${VPANEL_CACHE:-/var/cache/kiosk-shell-vpanel}
mirror=${VPANEL_MIRROR:-http://deb.debian.org/debian}
FORMAT=1
key=$( (cat "$here/rootfs-packages.txt"; echo "format $FORMAT") | sha256sum | cut -c1-16)
rootfs="$cache/rootfs-$key"
if [ -f "$rootfs/.complete" ]; then echo "$rootfs"; exit 0; fi

mkdir -p "$cache"
exec 9>"$cache/lock"
flock 9
if [ -f "$rootfs/.complete" ]; then echo "$rootfs"; exit 0; fi
# Another key's rootfs is stale: a changed list or FORMAT never comes back to it.
find "$cache" -mindepth 1 -maxdepth 1 -name 'rootfs-*' ! -name "rootfs-$key" -exec rm -rf {} +
partial="$rootfs.partial"
rm -rf "$partial"
packages=$(grep -v '^\s*#' "$here/rootfs-packages.txt" | grep -v '^\s*$' | paste -sd, -)
echo "rootfs: debootstrap bookworm into $partial (cache key $key)" >&2
debootstrap --variant=minbase --include="$packages" bookworm "$partial" "$mirror" >"$cache/debootstrap.log" 2>&1 ||
    { tail -n 20 "$cache/debootstrap.log" >&2; echo "rootfs: debootstrap failed (log: $cache/debootstrap.log)" >&2; exit 1; }

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

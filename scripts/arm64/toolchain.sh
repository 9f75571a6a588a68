#!/bin/bash
# Prints, one a line, the two folders scripts/build-deb.sh --arch arm64 builds with, making them
# when the cache has none:
#   compiler  a Debian sid amd64 root with swiftlang (the Swift compiler, amd64; run with chroot)
#   sysroot   a Debian 13 (trixie) amd64 root with the arm64 -dev packages of arm64-packages.txt
#             (multiarch) and Swift's aarch64 runtime (sid's arm64 swiftlang) in usr/lib/swift*
#
# Why a cross build, and why these two: a native build under qemu-user is 7x slower (KioskCore
# -O alone over 4 minutes); Debian 13's swiftlang (6.0.3) cannot build the project (SwiftPM
# refuses swift-log's tools-version 6.2); sid's swiftlang (6.2) can, and ships the same compiler
# for amd64 and the aarch64 runtime for arm64. The binary is linked against trixie's libraries
# (sysroot), not sid's, so its symbol versions and Depends are those of the release the panels
# run. sid's compiler needs sid's glibc, so it keeps a root of its own.
#
# Cached in $KIOSK_CROSS_CACHE (default /var/cache/kiosk-shell-cross), each keyed by its inputs:
# the compiler by sid's swiftlang version, the sysroot by the package list, sid's arm64 swiftlang
# version and FORMAT (raise it when the steps below change). A root whose key is gone is removed.
# Needs root, debootstrap and deb.debian.org (or $KIOSK_DEBIAN_MIRROR); 10-15 minutes on a fresh
# machine (about 1.5 GB of packages), instant after. Callers at once wait for one another (flock).
set -euo pipefail
here=$(cd "$(dirname "$0")" && pwd)
cache=${KIOSK_CROSS_CACHE:-/var/cache/kiosk-shell-cross}
mirror=${KIOSK_DEBIAN_MIRROR:-http://deb.debian.org/debian}
FORMAT=1
say() { echo "arm64-toolchain: $*" >&2; }
fail() { say "$*"; exit 1; }

mkdir -p "$cache"
exec 9>"$cache/lock"
flock 9

# One stanza's field of a Packages index: field INDEX PACKAGE FIELD.
field() { awk -v p="$2" -v f="$3:" '$1 == "Package:" { on = ($2 == p) } on && $1 == f { print $2; exit }' "$1"; }
index() { # index SUITE ARCH: the suite's Packages index, fetched anew for every run (keys read it)
    local out="$cache/Packages-$1-$2"
    curl -sSf --retry 3 --max-time 300 -o "$out.xz" "$mirror/dists/$1/main/binary-$2/Packages.xz" ||
        fail "cannot fetch $mirror/dists/$1/main/binary-$2/Packages.xz"
    xz -dcf "$out.xz" >"$out" || fail "cannot unpack $out.xz"
    echo "$out"
}
sid_amd64=$(index sid amd64)
sid_arm64=$(index sid arm64)
swift_amd64=$(field "$sid_amd64" swiftlang Version)
swift_arm64=$(field "$sid_arm64" swiftlang Version)
[ -n "$swift_amd64" ] && [ -n "$swift_arm64" ] || fail "sid has no swiftlang for amd64 or arm64"
[ "$swift_amd64" = "$swift_arm64" ] ||
    fail "sid's swiftlang differs between amd64 ($swift_amd64) and arm64 ($swift_arm64): compiler and runtime must match; try again when both are built"

compiler_key=$(echo "swiftlang $swift_amd64 format $FORMAT" | sha256sum | cut -c1-16)
sysroot_key=$( (grep -v '^\s*#' "$here/arm64-packages.txt"; echo "swiftlang $swift_arm64 format $FORMAT") |
    sha256sum | cut -c1-16)
compiler="$cache/compiler-$compiler_key"
sysroot="$cache/sysroot-$sysroot_key"
find "$cache" -mindepth 1 -maxdepth 1 \( -name 'compiler-*' ! -name "compiler-$compiler_key" \
    -o -name 'sysroot-*' ! -name "sysroot-$sysroot_key" \) -exec rm -rf {} +

# chroot_run ROOT COMMAND...: with /proc, which swift and apt's maintainer scripts need.
chroot_run() {
    local root=$1; shift
    unshare -m --propagation private sh -c 'mount -t proc proc "$0/proc" && exec chroot "$0" "$@"' "$root" "$@"
}

if [ ! -f "$compiler/.complete" ]; then
    rm -rf "$compiler.partial"
    say "debootstrap sid with swiftlang $swift_amd64 into $compiler.partial"
    debootstrap --variant=minbase --include=swiftlang,libc6-dev,pkg-config,git,ca-certificates sid \
        "$compiler.partial" "$mirror" >"$cache/compiler.log" 2>&1 ||
        { tail -n 20 "$cache/compiler.log" >&2; fail "debootstrap sid failed (log: $cache/compiler.log)"; }
    chroot_run "$compiler.partial" apt-get clean
    # The package mirror of this machine (git's insteadOf rules) reaches the chroot through /etc/gitconfig.
    mkdir -p "$compiler.partial"/{src,sysroot,opt/swift-packages}
    touch "$compiler.partial/etc/gitconfig"
    touch "$compiler.partial/.complete"
    mv "$compiler.partial" "$compiler"
fi

if [ ! -f "$sysroot/.complete" ]; then
    rm -rf "$sysroot.partial"
    say "debootstrap trixie into $sysroot.partial, with the arm64 libraries of arm64-packages.txt"
    debootstrap --variant=minbase --include=dpkg-dev,binutils-aarch64-linux-gnu,pkg-config,xz-utils trixie \
        "$sysroot.partial" "$mirror" >"$cache/sysroot.log" 2>&1 ||
        { tail -n 20 "$cache/sysroot.log" >&2; fail "debootstrap trixie failed (log: $cache/sysroot.log)"; }
    mapfile -t packages < <(grep -v '^\s*#' "$here/arm64-packages.txt" | grep -v '^\s*$' | sed 's/$/:arm64/')
    { chroot_run "$sysroot.partial" dpkg --add-architecture arm64 &&
        chroot_run "$sysroot.partial" apt-get update &&
        DEBIAN_FRONTEND=noninteractive chroot_run "$sysroot.partial" apt-get install -y --no-install-recommends "${packages[@]}" &&
        chroot_run "$sysroot.partial" apt-get clean; } >>"$cache/sysroot.log" 2>&1 ||
        { tail -n 20 "$cache/sysroot.log" >&2; fail "installing the arm64 libraries failed (log: $cache/sysroot.log)"; }
    # Swift's aarch64 runtime: modules, static archives and clang's headers, from sid's arm64
    # swiftlang (the package is checked against the index's SHA256).
    deb_path=$(field "$sid_arm64" swiftlang Filename)
    deb_sha=$(field "$sid_arm64" swiftlang SHA256)
    say "fetching $deb_path"
    curl -sSf --retry 3 --max-time 900 -o "$cache/swiftlang-arm64.deb" "$mirror/$deb_path" ||
        fail "cannot fetch $mirror/$deb_path"
    echo "$deb_sha  $cache/swiftlang-arm64.deb" | sha256sum -c --quiet ||
        fail "swiftlang arm64 package does not match the index's SHA256"
    runtime="$sysroot.partial/usr/lib/swift-aarch64"
    mkdir -p "$runtime"
    dpkg-deb --fsys-tarfile "$cache/swiftlang-arm64.deb" |
        tar -x -C "$runtime" --strip-components=5 ./usr/libexec/swift/lib/swift ./usr/libexec/swift/lib/swift_static \
            ./usr/libexec/swift/lib/clang || fail "cannot unpack the Swift runtime from swiftlang arm64"
    rm -f "$cache/swiftlang-arm64.deb"
    # Where the Swift driver looks for them under a --sdk (usr/lib/swift_static/linux/aarch64/swiftrt.o).
    ln -s swift-aarch64/swift "$sysroot.partial/usr/lib/swift"
    ln -s swift-aarch64/swift_static "$sysroot.partial/usr/lib/swift_static"
    touch "$sysroot.partial/.complete"
    mv "$sysroot.partial" "$sysroot"
fi
echo "$compiler"
echo "$sysroot"

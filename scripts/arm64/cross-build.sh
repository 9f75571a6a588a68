#!/bin/bash
# `swift build` for arm64 (aarch64-unknown-linux-gnu) with the cross toolchain:
#
#   scripts/arm64/cross-build.sh COMPILER SYSROOT [swift build arguments...]
#
# COMPILER and SYSROOT are the two folders scripts/arm64/toolchain.sh prints. The build runs in
# COMPILER's root (chroot, in a mount namespace of its own so nothing stays mounted): the source
# tree at /src, SYSROOT at /sysroot, described to SwiftPM as a Swift SDK (written to
# .build-arm64/sdks); pkg-config answers from the sysroot's arm64 .pc files. Paths given to the
# compiler must be written as it sees them (/src/…, /sysroot/…). Scripts call it through
# scripts/build-deb.sh --arch arm64.
set -euo pipefail
root=$(cd "$(dirname "$0")/../.." && pwd)
compiler=$1 sysroot=$2
shift 2
[ -f "$compiler/.complete" ] && [ -f "$sysroot/.complete" ] || {
    echo "cross-build: $compiler or $sysroot is not a finished toolchain (scripts/arm64/toolchain.sh)" >&2
    exit 1
}

# The Swift SDK: sysroot, the aarch64 runtime in it, and lld (binutils' ld here is x86-only).
bundle="$root/.build-arm64/sdks/kiosk-arm64.artifactbundle"
mkdir -p "$bundle/aarch64"
cat >"$bundle/info.json" <<'EOF'
{"schemaVersion": "1.0", "artifacts": {"kiosk-arm64": {"type": "swiftSDK", "version": "1",
  "variants": [{"path": "aarch64"}]}}}
EOF
cat >"$bundle/aarch64/swift-sdk.json" <<'EOF'
{"schemaVersion": "4.0", "targetTriples": {"aarch64-unknown-linux-gnu": {
  "sdkRootPath": "/sysroot",
  "swiftResourcesPath": "/sysroot/usr/lib/swift",
  "swiftStaticResourcesPath": "/sysroot/usr/lib/swift_static",
  "toolsetPaths": ["toolset.json"]}}}
EOF
cat >"$bundle/aarch64/toolset.json" <<'EOF'
{"schemaVersion": "1.0", "swiftCompiler": {"extraCLIOptions": ["-use-ld=lld"]}}
EOF

pc=/sysroot/usr/lib/aarch64-linux-gnu/pkgconfig:/sysroot/usr/share/pkgconfig
# This machine's Swift package mirror (git insteadOf rules in /etc/gitconfig), where there is one.
mirror=
[ -d /opt/swift-packages ] && [ -f /etc/gitconfig ] && mirror=1
exec unshare -m --propagation private bash -c '
    set -e
    compiler=$1 sysroot=$2 root=$3 mirror=$4 pc=$5
    shift 5
    mount --bind "$root" "$compiler/src"
    mount --bind "$sysroot" "$compiler/sysroot"
    if [ -n "$mirror" ]; then
        mount --bind /opt/swift-packages "$compiler/opt/swift-packages"
        mount --bind /etc/gitconfig "$compiler/etc/gitconfig"
    fi
    mount -t proc proc "$compiler/proc"
    exec chroot "$compiler" env -i PATH=/usr/bin:/bin HOME=/root LANG=C.UTF-8 \
        PKG_CONFIG_SYSROOT_DIR=/sysroot PKG_CONFIG_LIBDIR="$pc" PKG_CONFIG_PATH="$pc" \
        sh -c "cd /src && exec swift build --swift-sdks-path /src/.build-arm64/sdks --swift-sdk kiosk-arm64 \"\$@\"" sh "$@"
' cross-build "$compiler" "$sysroot" "$root" "$mirror" "$pc" "$@"

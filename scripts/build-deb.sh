#!/usr/bin/env bash
# Builds the Debian package a technician installs on a panel:
#   out/kiosk-shell_<version>_<arch>.deb
#
#   scripts/build-deb.sh [--arch amd64|arm64] [--no-lintian]
#
# The binary is built with --static-swift-stdlib (scratch path .build-release, apart from the
# debug build of scripts/test.sh): a panel has no Swift toolchain, and Swift has no Debian
# runtime package to depend on, so the Swift runtime (with FoundationEssentials and libstdc++) is
# linked in and the binary needs only Debian's own libraries, which dpkg-shlibdeps turns into
# Depends. Plain dpkg-deb, no debhelper. Prints the package path last; exits non-zero when the
# build, the no-Swift-runtime check, the glibc check or lintian (errors only) fails.
#
# amd64 (the default) is built with the Swift toolchain on PATH against this machine's Debian 12
# libraries; the package installs on Debian 12 and 13 alike (Debian 13's renamed t64 libraries
# provide the old names on 64-bit architectures). arm64 is cross-built (scratch path
# .build-arm64) by sid's Swift compiler against a Debian 13 arm64 sysroot (scripts/arm64/toolchain.sh
# makes and caches both; 10-15 minutes the first time), so it needs Debian 13 or Raspberry Pi OS
# based on it; scripts/arm64/cross-build.sh runs that build.
set -euo pipefail
cd "$(dirname "$0")/.."
root=$PWD
[ -x /opt/swift/usr/bin/swift ] && ! command -v swift >/dev/null && export PATH=/opt/swift/usr/bin:$PATH
run_lintian=1
arch=$(dpkg --print-architecture)
while [ $# -gt 0 ]; do
    case "$1" in
        --no-lintian) run_lintian=0; shift ;;
        --arch) arch=${2:-}; shift 2 ;;
        *) echo "usage: $0 [--arch amd64|arm64] [--no-lintian]" >&2; exit 2 ;;
    esac
done

fail() { echo "build-deb: $*" >&2; exit 1; }
case "$arch" in
    "$(dpkg --print-architecture)") cross= ;;
    arm64) cross=arm64 ;;
    *) fail "no build for architecture '$arch' (amd64 natively, arm64 cross-built)" ;;
esac

package=kiosk-shell
# No release tags yet: the commit count orders upgrades, the hash names the source.
version="0.1.0+git$(git rev-list --count HEAD 2>/dev/null || echo 0).$(git rev-parse --short=8 HEAD 2>/dev/null || echo unknown)"
maintainer="kiosk-shell maintainers <maintainers@users.noreply.a-seed-963499b7.example>"

# Linked by lld with packed relative relocations (DT_RELR, glibc 2.36): the statically linked
# Swift runtime makes a position-independent binary with about 80 000 relative relocations, 1.9 MB
# that the dynamic linker reads at every start and that then stays resident; packed they take a
# few KB. gold, the toolchain's default, cannot pack them.
#
# Each function in its own section, placed in the order of scripts/code-order.txt (the functions
# a panel runs, from scripts/profile-code-order.sh): the kernel maps code 64 KB around each page
# touched, so used functions scattered among the Swift runtime's and Foundation's 17 MB kept
# 9.7 MB of code resident; side by side they take a few MB. Functions not listed (new ones) go
# after the listed; listed names no longer in the binary are ignored.
#
# No symbols exported (`--no-export-dynamic` overrides the Swift driver's `-export-dynamic`): the
# 9 400 exported names of the Swift runtime and Foundation were looked up by every library the
# dynamic linker binds and kept 0.8 MB of .dynsym/.dynstr resident. Nothing resolves a name in the
# executable (libmosquitto is opened with dlopen and needs only libc and OpenSSL). A crash reads
# the same (a panel has no swift-backtrace, so the runtime prints the message and no frames
# either way); gdb or perf on the panel see addresses, which `addr2line -e` on the unstripped
# .build-release/x86_64-unknown-linux-gnu/release/kiosk-shell of the same commit names.
#
# libstdc++ linked in too (the Swift runtime is C++): the shared one kept 1.5 MB of its 2 MB
# resident for the few hundred functions the runtime calls, and nothing else on a panel uses it.
# The Swift driver adds its own `-lstdc++` ahead of any flag passed through, so the static archive
# is offered under that name in a directory searched before the compiler's own (`-Xswiftc -L`
# comes before it on the link line): lld then takes libstdc++.a, not libstdc++.so. Allowed by the
# GCC Runtime Library Exception; dpkg-shlibdeps then no longer lists libstdc++6.
#
# swift_build runs `swift build` for the target (natively, or in the cross toolchain's chroot,
# where the source tree is /src and the sysroot /sysroot: paths handed to the compiler are
# written as it sees them, $src); nm_tool reads symbols of either architecture.
if [ -z "$cross" ]; then
    scratch=.build-release
    src=$root
    nm_tool=nm
    strip_tool=strip
    static_cxx=$(clang -print-file-name=libstdc++.a 2>/dev/null || true)
    [ -f "$static_cxx" ] || fail "no static libstdc++ (libstdc++-12-dev): clang -print-file-name=libstdc++.a said '$static_cxx'"
    swift_build() { swift build "$@"; }
else
    scratch=.build-$cross
    src=/src
    nm_tool=llvm-nm
    strip_tool=llvm-objcopy
    echo "build-deb: the cross toolchain (scripts/arm64/toolchain.sh)" >&2
    mapfile -t toolchain < <(scripts/arm64/toolchain.sh) && [ ${#toolchain[@]} = 2 ] || fail "no arm64 toolchain"
    static_cxx=$(cd "${toolchain[1]}" && ls usr/lib/gcc/aarch64-linux-gnu/*/libstdc++.a 2>/dev/null | sort -V | tail -n 1)
    [ -n "$static_cxx" ] || fail "no static libstdc++ in the arm64 sysroot ${toolchain[1]}"
    static_cxx=/sysroot/$static_cxx
    swift_build() { scripts/arm64/cross-build.sh "${toolchain[@]}" "$@"; }
fi
static_cxx_dir="$scratch/static-libstdc++"
mkdir -p "$static_cxx_dir"
ln -sfn "$static_cxx" "$static_cxx_dir/libstdc++.a"
#
# No swift-corelibs Foundation (nor CoreFoundation and ICU under it): kiosk-shell's own code uses
# none of it, but TOMLKit's `import struct Foundation.Date` (and Data, Calendar) makes every object
# ask for -lFoundation, and a specialisation that both Foundation and FoundationEssentials define
# was taken from Foundation's archive, which pulled in the rest: 48 MB of binary, CoreFoundation's
# initialiser at every start and about 1.5 MB of its code resident. Those types are
# FoundationEssentials', which stays. The check after the build says if anything needs it again.
#
# The list is used without the names that more than one object defines for itself (file-local
# helpers such as `objectdestroyTm`, merged per object): the linker gives every such copy the
# name's place, and each drew its object's whole undivided code (the Swift runtime's and
# Foundation's archives are not built with one section per function) into the used code: 475 KB
# of regex parser among it. Two links: the first names them.
order="$scratch/code-order.txt"
mkdir -p "$(dirname "$order")"
cp scripts/code-order.txt "$order"
build=(-c release --static-swift-stdlib --scratch-path "$scratch" -Xswiftc "-L$src/$static_cxx_dir"
    -Xswiftc -Xfrontend -Xswiftc -disable-autolink-library -Xswiftc -Xfrontend -Xswiftc Foundation
    -Xswiftc -use-ld=lld -Xlinker -z -Xlinker pack-relative-relocs
    -Xswiftc -Xfrontend -Xswiftc -function-sections -Xcc -ffunction-sections -Xcxx -ffunction-sections
    -Xlinker "--symbol-ordering-file=$src/$order" -Xlinker --no-warn-symbol-ordering
    -Xlinker --no-export-dynamic)
echo "build-deb: swift build ${build[*]}" >&2
swift_build "${build[@]}" --product kiosk-shell >&2 || fail "swift build failed"
bin_path=$(swift_build "${build[@]}" --show-bin-path) || fail "swift build --show-bin-path failed"
binary="$root/${bin_path#"$src"/}/kiosk-shell"
[ -x "$binary" ] || fail "no binary at $binary"
$nm_tool --defined-only "$binary" | awk '{ seen[$3]++ } END { for (name in seen) if (seen[name] > 1) print name }' \
    >"$order.ambiguous"
grep -vxFf "$order.ambiguous" scripts/code-order.txt >"$order" || true
rm -f "$binary" # the list's content is no input SwiftPM watches: make it link again
swift_build "${build[@]}" --product kiosk-shell >&2 || fail "swift build failed (second link)"
[ -x "$binary" ] || fail "no binary at $binary"
$nm_tool "$binary" | grep -q ' __CFInitialize$' &&
    fail "swift-corelibs Foundation got linked in again (a Foundation-only API in the code, or in a package)"
# A list gone stale (code renamed since it was profiled) orders little and the resident code
# grows back, silently: say how much of it still matches.
listed=$(wc -l <scripts/code-order.txt)
matched=$($nm_tool --defined-only "$binary" |
    awk 'NR == FNR { want[$0]; next } ($3 in want) { n++; delete want[$3] } END { print n + 0 }' scripts/code-order.txt -)
echo "build-deb: $matched of the $listed functions in scripts/code-order.txt placed first" >&2
[ $((matched * 2)) -ge "$listed" ] ||
    echo "build-deb: warning: the code order is stale; scripts/profile-code-order.sh writes it again" >&2

stage="out/deb/${package}_${version}_${arch}"
rm -rf out/deb/"${package}"_*_"$arch" # the other architecture's stays (the virtual panels use both)
mkdir -p "$stage/DEBIAN"
put() { # put MODE SOURCE DEST (DEST relative to the package root)
    install -D -m "$1" "$2" "$stage/$3"
}

# The binary, stripped (symbols only; Swift's reflection metadata is in its own sections).
put 0755 "$binary" usr/bin/kiosk-shell
$strip_tool --strip-unneeded --remove-section=.comment --remove-section=.note "$stage/usr/bin/kiosk-shell"
# What the dynamic linker will load (read from the file: an arm64 binary does not run here).
needed=$(llvm-objdump -p "$stage/usr/bin/kiosk-shell" | awk '$1 == "NEEDED" { print $2 }')
if echo "$needed" | grep -E 'libswift|libFoundation|lib_Foundation|libdispatch|libBlocksRuntime|libstdc\+\+'; then
    fail "the binary still needs the Swift runtime or libstdc++ (see the lines above)"
fi
# It must load on the oldest release it is for: no glibc symbol newer than Debian 13's 2.41
# (amd64 is built against Debian 12's 2.36, so it stays below that too).
newest_glibc=$(llvm-objdump -T "$stage/usr/bin/kiosk-shell" | grep -oE 'GLIBC_[0-9]+\.[0-9]+' | sort -uV | tail -n 1)
printf '%s\n' "${newest_glibc#GLIBC_}" 2.41 | sort -cV 2>/dev/null ||
    fail "the binary needs $newest_glibc, newer than Debian 13's glibc 2.41"
echo "build-deb: newest glibc symbol $newest_glibc; loads: $(echo $needed)" >&2

# Units (bookworm keeps them in /lib; usrmerge makes it the same folder as /usr/lib).
for unit in kiosk-shell.service kiosk-shell-drm.service weston.service weston.socket cage@.service; do
    put 0644 "systemd/$unit" "lib/systemd/system/$unit"
done
put 0644 systemd/sysusers.d/kiosk-shell.conf usr/lib/sysusers.d/kiosk-shell.conf
put 0644 systemd/tmpfiles.d/kiosk-shell.conf usr/lib/tmpfiles.d/kiosk-shell.conf
put 0644 systemd/udev/90-kiosk-backlight.rules lib/udev/rules.d/90-kiosk-backlight.rules
put 0644 systemd/pam.d/weston-autologin etc/pam.d/weston-autologin
put 0644 systemd/weston.ini etc/xdg/weston/weston.ini
# Who may steer the kiosk over the system bus (root and group kiosk-control; kiosk-shell ctl).
put 0644 systemd/dbus/org.kioskshell.Kiosk1.conf usr/share/dbus-1/system.d/org.kioskshell.Kiosk1.conf
# The default config: the demo, which documents every option in its comments.
(cd Config && find . -type f | sort) | while read -r f; do put 0644 "Config/$f" "etc/kiosk-shell/${f#./}"; done

doc="usr/share/doc/$package"
put 0644 systemd/kiosk-shell.service.d/libinput.conf "$doc/examples/libinput.conf"
put 0644 systemd/kiosk-shell.service.d/backlight.conf "$doc/examples/backlight.conf"
put 0644 systemd/kiosk-shell.service.d/mqtt.conf "$doc/examples/mqtt.conf"
# The README points into docs/ for everything a technician does on the panel.
for page in README.md docs/panels.md docs/configuration.md docs/control.md docs/usage.md; do
    put 0644 "$page" "$doc/$page"
    gzip -9n "$stage/$doc/$page"
done
# Every component the binary carries and its licence (DEP-5; scripts/check-copyright.py checks it).
put 0644 packaging/copyright "$doc/copyright"
# The manual pages kiosk-shell(1) and kiosk-shell.toml(5), from scdoc sources (dated by the commit,
# so the same commit builds the same pages).
command -v scdoc >/dev/null || fail "no scdoc (scripts/debian-packages.txt) for the manual pages"
for page in docs/*.scd; do
    name=$(basename "$page" .scd)
    section=${name##*.}
    mkdir -p "$stage/usr/share/man/man$section"
    SOURCE_DATE_EPOCH=$(git log -1 --format=%ct 2>/dev/null || date +%s) scdoc <"$page" |
        gzip -9n >"$stage/usr/share/man/man$section/$name.gz" || fail "scdoc failed on $page"
    chmod 0644 "$stage/usr/share/man/man$section/$name.gz"
done
{
    echo "$package ($version) unstable; urgency=medium"
    echo
    echo "  * Built from commit $(git rev-parse --short=12 HEAD 2>/dev/null || echo unknown)."
    echo "    Changes: CHANGELOG.md in the source tree."
    echo
    echo " -- $maintainer  $(date -R -d "@$(git log -1 --format=%ct 2>/dev/null || date +%s)")"
} | gzip -9n >"$stage/$doc/changelog.gz"
chmod 0644 "$stage/$doc/changelog.gz"

# Everything under /etc is a conffile: an upgrade keeps the technician's edits (dpkg asks).
(cd "$stage" && find etc -type f | sort | sed 's|^|/|') >"$stage/DEBIAN/conffiles"

cat >"$stage/DEBIAN/postinst" <<'EOF'
#!/bin/sh
# Users, folders and units of kiosk-shell; enabling a compositor is the technician's choice
# (docs/panels.md). On upgrade a running kiosk restarts with the new binary.
set -e
if [ "$1" = configure ]; then
    systemd-sysusers kiosk-shell.conf
    systemd-tmpfiles --create kiosk-shell.conf
    if [ -d /run/systemd/system ]; then
        systemctl daemon-reload
        udevadm control --reload || true
        if [ -n "$2" ]; then
            systemctl try-restart kiosk-shell.service 'cage@*.service' || true
        fi
    fi
fi
exit 0
EOF
cat >"$stage/DEBIAN/postrm" <<'EOF'
#!/bin/sh
set -e
if [ -d /run/systemd/system ] && [ "$1" = remove ]; then
    systemctl daemon-reload || true
fi
exit 0
EOF
chmod 0755 "$stage/DEBIAN/postinst" "$stage/DEBIAN/postrm"

# The postinst restarts a running kiosk (kiosk-shell.service, any cage@ instance) on upgrade so
# the new binary runs: deb-systemd-invoke takes no unit pattern, so systemctl it is, on purpose.
mkdir -p "$stage/usr/share/lintian/overrides"
printf '%s: maintainer-script-calls-systemctl [postinst:*]\n' "$package" \
    >"$stage/usr/share/lintian/overrides/$package"
chmod 0644 "$stage/usr/share/lintian/overrides/$package"

# Depends from the libraries the binary links (shlibs of the installed -dev packages' runtimes).
shlibs_dir=$(mktemp -d)
trap 'rm -rf "$shlibs_dir"' EXIT
mkdir -p "$shlibs_dir/debian"
printf 'Source: %s\n\nPackage: %s\nArchitecture: any\n' "$package" "$package" >"$shlibs_dir/debian/control"
if [ -z "$cross" ]; then
    depends=$(cd "$shlibs_dir" && dpkg-shlibdeps -O -e"$root/$stage/usr/bin/kiosk-shell" 2>/dev/null |
        sed -n 's/^shlibs:Depends=//p')
else
    # In the sysroot, whose dpkg knows the arm64 libraries (multiarch) and their symbols files.
    cp "$stage/usr/bin/kiosk-shell" "$shlibs_dir/"
    depends=$(unshare -m --propagation private sh -c 'mount --bind "$1" "$0/mnt" && mount -t proc proc "$0/proc" &&
        exec chroot "$0" env -C /mnt DEB_HOST_ARCH=arm64 DEB_HOST_GNU_TYPE=aarch64-linux-gnu DEB_HOST_MULTIARCH=aarch64-linux-gnu \
            dpkg-shlibdeps -O -ekiosk-shell' "${toolchain[1]}" "$shlibs_dir" 2>"$shlibs_dir/log" |
        sed -n 's/^shlibs:Depends=//p') || true
    [ -n "$depends" ] || cat "$shlibs_dir/log" >&2
fi
[ -n "$depends" ] || fail "dpkg-shlibdeps found no dependencies"
# Not linked but needed: systemd runs the units and creates the users; procps has the units'
# ExecReload= (/bin/kill, pgrep; a minimal Debian has neither); a font for pango; libmosquitto,
# which the kiosk loads (dlopen) only when [mqtt] is configured.
depends="$depends, systemd (>= 252), procps, fonts-dejavu-core | fonts-dejavu, libmosquitto1"

# libqrencode is Recommended, not Depended on: it is loaded (dlopen) for the first `qr` widget,
# and without it that widget shows a placeholder and one log line; apt installs Recommends by
# default, and a panel image made offline without it still takes the package.
installed_size=$(du -sk --exclude=DEBIAN "$stage" | cut -f1)
cat >"$stage/DEBIAN/control" <<EOF
Package: $package
Version: $version
Architecture: $arch
Maintainer: $maintainer
Installed-Size: $installed_size
Depends: $depends
Recommends: weston, cage, xwayland, seatd, kbd, udev, libqrencode4
Suggests: libinput-tools
Section: x11
Priority: optional
Description: fullscreen touch panel shell for Wayland kiosks
 kiosk-shell shows pages described by TOML files on a touch panel: a cube
 turned with a finger, drill-down lists, stacks with animated transitions and
 tabs, drawn with cairo and pango. It runs as a systemd service (READY=1 after
 the first frame, watchdog, reload on edit) under weston's kiosk-shell
 (weston.service + kiosk-shell.service) or cage (cage@tty1.service).
 .
 cage needs xwayland on Debian 12; both compositors are recommended so either
 unit works; chvt (kbd) brings the compositor's VT to the front at boot.
 kiosk-shell-drm.service (no compositor) uses seatd and udev.
EOF

mkdir -p out
deb="out/${package}_${version}_${arch}.deb"
rm -f out/${package}_*_"$arch".deb
dpkg-deb --root-owner-group -Zxz --build "$stage" "$deb" >&2
echo "build-deb: $(du -k "$deb" | cut -f1) KiB package, $(du -k "$stage/usr/bin/kiosk-shell" | cut -f1) KiB binary" >&2
if [ $run_lintian = 1 ]; then
    if command -v lintian >/dev/null; then
        lintian_out=$(lintian --tag-display-limit 0 "$deb" 2>&1 || true)
        [ -n "$lintian_out" ] && echo "$lintian_out" >&2
        if echo "$lintian_out" | grep -q '^E: '; then fail "lintian reported errors"; fi
        echo "build-deb: lintian: $(echo "$lintian_out" | grep -c '^E: ') errors, $(echo "$lintian_out" | grep -c '^W: ') warnings" >&2
    else
        echo "build-deb: lintian not installed, not checked" >&2
    fi
fi
echo "$deb"

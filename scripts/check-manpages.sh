#!/usr/bin/env bash
# Checks the manual pages (docs/*.scd, installed by scripts/build-deb.sh): each builds with scdoc,
# man and groff find nothing to warn about, and kiosk-shell(1) names every subcommand and option
# the binary's own help prints, so a new command or flag cannot ship undocumented.
# Usage: scripts/check-manpages.sh [KIOSK_SHELL_BINARY]   (default .build/debug/kiosk-shell)
set -uo pipefail
cd "$(dirname "$0")/.."
bin=${1:-.build/debug/kiosk-shell}
out=$(mktemp -d)
trap 'rm -rf "$out"' EXIT
problems=0
problem() { echo "check-manpages: $*"; problems=$((problems + 1)); }

for page in docs/*.scd; do
    name=$(basename "$page" .scd)
    if ! scdoc <"$page" >"$out/$name" 2>"$out/scdoc.txt"; then
        problem "$page: scdoc: $(cat "$out/scdoc.txt")"
        continue
    fi
    # man runs preconv (UTF-8) and groff as a reader would; groff alone catches what man's
    # default warning set leaves out.
    LC_ALL=C.UTF-8 MANWIDTH=80 man --warnings -l "$out/$name" 2>"$out/warnings.txt" >/dev/null
    groff -k -man -ww -z "$out/$name" 2>>"$out/warnings.txt"
    if [ -s "$out/warnings.txt" ]; then
        problem "$page: warnings:"; cat "$out/warnings.txt"
    fi
done

manual=docs/kiosk-shell.1.scd
if [ ! -x "$bin" ]; then
    problem "no binary at $bin to compare kiosk-shell(1) with"
else
    # The SUBCOMMANDS block of the top-level help: two-space indented names.
    subcommands=$("$bin" --help | sed -n '/^SUBCOMMANDS:/,/^$/p' |
        sed -nE 's/^  ([a-z][a-z-]*)( .*)?$/\1/p')
    [ -n "$subcommands" ] || problem "$bin --help lists no subcommands"
    for sub in $subcommands; do
        grep -qE "^\*$sub\*" "$manual" || problem "$manual: no entry for subcommand '$sub'"
        # `help SUB` prints the help without running the command (ctl --help would dial D-Bus).
        options=$("$bin" help "$sub" 2>/dev/null | grep -oE '^  (-[a-z], )?--[a-z][a-z-]*' |
            grep -oE -- '--[a-z-]+' | sort -u)
        for option in $options; do
            case $option in --help | --version) continue ;; esac
            grep -qF -- "*$option*" "$manual" || problem "$manual: '$sub $option' is not documented"
        done
    done
fi

if [ "$problems" -gt 0 ]; then
    echo "check-manpages: $problems problem(s)"
    exit 1
fi
echo "check-manpages: $(ls docs/*.scd | wc -l) pages build cleanly;" \
    "kiosk-shell(1) has every subcommand and option of $bin"

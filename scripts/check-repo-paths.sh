#!/usr/bin/env bash
# Fails when a tracked file points outside the repository: at the design notes and references
# that sat beside the first checkout (now docs/architecture.md and docs/seed-behaviour.md), or
# at a developer machine's folders. A clone, a .deb's reader or CI has none of them.
# Prints each offending line; the patterns are bracketed so this file does not match itself.
set -euo pipefail
cd "$(dirname "$0")/.."
pattern='DESIGN[.]md|[.][.]/shared|shared/(reference|seeds)|/work/(shared|main|wt-)'
if git grep -n -I -E "$pattern" -- . ; then
    echo "check-repo-paths: the lines above refer to paths outside the repository" >&2
    exit 1
fi
echo "check-repo-paths: no tracked file refers to a path outside the repository"

#!/usr/bin/env python3
"""Stored-property counts per type declared in Swift files (issue 12's "no type in KioskApp has
more than about a dozen stored properties"). Usage: scripts/stored-properties.py Sources/KioskApp

Counts `let`/`var` declarations directly in a class/struct/enum/actor body (and in extensions,
which cannot add stored ones), skipping `static`, computed properties (`var x: T {` without `=`)
and declarations inside functions. Good enough for this codebase's formatting."""
import os, re, sys

decl = re.compile(r'^\s*(?:(?:public|internal|private|fileprivate|open|final|@\w+(?:\([^)]*\))?|nonisolated(?:\(unsafe\))?)\s+)*(class|struct|enum|actor)\s+(\w+)')
prop = re.compile(r'^\s*(?:(?:public|internal|private|fileprivate|open|weak|unowned|lazy|nonisolated(?:\(unsafe\))?|@\w+(?:\([^)]*\))?|(?:public|private|internal|fileprivate)\((?:set)\))\s+)*(let|var)\s+(\w+)')
counts = {}
for root, _, files in os.walk(sys.argv[1] if len(sys.argv) > 1 else "Sources/KioskApp"):
    for name in files:
        if not name.endswith(".swift"):
            continue
        stack = []  # (kind, name, depth at which its body lives)
        depth = 0
        for line in open(os.path.join(root, name)):
            code = re.sub(r'//.*', '', re.sub(r'"(?:\\.|[^"\\])*"', '""', line))
            m = decl.match(code)
            if m:
                stack.append((m.group(2), depth + 1))
                counts.setdefault(m.group(2), 0)
            if stack and depth == stack[-1][1] and "static" not in code.split("=")[0]:
                p = prop.match(code)
                if p:
                    computed = "{" in code and "=" not in code.split("{")[0]
                    if not computed:
                        counts[stack[-1][0]] += 1
            depth += code.count("{") - code.count("}")
            while stack and depth < stack[-1][1]:
                stack.pop()
for type_name, n in sorted(counts.items(), key=lambda kv: (-kv[1], kv[0])):
    print(f"{n:3d}  {type_name}")

#!/usr/bin/env python3
"""Checks packaging/copyright against the machine-readable format (DEP-5, copyright-format 1.0).

The .deb installs the file as it is, and tools such as licensecheck or a distribution's review
read it field by field, so a paragraph without its Copyright or a licence named but never given
is a defect even when the prose reads well. Prints one line per problem; exits 1 if any.
Usage: scripts/check-copyright.py [FILE]
"""
import re
import sys

FORMAT = "https://www.debian.org/doc/packaging-manuals/copyright-format/1.0/"
FIELD = re.compile(r"^([A-Za-z][A-Za-z0-9-]*):[ \t]?(.*)$")


def paragraphs(text, problems):
    """Yields (line number, {field: (first line, continuation lines)}) per paragraph."""
    block, start = [], 0
    for number, line in enumerate(text.split("\n") + [""], 1):
        if line.strip() == "":
            if block:
                yield start, parse(block, problems)
            block = []
            continue
        if not block:
            start = number
        block.append((number, line))


def parse(block, problems):
    fields, last = {}, None
    for number, line in block:
        if line[0] in " \t":
            if last is None:
                problems.append(f"line {number}: continuation line before any field")
            else:
                fields[last][1].append(line[1:])
            continue
        match = FIELD.match(line)
        if not match:
            problems.append(f"line {number}: not a 'Field: value' line: {line!r}")
            continue
        last = match.group(1).lower()
        if last in fields:
            problems.append(f"line {number}: field {match.group(1)} twice in one paragraph")
        fields[last] = (match.group(2).strip(), [])
    return fields


def check(text):
    problems = []
    blocks = list(paragraphs(text, problems))
    if not blocks:
        return ["the file is empty"]
    _, header = blocks[0]
    if header.get("format", ("",))[0] != FORMAT:
        problems.append(f"the header paragraph must start with 'Format: {FORMAT}'")
    named, given, files_seen = {}, set(), 0
    for line, fields in blocks[1:]:
        if "files" in fields:
            files_seen += 1
            for required in ("copyright", "license"):
                value = fields.get(required)
                if value is None or not (value[0] or any(l.strip() for l in value[1])):
                    problems.append(f"line {line}: Files paragraph without {required.capitalize()}")
            if "license" in fields:
                name, body = fields["license"]
                if body:
                    given.add(name)
                named.setdefault(name, line)
        elif "license" in fields:
            name, body = fields["license"]
            if not any(l.strip() for l in body):
                problems.append(f"line {line}: stand-alone License paragraph '{name}' without text")
            given.add(name)
        else:
            problems.append(f"line {line}: paragraph is neither Files nor License")
    if files_seen == 0:
        problems.append("no Files paragraph")
    for name, line in named.items():
        if name not in given:
            problems.append(f"line {line}: licence '{name}' has no text paragraph")
    return problems


def main():
    path = sys.argv[1] if len(sys.argv) > 1 else "packaging/copyright"
    with open(path, encoding="utf-8") as handle:
        problems = check(handle.read())
    for problem in problems:
        print(f"{path}: {problem}")
    if problems:
        return 1
    print(f"{path}: DEP-5 paragraphs complete")
    return 0


if __name__ == "__main__":
    sys.exit(main())

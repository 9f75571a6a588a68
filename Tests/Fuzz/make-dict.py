#!/usr/bin/env python3
"""Writes Tests/Fuzz/kiosk.dict, the libFuzzer dictionary Tests/Fuzz/run.sh passes (-dict=):
the fuzz input's file markers, TOML's syntax (the tokens toml++'s lexer branches on, and the
deep shapes of issue 26: dotted keys, headers, arrays and inline tables that repeat), and the
format's own words, taken from the parser sources (every key and every value it compares with:
string literals of Sources/KioskConfig and the String enums of KioskCore's model) and the page
ids of the demo and the test fixtures. Rerun after adding keys; the output is committed."""
import os, re

here = os.path.dirname(os.path.abspath(__file__))
root = os.path.dirname(os.path.dirname(here))


def entry(text):
    """One dictionary line: printable ASCII as is, the rest as \\xNN (libFuzzer's escapes)."""
    out = ''
    for b in text if isinstance(text, bytes) else text.encode('utf-8'):
        c = chr(b)
        out += c if 32 <= b < 127 and c not in '"\\' else f'\\x{b:02x}'
    return f'"{out}"'


# The fuzz input's structure (Tests/Fuzz/Sources/ConfigFolderInput.swift) and PNG's chunks.
structure = ['\n@@ pages/', '\n@@ images/', '\n@@ data/', '.toml\n', '.png\n',
             b'\x89PNG\r\n\x1a\n', 'IHDR', 'IDAT', 'IEND']

# TOML 1.0 syntax: what toml++'s lexer branches on, odd numbers and odd text.
syntax = ['=', ' = ', '.', '[', ']', '[[', ']]', '{', '}', ',', '#', '\n', '\r\n', '"', "'", '"""', "'''",
          '\\', '\\n', '\\t', '\\u0000', '\\U0010FFFF', '\\uD800', '\\x', '= [', '= {', '= []', '= {}', '[ ]', '{ }',
          'true', 'false', 'inf', '+inf', '-inf', 'nan', '+nan', '-nan', '-0.0', '0x7fffffffffffffff', '0o777',
          '0b1010', '1_000', '1e300', '1e-400', '9223372036854775807', '9223372036854775808',
          '-9223372036854775809', '1979-05-27T07:32:00Z', '1979-05-27 07:32:00.999999-07:00',
          '1979-05-27', '07:32:00', '\ufeff', '\u2028', '\u0085', '\u200b', '\u00e9', 'e\u0301', '\U0001f600',
          '\ud7ff', '\ufffd']

# Deep and long shapes (issue 26): each insertion nests by several levels, and libFuzzer's
# CopyPart doubles what is already there, so depth grows quickly from a short input.
deep = ['k.k.k.k.k.k.k.k.', '.k.k.k.k.k.k.k.k', 'a.b.c.d.e.f.g.h = 1', '"a".\'b\'."c d".',
        '[k.k.k.k.k.k.k.k]', '[[k.k.k.k]]', '[[[[[[[[', ']]]]]]]]', '{a={a={a={a={', '}}}}}',
        '[{a=[{a=[{', '}]}]}]', 'x = [[[[', 'x = {a.b.c = {']

# The format's words, from the sources that parse it.
words = set()
for folder in ('Sources/KioskConfig', 'Sources/KioskCore/Model', 'Sources/KioskCore/Values'):
    for name in sorted(os.listdir(os.path.join(root, folder))):
        if not name.endswith('.swift'):
            continue
        text = open(os.path.join(root, folder, name), encoding='utf-8').read()
        words.update(re.findall(r'"([a-z][a-z0-9_]{1,24})"', text))
        for enum in re.findall(r'enum \w+: String[^{]*\{(.*?)\n\}', text, re.S):
            words.update(w for w in re.findall(r'^\s*case ([a-z]\w*)\b', enum, re.M))
            words.update(re.findall(r'case \w+ = "([^"]+)"', enum))

# Page ids (file names of pages/) of the demo and the fixtures.
ids = set()
for folder, _, names in os.walk(os.path.join(root, 'Config')):
    ids.update(n[:-5] for n in names if n.endswith('.toml') and os.path.basename(folder) == 'pages')
for folder, _, names in os.walk(os.path.join(root, 'Tests/KioskConfigTests/Fixtures')):
    ids.update(n[:-5] for n in names if n.endswith('.toml') and os.path.basename(folder) == 'pages')

lines = ['# libFuzzer dictionary for kiosk-fuzz, written by Tests/Fuzz/make-dict.py (rerun it, do not edit).']
lines.append('# The fuzz input: file markers; PNG chunks.')
lines += [entry(s) for s in structure]
lines.append('# TOML syntax, numbers, odd Unicode.')
lines += [entry(s) for s in syntax]
lines.append('# Deep shapes: dotted keys, headers, arrays and inline tables (issue 26).')
lines += [entry(s) for s in deep]
lines.append('# Keys and values the parser knows: as a key, as a quoted value.')
for w in sorted(words):
    lines += [entry(f'{w} = '), entry(f'"{w}"')]
lines.append('# Page ids, as headers and values use them.')
lines += [entry(f'"{i}"') for i in sorted(ids)]
lines.append('# Tables and arrays of tables of the format.')
lines += [entry(s) for s in ['[[widget]]', '[[widget.row]]', '[[widget.tile]]', '[transition]', '[preview]',
                             '[theme]', '[display]', '[input]', '[input.keyboard]', '[idle]', '[mqtt]', '[dbus]',
                             '[[value]]', 'thresholds = {', 'publish = {', 'fields = {']]
seen = set()
unique = [l for l in lines if l.startswith('#') or not (l in seen or seen.add(l))]
open(os.path.join(here, 'kiosk.dict'), 'w').write('\n'.join(unique) + '\n')
print(f'{sum(1 for l in unique if not l.startswith("#"))} entries in Tests/Fuzz/kiosk.dict')

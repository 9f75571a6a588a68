#!/usr/bin/env python3
"""Writes Tests/Fuzz/corpus/: one seed per small config folder (the config fixtures, the demo
without its large image, and a few hand-made folders with images, every container and every
widget), packed as kiosk-fuzz reads them: kiosk.toml first, then "\\n@@ PATH\\n" before each
other file. Rerun after adding fixtures; the corpus is committed."""
import os, struct, zlib

here = os.path.dirname(os.path.abspath(__file__))
root = os.path.dirname(os.path.dirname(here))
out = os.path.join(here, 'corpus')
os.makedirs(out, exist_ok=True)
for name in os.listdir(out):
    os.remove(os.path.join(out, name))

def chunk(t, d):
    return struct.pack('>I', len(d)) + t + d + struct.pack('>I', zlib.crc32(t + d) & 0xffffffff)

def png(w, h):
    rows = b''.join(b'\x00' + b''.join(bytes([(x * 40) % 256, (y * 60) % 256, 128, 255]) for x in range(w)) for y in range(h))
    return b'\x89PNG\r\n\x1a\n' + chunk(b'IHDR', struct.pack('>IIBBBBB', w, h, 8, 6, 0, 0, 0)) + chunk(b'IDAT', zlib.compress(rows)) + chunk(b'IEND', b'')

def pack(files):
    data = files.get('kiosk.toml', b'')
    for path in sorted(files):
        if path != 'kiosk.toml':
            data += b'\n@@ ' + path.encode() + b'\n' + files[path]
    return data

def folder(path, skip_larger=16384):
    files = {}
    for dirpath, _, names in os.walk(path):
        for n in names:
            full = os.path.join(dirpath, n)
            rel = os.path.relpath(full, path)
            if n == 'expected.txt' or os.path.getsize(full) > skip_larger:
                continue
            files[rel] = open(full, 'rb').read()
    return files

seeds = {}
fixtures = os.path.join(root, 'Tests/KioskConfigTests/Fixtures')
for group in ('valid', 'invalid'):
    for name in sorted(os.listdir(os.path.join(fixtures, group))):
        seeds[f'{group}-{name}'] = folder(os.path.join(fixtures, group, name))
seeds['demo'] = folder(os.path.join(root, 'Config'))

tiny = png(4, 3)
seeds['every-container'] = {
    'kiosk.toml': b'home = "home"\n[preview]\nwidth = 320\nheight = 240\n[theme]\naccent = "#f9a825"\n',
    'pages/home.toml': b'type = "cube"\nfaces = ["panel", "deck", "tabs", "drill"]\n',
    'pages/panel.toml': b'type = "panel"\n[[widget]]\ntype = "title"\ntext = "T"\nsubtitle = "s"\n'
        b'[[widget]]\ntype = "image"\npath = "images/a.png"\nheight = 40\ncaption = "c"\n'
        b'[[widget]]\ntype = "grid"\ncolumns = 2\n[[widget.tile]]\nlabel = "x"\nicon = "images/a.png"\nopen = "deck"\n'
        b'[[widget.tile]]\nlabel = "b"\nstyle = "button"\naction = "back"\n',
    'pages/deck.toml': b'type = "stack"\nroot = "list"\n[transition]\ntype = "cube"\nduration = 0.2\n',
    'pages/list.toml': b'type = "panel"\n[[widget]]\ntype = "list"\n[[widget.row]]\nlabel = "a"\ndetail = "d"\nopen = "text"\n',
    'pages/text.toml': b'type = "panel"\n[[widget]]\ntype = "text"\nmarkup = "<b>bold</b> and <i>it</i>"\nalign = "center"\n'
        b'[[widget]]\ntype = "clock"\nformat = "%H:%M:%S"\n[[widget]]\ntype = "file"\nlabel = "v"\npath = "data/v"\nunit = "C"\n'
        b'[[widget]]\ntype = "keyvalue"\n[[widget.row]]\nkey = "k"\nvalue = "v"\n[[widget]]\ntype = "spacer"\nheight = 10\n',
    'pages/tabs.toml': b'type = "tabs"\npages = ["text", "list"]\n[transition]\ntype = "fade"\n',
    'pages/drill.toml': b'type = "drilldown"\nroot = "list"\nleft_width = 100\nfold_below = 200\n',
    'images/a.png': tiny,
    'data/v': b'21.5\n',
}
seeds['rotated-scaled'] = {
    'kiosk.toml': b'home = "home"\n[preview]\nwidth = 200\nheight = 300\nscale = 2\n[display]\nrotation = "90"\n',
    'pages/home.toml': b'type = "panel"\nbackground = "#102030"\n[[widget]]\ntype = "image"\npath = "p.png"\n',
    'p.png': png(16, 16),
}
# Structured seeds: shapes byte mutation rarely builds, each a home page with one feature pushed
# far (deep, wide, long, huge numbers, odd Unicode). The "deep-*" and "long-key" ones are the
# classes of issue 26 past the nesting and key limits, sized to fit the fuzzer's -max_len
# (64 KiB); the unit tests (DeepStructureTests) hold the 100,000-level versions. The "*-at-limit"
# ones sit just inside a limit, for mutations to push across it.
def home(page, kiosk=b'home = "home"\n'):
    return {'kiosk.toml': kiosk, 'pages/home.toml': b'type = "panel"\n' + page}

def dotted(parts):
    return b'.'.join([b'k'] * parts)

structured = {
    'deep-dotted-key': home(dotted(30000) + b' = 1\n'),
    'deep-dotted-key-at-limit': home(dotted(65) + b' = 1\n'),
    'deep-header': home(b'[' + dotted(30000) + b']\n'),
    'deep-array-of-tables-at-limit': home(b'[[' + dotted(63) + b']]\nx = 1\n'),
    'deep-inline-tables': home(b'x = ' + b'{a = ' * 10000 + b'1' + b'}' * 10000 + b'\n'),
    'deep-inline-tables-at-limit': home(b'x = ' + b'{a = ' * 64 + b'1' + b'}' * 64 + b'\n'),
    'deep-arrays': home(b'x = ' + b'[' * 30000 + b']' * 30000 + b'\n'),
    'deep-arrays-at-limit': home(b'x = ' + b'[' * 64 + b']' * 64 + b'\n'),
    'deep-mixed-at-limit': home(b'[a.b]\nc.d = ' + b'[{e = ' * 30 + b'1' + b'}]' * 30 + b'\n'),
    'long-key': home(b'k' * 60000 + b' = 1\n'),
    'long-quoted-key-at-limit': home(b'"' + b'k' * 256 + b'" = 1\n'),
    'repeated-key': home(b'k = 1\n' * 10000),
    'wide-widgets': home(b''.join(b'[[widget]]\ntype = "title"\ntext = "t%d"\n' % i for i in range(201))),
    'wide-array': home(b'x = [' + b', '.join(b'%d' % i for i in range(10000)) + b']\n'),
    'wide-inline-table': home(b'x = {' + b', '.join(b'k%d = %d' % (i, i) for i in range(4000)) + b'}\n'),
    'long-text': home(b'[[widget]]\ntype = "text"\ntext = "' + b'word ' * 4000 + b'"\n'),
    'huge-numbers': home(b'[[widget]]\ntype = "spacer"\nheight = 1e308\n[[widget]]\ntype = "grid"\n'
                         b'columns = 9223372036854775807\n[[widget]]\ntype = "spacer"\nheight = -0.0\n'
                         b'x = [0x7fffffffffffffff, -9223372036854775808, 1e-400, inf, -nan, 0o777, 0b1]\n',
                         kiosk=b'home = "home"\n[preview]\nwidth = 1e300\nheight = -9223372036854775808\nscale = nan\n'),
    'odd-unicode': home('[[widget]]\ntype = "text"\ntext = "\u202eRTL \u200bzero-width e\u0301 \U0001f600 \\uD7FF \\U0010FFFF"\n'
                        '"k\u00e9y" = "\u2028"\n# \u0085 comment\n'.encode('utf-8'),
                        kiosk='\ufeffhome = "home"\n'.encode('utf-8')),
}
seeds.update(structured)
for name, files in seeds.items():
    open(os.path.join(out, name), 'wb').write(pack(files))
print(f'{len(seeds)} seeds in {out}')

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
for name, files in seeds.items():
    open(os.path.join(out, name), 'wb').write(pack(files))
print(f'{len(seeds)} seeds in {out}')

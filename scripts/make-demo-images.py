#!/usr/bin/env python3
"""Draws the demo config's PNGs (Config/images/) with the standard library only.

Run from the repository root: python3 scripts/make-demo-images.py
The output is deterministic (seeded noise), so re-running changes nothing.
"""
import math
import random
import struct
import zlib
from pathlib import Path

OUT = Path(__file__).resolve().parent.parent / "Config" / "images"
ACCENT = (255, 138, 31)
LIGHT = (244, 241, 234)


def write_png(path, width, height, pixels, alpha):
    """pixels: rows of (r, g, b[, a]) tuples."""
    raw = bytearray()
    for row in pixels:
        raw.append(0)  # filter type: none
        for px in row:
            raw.extend(bytes(px[:4] if alpha else px[:3]))
    def chunk(kind, data):
        body = kind + data
        return struct.pack(">I", len(data)) + body + struct.pack(">I", zlib.crc32(body) & 0xFFFFFFFF)
    header = struct.pack(">IIBBBBB", width, height, 8, 6 if alpha else 2, 0, 0, 0)
    data = b"\x89PNG\r\n\x1a\n" + chunk(b"IHDR", header) + chunk(b"IDAT", zlib.compress(bytes(raw), 9)) + chunk(b"IEND", b"")
    path.write_bytes(data)


def coverage(inside, x, y, samples=3):
    """Fraction of the pixel (x, y) that `inside` covers, by supersampling."""
    hit = 0
    for i in range(samples):
        for j in range(samples):
            if inside(x + (i + 0.5) / samples, y + (j + 0.5) / samples):
                hit += 1
    return hit / (samples * samples)


def ring(cx, cy, r_out, r_in):
    return lambda x, y: r_in * r_in <= (x - cx) ** 2 + (y - cy) ** 2 <= r_out * r_out


def disc(cx, cy, r):
    return ring(cx, cy, r, 0)


def rect(x0, y0, x1, y1):
    return lambda x, y: x0 <= x <= x1 and y0 <= y <= y1


def bar(ax, ay, bx, by, half):
    """A thick line segment."""
    dx, dy = bx - ax, by - ay
    length2 = dx * dx + dy * dy
    def inside(x, y):
        t = max(0.0, min(1.0, ((x - ax) * dx + (y - ay) * dy) / length2))
        px, py = ax + t * dx - x, ay + t * dy - y
        return px * px + py * py <= half * half
    return inside


def gear(cx, cy, r_root, r_tip, teeth, hole):
    def inside(x, y):
        d = math.hypot(x - cx, y - cy)
        if d < hole:
            return False
        a = math.atan2(y - cy, x - cx) * teeth / (2 * math.pi)
        tooth = (a - math.floor(a)) < 0.5
        return d <= (r_tip if tooth else r_root)
    return inside


def union(*shapes):
    return lambda x, y: any(s(x, y) for s in shapes)


def icon(name, shape, size=96):
    pixels = []
    for y in range(size):
        row = []
        for x in range(size):
            a = coverage(shape, x, y)
            row.append((*ACCENT, round(a * 255)))
        pixels.append(row)
    write_png(OUT / name, size, size, pixels, alpha=True)


def icons():
    # Halls: a pediment over four columns on a base.
    roof = lambda x, y: 14 <= y <= 34 and abs(x - 48) <= (y - 14) * 1.7
    columns = union(*[rect(20 + i * 16, 38, 28 + i * 16, 72) for i in range(4)])
    icon("icon-halls.png", union(roof, columns, rect(12, 76, 84, 84)))
    # Guided tour: a map pin.
    pin_head = ring(48, 36, 24, 10)
    pin_tip = lambda x, y: 36 <= y <= 86 and abs(x - 48) <= (86 - y) * 0.42
    icon("icon-tour.png", lambda x, y: (pin_head(x, y) or pin_tip(x, y)) and not disc(48, 36, 10)(x, y))
    # Settings: a gear.
    icon("icon-settings.png", gear(48, 48, 28, 38, 8, 13))
    # About: an "i" in a ring.
    icon("icon-about.png", union(ring(48, 48, 40, 33), disc(48, 29, 6), rect(43, 41, 53, 70)))


def logo():
    w, h = 360, 120
    cog = gear(60, 60, 38, 50, 10, 18)
    lines = [rect(130, 30 + i * 24, 130 + length, 44 + i * 24) for i, length in enumerate((210, 160, 190))]
    pixels = []
    for y in range(h):
        row = []
        for x in range(w):
            a = coverage(cog, x, y)
            if a > 0:
                row.append((*ACCENT, round(a * 255)))
                continue
            a = coverage(union(*lines), x, y)
            row.append((*LIGHT, round(a * 255)))
        pixels.append(row)
    write_png(OUT / "logo.png", w, h, pixels, alpha=True)


def engine():
    """A photo-like picture of a mill engine: lit backdrop, floor, flywheel, cylinder, rod."""
    w, h = 480, 300
    rng = random.Random(1887)
    cx, cy = 150, 150
    rim = ring(cx, cy, 118, 100)
    hub = disc(cx, cy, 18)
    spokes = union(*[bar(cx, cy, cx + 104 * math.cos(k * math.pi / 4), cy + 104 * math.sin(k * math.pi / 4), 5) for k in range(8)])
    wheel = union(rim, hub, spokes)
    cylinder = rect(300, 110, 430, 190)
    flange = union(rect(292, 100, 304, 200), rect(426, 100, 438, 200))
    rod = bar(cx, cy, 300, 150, 6)
    plinth = rect(240, 200, 470, 235)
    pixels = []
    for y in range(h):
        row = []
        for x in range(w):
            # Backdrop: warm light from the upper right falling off into the dark hall.
            light = max(0.0, 1 - math.hypot(x - 400, y - 40) / 460)
            base = [18 + 60 * light, 16 + 48 * light, 14 + 34 * light]
            if y > 232:  # floor boards
                base = [40 + 10 * ((x // 60) % 2), 30 + 8 * ((x // 60) % 2), 22]
            layers = [
                (plinth, (70, 66, 60)),
                (cylinder, (96, 100, 104)),
                (flange, (130, 120, 100)),
                (rod, (170, 160, 140)),
                (wheel, (48, 52, 58)),
            ]
            color = base
            for shape, paint in layers:
                a = coverage(shape, x, y, 2)
                if a:
                    shade = 0.75 + 0.5 * light
                    color = [c * (1 - a) + p * shade * a for c, p in zip(color, paint)]
            if coverage(ring(cx, cy, 118, 114), x, y, 2):  # polished rim edge catching the light
                color = [c * 0.4 + a * 0.6 for c, a in zip(color, ACCENT)]
            grain = rng.choice((-3, 0, 0, 3))
            row.append(tuple(max(0, min(255, round(c + grain))) for c in color))
        pixels.append(row)
    write_png(OUT / "engine.png", w, h, pixels, alpha=False)


if __name__ == "__main__":
    OUT.mkdir(parents=True, exist_ok=True)
    icons()
    logo()
    engine()

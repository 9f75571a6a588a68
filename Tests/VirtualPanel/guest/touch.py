#!/usr/bin/python3
"""A kernel touchscreen through uinput, driven by lines on a FIFO (runs inside the guest).

    touch.py FIFO [NAME]

Creates a direct-touch multitouch device (INPUT_PROP_DIRECT, ABS_MT slots) of the size of the
virtual panel (800x600 units, 1:1 with the DRM output), so udev marks it ID_INPUT_TOUCHSCREEN=1
and libinput treats it as a touchscreen. Commands, one per line:
    down X Y        a finger goes down (slot 0) and stays
    move X Y        the finger moves
    up              the finger lifts
    tap X Y         down, up
    drag X1 Y1 X2 Y2 MS   down, 20 moves over MS milliseconds, up
    quit            the device is removed
Each command is answered by touching FIFO.done.N (N counts commands), so the caller can wait.
"""
import os
import sys
import time

from evdev import AbsInfo, UInput, ecodes as e

WIDTH, HEIGHT = 800, 600

fifo = sys.argv[1]
name = sys.argv[2] if len(sys.argv) > 2 else "vpanel-touch"
caps = {
    e.EV_KEY: [e.BTN_TOUCH],
    e.EV_ABS: [
        (e.ABS_X, AbsInfo(0, 0, WIDTH - 1, 0, 0, 10)),
        (e.ABS_Y, AbsInfo(0, 0, HEIGHT - 1, 0, 0, 10)),
        (e.ABS_MT_SLOT, AbsInfo(0, 0, 9, 0, 0, 0)),
        (e.ABS_MT_TRACKING_ID, AbsInfo(0, 0, 65535, 0, 0, 0)),
        (e.ABS_MT_POSITION_X, AbsInfo(0, 0, WIDTH - 1, 0, 0, 10)),
        (e.ABS_MT_POSITION_Y, AbsInfo(0, 0, HEIGHT - 1, 0, 0, 10)),
    ],
}
device = UInput(caps, name=name, input_props=[e.INPUT_PROP_DIRECT])
tracking = 0


def sync():
    device.syn()


def down(x, y):
    global tracking
    tracking += 1
    device.write(e.EV_ABS, e.ABS_MT_SLOT, 0)
    device.write(e.EV_ABS, e.ABS_MT_TRACKING_ID, tracking)
    move(x, y, frame=False)
    device.write(e.EV_KEY, e.BTN_TOUCH, 1)
    sync()


def move(x, y, frame=True):
    for code, value in ((e.ABS_MT_POSITION_X, x), (e.ABS_MT_POSITION_Y, y), (e.ABS_X, x), (e.ABS_Y, y)):
        device.write(e.EV_ABS, code, int(value))
    if frame:
        sync()


def up():
    device.write(e.EV_ABS, e.ABS_MT_SLOT, 0)
    device.write(e.EV_ABS, e.ABS_MT_TRACKING_ID, -1)
    device.write(e.EV_KEY, e.BTN_TOUCH, 0)
    sync()


def run(words):
    verb, args = words[0], [float(w) for w in words[1:]]
    if verb == "down":
        down(*args)
    elif verb == "move":
        move(*args)
    elif verb == "up":
        up()
    elif verb == "tap":
        down(*args)
        time.sleep(0.05)
        up()
    elif verb == "drag":
        x1, y1, x2, y2, ms = args
        down(x1, y1)
        steps = 20
        for i in range(1, steps + 1):
            time.sleep(ms / 1000 / steps)
            move(x1 + (x2 - x1) * i / steps, y1 + (y2 - y1) * i / steps)
        up()
    else:
        raise ValueError(verb)


count = 0
if not os.path.exists(fifo):
    os.mkfifo(fifo)
open(fifo + ".ready", "w").close()
running = True
while running:
    # Every writer (`echo ... >FIFO`) closes it again: reopen until "quit".
    with open(fifo) as commands:
        for line in commands:
            words = line.split()
            if not words:
                continue
            if words[0] == "quit":
                running = False
                break
            run(words)
            count += 1
            open(f"{fifo}.done.{count}", "w").close()
device.close()

#!/usr/bin/env python3
"""Feeds the soak's two live values 10 times a second until a deadline: the file value (written
to a dot file and renamed over the value's file, so the kiosk never reads half a write) and the
MQTT value (through one `mosquitto_pub -l`, started again whenever the broker went away and took
it down). One process, so the rate holds on a loaded machine; prints how many it sent.
    feed-values.py FILE PORT TOPIC DEADLINE_EPOCH_SECONDS"""
import os, subprocess, sys, time

path, port, topic, deadline = sys.argv[1], sys.argv[2], sys.argv[3], float(sys.argv[4])
publisher = None
sent = 0
next_at = time.monotonic()
while time.time() < deadline:
    tmp = os.path.join(os.path.dirname(path), '.feed.tmp')
    with open(tmp, 'w') as f:
        f.write(f'{sent}\n')
    os.replace(tmp, path)
    if publisher is None or publisher.poll() is not None:
        publisher = subprocess.Popen(['mosquitto_pub', '-h', '127.0.0.1', '-p', port, '-t', topic, '-l'],
                                     stdin=subprocess.PIPE, stderr=subprocess.DEVNULL, text=True)
    try:
        publisher.stdin.write('{"value": %d.5}\n' % (sent % 100))
        publisher.stdin.flush()
    except (BrokenPipeError, OSError):
        publisher = None  # the broker is away; the next tick starts another
    sent += 1
    next_at += 0.1
    time.sleep(max(0.0, next_at - time.monotonic()))
if publisher is not None and publisher.poll() is None:
    publisher.stdin.close()
    try:
        publisher.wait(timeout=3)
    except subprocess.TimeoutExpired:
        publisher.kill()
print(sent)

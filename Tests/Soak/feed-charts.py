#!/usr/bin/env python3
"""Feeds the chart soak's six values 10 times a second until a deadline: one JSON payload a tick
on one MQTT topic ({"t1": …, "t4": …, "g1": …, "g2": …}; each [[value]] takes its field), through
one `mosquitto_pub -l`. Waves of different periods, every 37th sample of t2 not a number (a gap).
Prints how many payloads it sent.
    feed-charts.py PORT TOPIC DEADLINE_EPOCH_SECONDS"""
import json, math, subprocess, sys, time

port, topic, deadline = sys.argv[1], sys.argv[2], float(sys.argv[3])
publisher = subprocess.Popen(['mosquitto_pub', '-h', '127.0.0.1', '-p', port, '-t', topic, '-l'],
                             stdin=subprocess.PIPE, stderr=subprocess.DEVNULL, text=True)
sent = 0
next_at = time.monotonic()
while time.time() < deadline:
    i = sent
    payload = {
        't1': round(50 + 40 * math.sin(i / 23), 2),
        't2': 'n/a' if i % 37 == 0 else round(60 + 25 * math.sin(i / 41), 2),
        't3': round(30 + (i % 50), 2),
        't4': round(75 + 20 * math.sin(i / 7) * math.sin(i / 97), 2),
        'g1': round(50 + 45 * math.sin(i / 60), 1),
        'g2': (i // 3) % 100,
    }
    try:
        publisher.stdin.write(json.dumps(payload) + '\n')
        publisher.stdin.flush()
    except (BrokenPipeError, OSError):
        break
    sent += 1
    next_at += 0.1
    time.sleep(max(0.0, next_at - time.monotonic()))
publisher.stdin.close()
try:
    publisher.wait(timeout=3)
except subprocess.TimeoutExpired:
    publisher.kill()
print(sent)

#!/usr/bin/env bash
# Feeds the demo's plant section (Config/pages/plant.toml, departures.toml): starts mosquitto on
# 127.0.0.1:1883 (a private one from a generated config, unless a broker already listens there),
# publishes the line speed and the tank level every second (the speed now and then into the
# warning and alarm range, and a pause that marks it stale), edits Config/data/departures.json
# every 5 s and answers the speed setpoint stepper like a line controller (confirms, capped at
# 130). Prints what the panel publishes (taps on "Start line", the setpoint and mode, its status
# and page). Ctrl-C stops everything and puts
# the departures file back.
#
#   scripts/plant-demo.sh        # then, in another terminal: scripts/run-demo.sh
set -euo pipefail
cd "$(dirname "$0")/.."
for tool in mosquitto mosquitto_pub mosquitto_sub; do
    command -v "$tool" >/dev/null || [ -x "/usr/sbin/$tool" ] ||
        { echo "plant-demo: $tool is missing (scripts/setup-debian.sh installs mosquitto and mosquitto-clients)" >&2; exit 1; }
done
export PATH="$PATH:/usr/sbin"
port=1883
work=$(mktemp -d /tmp/plant-demo.XXXXXX)
departures=Config/data/departures.json
cp "$departures" "$work/departures.json.orig"
pids=()
stop() {
    for pid in "${pids[@]}"; do kill "$pid" 2>/dev/null || true; done
    cp "$work/departures.json.orig" "$departures"
    rm -rf "$work"
}
trap stop EXIT
trap 'exit 0' INT TERM

if ! mosquitto_pub -h 127.0.0.1 -p $port -t plant/hello -m hi 2>/dev/null; then
    printf 'listener %s 127.0.0.1\nallow_anonymous true\npersistence false\n' $port >"$work/mosquitto.conf"
    mosquitto -c "$work/mosquitto.conf" >"$work/mosquitto.log" 2>&1 &
    pids+=($!)
    for _ in $(seq 50); do mosquitto_pub -h 127.0.0.1 -p $port -t plant/hello -m hi 2>/dev/null && break; sleep 0.1; done
    echo "plant-demo: mosquitto on 127.0.0.1:$port (log: $work/mosquitto.log)"
else
    echo "plant-demo: using the broker already on 127.0.0.1:$port"
fi
mosquitto_sub -h 127.0.0.1 -p $port -v -t 'kiosk/#' -t 'plant/line2/command' -t 'plant/line2/mode' | sed 's/^/panel: /' &
pids+=($!)
# The line's controller: takes the speed setpoint the panel's stepper sends and confirms it
# (retained) on the topic the panel shows, capped at 130 m/min as a real drive would refuse more.
mosquitto_pub -h 127.0.0.1 -p $port -r -t plant/line2/setpoint -m 100
mosquitto_sub -h 127.0.0.1 -p $port -t plant/line2/setpoint/set | while read -r setpoint; do
    echo "panel: setpoint $setpoint"
    confirmed=$(awk -v s="$setpoint" 'BEGIN { print (s + 0 > 130) ? "130" : s }')
    mosquitto_pub -h 127.0.0.1 -p $port -r -t plant/line2/setpoint -m "$confirmed"
done &
pids+=($!)

destinations=(Harbour "Old Town" Airport University Stadium "North Gate")
tick=0
while :; do
    # 90…140 m/min along a slow wave; quiet for 15 s every 2 minutes (the value goes stale).
    if [ $((tick % 120)) -lt 105 ]; then
        speed=$(awk -v t=$tick 'BEGIN { printf "%.1f", 115 + 25 * sin(t / 9) }')
        mosquitto_pub -h 127.0.0.1 -p $port -t plant/line2/speed -m "{\"value\": $speed, \"unit\": \"m/min\"}"
    fi
    # The tank drains from 100 % to 5 % over three minutes (through the gauge's warning and alarm
    # ranges), then refills.
    tank=$(( 100 - (tick % 180) * 95 / 179 ))
    mosquitto_pub -h 127.0.0.1 -p $port -t plant/line2/tank -m "{\"value\": $tank}"
    if [ $((tick % 5)) -eq 0 ]; then
        minute=$(( (tick / 5) % 50 ))
        {
            printf '{"station": "Museum", "trains": [\n'
            for i in 0 1 2 3; do
                m=$(( (minute + 7 * i + 10) % 60 ))
                name=${destinations[$(( (tick / 5 + i) % ${#destinations[@]} ))]}
                delay=$(( (tick / 5 + i) % 4 == 0 ? 5 : 0 ))
                printf '  {"time": "10:%02d", "destination": "%s", "platform": %d, "delay": %d}%s\n' \
                    "$m" "$name" $((i % 4 + 1)) $delay "$([ $i -lt 3 ] && echo ,)"
            done
            printf ']}\n'
        } >"$departures.tmp"
        mv "$departures.tmp" "$departures"
    fi
    tick=$((tick + 1))
    sleep 1
done

#!/bin/sh
# The virtual panel's test agent (inside the guest; not part of the package): runs shell commands
# the host sends over a virtio-serial port and answers each with its exit status and output.
# Protocol, one line each way: host -> "BASE64(COMMAND)", guest -> "RC BASE64(OUTPUT)".
port=/dev/virtio-ports/vpanel
while [ ! -e "$port" ]; do sleep 0.1; done
exec 3<>"$port"
echo "up $(cut -d' ' -f1 /proc/uptime)" >&3
while IFS= read -r line <&3; do
    out=$(printf '%s' "$line" | base64 -d | sh 2>&1)
    rc=$?
    printf '%s %s\n' "$rc" "$(printf '%s' "$out" | base64 -w0)" >&3
done

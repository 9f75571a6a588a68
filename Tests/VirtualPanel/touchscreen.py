"""A kernel touchscreen in the guest: guest/touch.py (uinput) run as a transient unit."""
from panel import wait_until


class Touchscreen:
    def __init__(self, machine, name):
        self.m, self.name = machine, name
        self.fifo = f"/run/vpanel-{name}"
        self.count = 0
        self.node = None

    def plug(self, opener_pid):
        """Creates the device, waits until udev calls it a touchscreen and OPENER_PID (the
        compositor, or kiosk-shell reading libinput) has its event node open. Plugged already:
        only waits for OPENER_PID to have it open."""
        if self.node:
            self.wait_open(opener_pid)
            return
        rc, out = self.m.sh(f"systemd-run --unit=vpanel-{self.name} --collect /usr/local/lib/vpanel/touch.py {self.fifo} vpanel-{self.name}")
        if rc != 0:
            raise RuntimeError(f"touch.py did not start: {out}")
        if not wait_until(lambda: self.m.sh(f"test -e {self.fifo}.ready")[0] == 0, 20, 0.2):
            raise RuntimeError(f"touch.py never got ready: {self.m.journal(f'vpanel-{self.name}.service', 10)}")
        find = (f"for d in /sys/class/input/event*; do [ \"$(cat $d/device/name)\" = vpanel-{self.name} ] && "
                f"udevadm info -q property $d | grep -qx ID_INPUT_TOUCHSCREEN=1 && echo /dev/input/${{d##*/}}; done")
        self.node = wait_until(lambda: self.m.sh(find)[1], 20, 0.2)
        if not self.node:
            raise RuntimeError(f"udev never marked vpanel-{self.name} ID_INPUT_TOUCHSCREEN=1")
        self.wait_open(opener_pid)

    def wait_open(self, pid):
        opened = wait_until(lambda: self.m.sh(f"ls -l /proc/{pid}/fd | grep -q ' {self.node}$'")[0] == 0, 20, 0.2)
        if not opened:
            raise RuntimeError(f"process {pid} did not open {self.node} within 20 s")

    def send(self, command):
        self.count += 1
        self.m.sh(f"echo '{command}' >{self.fifo}")
        if not wait_until(lambda: self.m.sh(f"test -e {self.fifo}.done.{self.count}")[0] == 0, 20, 0.1):
            raise RuntimeError(f"touch.py did not finish '{command}'")

    def unplug(self):
        self.m.sh(f"echo quit >{self.fifo}")
        if not wait_until(lambda: self.m.sh(f"test -e {self.node}")[0] != 0, 20, 0.2):
            raise RuntimeError(f"{self.node} still there 20 s after quit")
        self.node = None

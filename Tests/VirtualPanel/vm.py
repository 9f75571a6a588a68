"""The VM half of the virtual panel: the shipped units from power-on on a kernel with DRM and uinput.

    vm.py ROOTFS WORK TALLY

Two boots of the image (package installed), each with the units a technician enables:
  cage:   cage@tty1.service; touch through cage (wlroots' libinput), watchdog restart.
  weston: weston.socket weston.service kiosk-shell.service; touch through weston, then through
          kiosk-shell's own libinput source (the packaged libinput.conf drop-in).
In both: boot-to-READY and boot-to-first-frame seconds, a touchscreen plugged in after start and
one removed mid-touch, and scanout screenshots (QMP screendump) against `kiosk-shell render`.
"""
import os
import sys
import time

from machine import Machine, make_image
from panel import TOLERANCE, Checks, difference, log, render, wait_until
from touchscreen import Touchscreen

ROOTFS, WORK, TALLY = sys.argv[1:4]
CONFIG = os.environ["VPANEL_CONFIG"]
TURN = "drag 600,300 200,300 300ms; wait 1s"
# Home (cube face "status") -> "highlight" -> "explore" (menu) -> tap "Guided tour" -> tap row 2.
TO_LIST_ROW = f"{TURN}; {TURN}; tap 600,250; wait 1s; tap 300,253; wait 1s"
timings = {}


class Panel:
    """One scenario's VM plus what its checks share."""

    def __init__(self, name, enable, status_unit, compositor_unit):
        self.name, self.status_unit, self.compositor_unit = name, status_unit, compositor_unit
        image = os.path.join(WORK, f"{name}.raw")
        make_image(ROOTFS, image, enable)
        self.machine = Machine(ROOTFS, image, WORK, name)
        self.references = {}

    def reference(self, actions):
        """Renders of ACTIONS for this minute and, if made, the last one (the status face shows a clock)."""
        minute = int(time.time() // 60)
        if (actions, minute) not in self.references:
            out = os.path.join(WORK, f"{self.name}-ref-{len(self.references)}.png")
            self.references[(actions, minute)] = render(CONFIG, out, actions)
        return [self.references[k] for k in ((actions, minute), (actions, minute - 1)) if k in self.references]

    def screen_matches(self, actions, label):
        shot = os.path.join(WORK, f"{self.name}-{label}.ppm")
        try:
            self.machine.screendump(shot)
        except RuntimeError:
            return None
        best = min(difference(shot, ref) for ref in self.reference(actions))
        self.last_difference = best
        return best <= TOLERANCE

    def wait_screen(self, actions, label, timeout):
        self.last_difference = 1.0
        if wait_until(lambda: self.screen_matches(actions, label), timeout, 0.5):
            return None
        return (f"the scanout ({self.name}-{label}.ppm) differs from `kiosk-shell render` "
                f"in {self.last_difference:.1%} of its pixels after {timeout} s (tolerance {TOLERANCE:.0%})")

    def status(self):
        return self.machine.show(self.status_unit, "StatusText")

    def wait_status(self, page, timeout=15):
        """Waits for StatusText to name PAGE (or one of "a|b")."""
        wanted = [f'showing page "{name}"' for name in page.split("|")]
        if wait_until(lambda: self.status() in wanted, timeout, 0.3):
            return None
        return self.failure(f"StatusText {self.status()!r}, expected showing page \"{page}\" within {timeout} s")

    def failure(self, text):
        return (f"{text}\n--- journal of {self.compositor_unit} and kiosk-shell:\n"
                + self.machine.journal(self.compositor_unit, 25) + "\n"
                + (self.machine.journal("kiosk-shell.service", 25) if self.status_unit == "kiosk-shell.service" else ""))

    def power_on(self):
        """From power-on to the home page on the scanout; measures the seconds."""
        m = self.machine
        m.start()
        home = self.wait_screen("", "first-frame", 180)
        frame_at = time.monotonic()
        if home:
            return home + f"\n--- console:\n{open(m.serial_log, errors='replace').read()[-1500:]}"
        uptime, at = m.connect_agent(60)
        kernel_start = at - uptime  # the guest's boot on the host's clock
        state = wait_until(lambda: m.sh("systemctl is-active " + self.status_unit)[1] == "active", 60)
        if not state:
            return self.failure(f"{self.status_unit} not active")
        ready = int(m.show(self.status_unit, "ActiveEnterTimestampMonotonic")) / 1e6
        first_frame = frame_at - kernel_start
        timings[self.name] = (ready, first_frame, frame_at - m.started)
        log(f"     {self.name}: kernel start to READY=1 {ready:.1f} s, to the first frame on the scanout "
            f"<= {first_frame:.1f} s (qemu start to first frame {frame_at - m.started:.1f} s)")
        return self.wait_status("status", 10)

    def system_running(self):
        m = self.machine
        state = wait_until(lambda: m.sh("systemctl is-system-running")[1] in ("running", "degraded") and
                           m.sh("systemctl is-system-running")[1], 90, 0.5)
        if state != "running":
            return self.failure(f"system state {state}: {m.sh('systemctl --failed --no-legend')[1]}")
        return None


def cage_scenario(checks):
    p = Panel("cage", ["cage@tty1.service"], "cage@tty1.service", "cage@tty1.service")
    m = p.machine
    try:
        if not checks.run("vm/cage: cage@tty1 from power-on shows the home page on the DRM scanout", p.power_on):
            return
        checks.run("vm/cage: boot finishes with no failed unit (getty@tty1 gave way)", p.system_running)
        cage_pid = lambda: m.show("cage@tty1.service", "MainPID")  # noqa: E731
        first = Touchscreen(m, "touch1")

        def turn_through_cage():
            first.plug(cage_pid())
            first.send("drag 600 300 200 300 300")
            return p.wait_status("highlight") or p.wait_screen(TURN, "turned", 30)

        def removed_mid_touch_then_list_row():
            first.send("down 400 300")
            first.unplug()
            second = Touchscreen(m, "touch2")
            second.plug(cage_pid())
            second.send("drag 600 300 200 300 300")
            failed = p.wait_status("explore|menu")
            second.send("tap 600 250")
            failed = failed or p.wait_status("tour")
            second.send("tap 300 253")
            return failed or p.wait_status("tour-mill") or p.wait_screen(TO_LIST_ROW, "list-row", 30)

        def watchdog_restart():
            before = int(m.show("cage@tty1.service", "NRestarts"))
            m.sh("kill -STOP $(pgrep -x kiosk-shell)")
            back = wait_until(lambda: int(m.show("cage@tty1.service", "NRestarts")) > before and
                              m.sh("systemctl is-active cage@tty1.service")[1] == "active", 60, 0.5)
            if not back:
                return p.failure("kill -STOP of kiosk-shell: cage@tty1 not restarted within 60 s")
            if "Watchdog timeout" not in m.journal("cage@tty1.service", 80):
                return p.failure("no 'Watchdog timeout' in the journal")
            return p.wait_status("tour-mill") or p.wait_screen(TO_LIST_ROW, "after-watchdog", 30)

        checks.run("vm/cage: a uinput touchscreen plugged in after start turns the cube (through cage)", turn_through_cage)
        checks.run("vm/cage: a touchscreen removed mid-touch, another plugged in opens a list row", removed_mid_touch_then_list_row)
        checks.run("vm/cage: kill -STOP of kiosk-shell -> watchdog restarts cage@tty1 on the saved page", watchdog_restart)
    finally:
        m.stop()
        os.unlink(os.path.join(WORK, "cage.raw"))


def weston_scenario(checks):
    p = Panel("weston", ["weston.socket", "weston.service", "kiosk-shell.service"], "kiosk-shell.service", "weston.service")
    m = p.machine
    try:
        if not checks.run("vm/weston: weston on tty7 + kiosk-shell.service from power-on show the home page", p.power_on):
            return
        checks.run("vm/weston: boot finishes with no failed unit", p.system_running)
        weston_pid = lambda: m.show("weston.service", "MainPID")  # noqa: E731
        kiosk_pid = lambda: m.show("kiosk-shell.service", "MainPID")  # noqa: E731
        first = Touchscreen(m, "touch1")

        def turn_through_weston():
            first.plug(weston_pid())
            first.send("drag 600 300 200 300 300")
            return p.wait_status("highlight") or p.wait_screen(TURN, "turned", 30)

        def libinput_source():
            # README: the packaged drop-in, then [input] source = "libinput".
            rc, out = m.sh("mkdir -p /etc/systemd/system/kiosk-shell.service.d && "
                           "cp /usr/share/doc/kiosk-shell/examples/libinput.conf /etc/systemd/system/kiosk-shell.service.d/ && "
                           "sed -i 's/^# source = \"wayland\"/source = \"libinput\"/' /etc/kiosk-shell/kiosk.toml && "
                           "grep -q '^source = \"libinput\"' /etc/kiosk-shell/kiosk.toml && "
                           "systemctl daemon-reload && systemctl restart kiosk-shell.service")
            if rc != 0:
                return p.failure(f"switching to libinput failed: {out}")
            failed = p.wait_status("highlight", 30)
            if failed:
                return failed
            # kiosk-shell opened the touchscreen that was there before it started.
            first.wait_open(kiosk_pid())
            first.send("drag 600 300 200 300 300")
            return p.wait_status("explore|menu")

        def libinput_hotplug():
            first.send("down 400 300")
            first.unplug()
            second = Touchscreen(m, "touch2")
            second.plug(kiosk_pid())
            second.send("tap 600 250")
            failed = p.wait_status("tour")
            second.send("tap 300 253")
            return failed or p.wait_status("tour-mill") or p.wait_screen(TO_LIST_ROW, "list-row", 30)

        checks.run("vm/weston: a uinput touchscreen plugged in after start turns the cube (through weston)", turn_through_weston)
        checks.run("vm/weston: [input] source = \"libinput\" with the libinput.conf drop-in: touch turns the cube", libinput_source)
        checks.run("vm/weston: libinput: a touchscreen removed mid-touch, another plugged in opens a list row", libinput_hotplug)
    finally:
        m.stop()
        os.unlink(os.path.join(WORK, "weston.raw"))


def main():
    checks = Checks(TALLY)
    cage_scenario(checks)
    weston_scenario(checks)
    for name, (ready, frame, qemu) in timings.items():
        log(f"virtual-panel: {name}: boot to READY=1 {ready:.1f} s, boot to first frame {frame:.1f} s (qemu start to frame {qemu:.1f} s)")


if __name__ == "__main__":
    main()

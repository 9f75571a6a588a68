"""The VM half of the virtual panel: the shipped units from power-on on a kernel with DRM and uinput.

    vm.py ROOTFS WORK TALLY

Three boots of the image (package installed), each with the units a technician enables:
  drm:    kiosk-shell-drm.service on an image with every compositor purged (vm_drm.py): touch
          through libinput, VT switch, display replug, kill -9, console back at stop.
  card:   the drm image once more, card0 render-only (vgem) and virtio_gpu loaded later: the
          kiosk finds card1 itself (vm_card_select.py).
  cage:   cage@tty1.service; touch through cage (wlroots' libinput), watchdog restart.
  weston: weston.socket weston.service kiosk-shell.service; touch through weston, then through
          kiosk-shell's own libinput source (the packaged libinput.conf drop-in).
In all: boot-to-READY and boot-to-first-frame seconds, scanout screenshots (QMP screendump)
against `kiosk-shell render`; a touchscreen plugged in after start and one removed mid-touch.
drm and cage + kiosk are compared: boot to first frame, unit start to READY=1 (split at kiosk-shell's
exec) and resident memory (VmRSS) at the home page, medians of VPANEL_BOOTS boots each (default 3:
the scenario's own and two that only measure; boot_timing.py).
"""
import os
import sys
import time

from boot_timing import boot_record, describe, report
from machine import Machine, make_image
from panel import TOLERANCE, Checks, difference, log, render, wait_until
from touchscreen import Touchscreen
from vm_card_select import card_select_checks
from vm_drm import compositor_free_rootfs, drm_checks, rss_kib

ROOTFS, WORK, TALLY = sys.argv[1:4]
CONFIG = os.environ["VPANEL_CONFIG"]
TURN = "drag 600,300 200,300 300ms; wait 1s"
DRAG = "drag 600 300 200 300 300"  # the same drag for guest/touch.py
# Face 2 is the lobby playlist: "highlight" holds 60 s there (Config/pages/lobby.toml), longer
# than any check stays on it, so a check that turns to it sees it.
# Home (cube face "status") -> "highlight" -> "explore" (menu) -> tap "Guided tour" -> tap row 2 (below the stack header).
TO_LIST_ROW = f"{TURN}; {TURN}; tap 600,250; wait 1s; tap 300,317; wait 1s"
# Boots measured for the DRM/cage comparison (medians): the scenario's own, then more that only
# measure (each from the clean image: snapshot=on).
BOOTS = int(os.environ.get("VPANEL_BOOTS", "3"))
boots = {}


class Panel:
    """One scenario's VM plus what its checks share."""

    def __init__(self, name, enable, status_unit, compositor_unit, vt, processes, rootfs=ROOTFS):
        self.name, self.status_unit, self.compositor_unit, self.vt = name, status_unit, compositor_unit, vt
        self.processes = processes  # whose memory the comparison adds up
        image = os.path.join(WORK, f"{name}.raw")
        make_image(rootfs, image, enable)
        self.machine = Machine(rootfs, image, WORK, name)
        self.references = {}

    def reference(self, actions, language=None):
        """Renders of ACTIONS (in LANGUAGE) for this minute and, if made, the last one (the status
        face shows a clock)."""
        minute = int(time.time() // 60)
        if (actions, language, minute) not in self.references:
            out = os.path.join(WORK, f"{self.name}-ref-{len(self.references)}.png")
            self.references[(actions, language, minute)] = render(CONFIG, out, actions, language=language)
        return [self.references[k] for k in ((actions, language, minute), (actions, language, minute - 1))
                if k in self.references]

    def screen_matches(self, actions, label, language=None):
        shot = os.path.join(WORK, f"{self.name}-{label}.ppm")
        try:
            self.machine.screendump(shot)
        except RuntimeError:
            return None
        best = min(difference(shot, ref) for ref in self.reference(actions, language))
        self.last_difference = best
        return best <= TOLERANCE

    def wait_screen(self, actions, label, timeout, language=None):
        self.last_difference = 1.0
        if wait_until(lambda: self.screen_matches(actions, label, language), timeout, 0.5):
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
        """From power-on to the home page on the scanout; measures the seconds (boot_timing.py)."""
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
        vt = m.sh("cat /sys/class/tty/tty0/active")[1]
        if vt != self.vt:
            return self.failure(f"the foreground VT is {vt}, expected {self.vt}")
        try:
            rss = rss_kib(m, self.processes)
        except RuntimeError as error:
            return self.failure(str(error))
        # The display stack alone (the compositor's unit, or the DRM unit, started -> READY=1).
        record = boot_record(m, self.compositor_unit, self.status_unit, frame_at, kernel_start, rss)
        boots.setdefault(self.name, []).append(record)
        describe(self.name, self.compositor_unit, record)
        log(f"     {self.name}: {m.sh('systemd-analyze time | head -n 1')[1]}")
        if len(boots[self.name]) == 1:  # what the unit waited for at boot, once
            chain = m.sh(f"systemd-analyze critical-chain --no-pager {self.compositor_unit} | tail -n +4 | head -n 8")[1]
            log("\n".join(f"     {self.name}: {line}" for line in chain.splitlines()))
        return self.wait_status("status", 10)

    def boot_again(self):
        """A measuring boot only: power on from the clean image (snapshot=on), the home page."""
        self.machine.stop()
        return self.power_on()

    def system_running(self):
        m = self.machine
        state = wait_until(lambda: m.sh("systemctl is-system-running")[1] in ("running", "degraded") and
                           m.sh("systemctl is-system-running")[1], 90, 0.5)
        if state != "running":
            return self.failure(f"system state {state}: {m.sh('systemctl --failed --no-legend')[1]}")
        return None


def scenario(checks, panel, title, more_checks, keep=False):
    """Power-on, boot state, then MORE_CHECKS(panel); the VM stops after, and its image goes away
    unless KEEP (the timing boots use it again: `retire`). Returns whether it came up."""
    try:
        up = checks.run(f"vm/{panel.name}: {title}", panel.power_on)
        if up:
            checks.run(f"vm/{panel.name}: boot finishes with no failed unit", panel.system_running)
            more_checks(checks, panel)
    finally:
        panel.machine.stop()
        if not keep:
            retire(panel)
    return up


def retire(panel):
    panel.machine.stop()
    image = os.path.join(WORK, f"{panel.name}.raw")
    if os.path.exists(image):
        os.unlink(image)


def timing_boots(checks, panels):
    """More boots of PANELS (drm and cage), taking turns, so a busy host slows both alike."""
    for boot in range(2, BOOTS + 1):
        for panel in panels:
            checks.run(f"vm/{panel.name}: boot {boot} of {BOOTS} (timing) shows the home page", panel.boot_again)
            panel.machine.stop()


def replug_mid_touch(first, opener_pid):
    """A finger stays down on FIRST while it is unplugged; a second touchscreen is plugged in."""
    first.send("down 400 300")
    first.unplug()
    second = Touchscreen(first.m, "touch2")
    second.plug(opener_pid)
    return second


def open_list_row(p, touchscreen):
    """From the explore face: the "Guided tour" tile, then the tour's second row."""
    touchscreen.send("tap 600 250")
    failed = p.wait_status("tour")
    touchscreen.send("tap 300 317")
    return failed or p.wait_status("tour-mill") or p.wait_screen(TO_LIST_ROW, "list-row", 30)


def turn_after_plug(p, touchscreen, opener_pid):
    """Plugs TOUCHSCREEN in (OPENER_PID must open it), then a right-to-left drag turns the cube."""
    touchscreen.plug(opener_pid)
    touchscreen.send(DRAG)
    return p.wait_status("highlight") or p.wait_screen(TURN, "turned", 30)


def cage_checks(checks, p):
    m = p.machine
    cage_pid = lambda: m.show("cage@tty1.service", "MainPID")  # noqa: E731
    first = Touchscreen(m, "touch1")

    def removed_mid_touch_then_list_row():
        second = replug_mid_touch(first, cage_pid())
        second.send(DRAG)
        return p.wait_status("explore|menu") or open_list_row(p, second)

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

    checks.run("vm/cage: a uinput touchscreen plugged in after start turns the cube (through cage)", turn_after_plug, p, first, cage_pid())
    checks.run("vm/cage: a touchscreen removed mid-touch, another plugged in opens a list row", removed_mid_touch_then_list_row)
    checks.run("vm/cage: kill -STOP of kiosk-shell -> watchdog restarts cage@tty1 on the saved page", watchdog_restart)


def weston_checks(checks, p):
    m = p.machine
    weston_pid = lambda: m.show("weston.service", "MainPID")  # noqa: E731
    kiosk_pid = lambda: m.show("kiosk-shell.service", "MainPID")  # noqa: E731
    first = Touchscreen(m, "touch1")

    def libinput_source():
        # docs/panels.md: the packaged drop-in, then [input] source = "libinput".
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
        # kiosk-shell itself opened the touchscreen that was there before it started.
        first.wait_open(kiosk_pid())
        first.send(DRAG)
        return p.wait_status("explore|menu")

    def libinput_hotplug():
        return open_list_row(p, replug_mid_touch(first, kiosk_pid()))

    checks.run("vm/weston: a uinput touchscreen plugged in after start turns the cube (through weston)", turn_after_plug, p, first, weston_pid())
    checks.run("vm/weston: [input] source = \"libinput\" with the libinput.conf drop-in: touch turns the cube", libinput_source)
    checks.run("vm/weston: libinput: a touchscreen removed mid-touch, another plugged in opens a list row", libinput_hotplug)


def main():
    checks = Checks(TALLY)
    # While developing: VPANEL_SCENARIOS=drm boots only that one.
    wanted = os.environ.get("VPANEL_SCENARIOS", "drm,card,cage,weston").split(",")
    compared = []  # drm and cage: booted again for the timing comparison
    unmount = None
    try:
        if "drm" in wanted or "card" in wanted:
            drm_root, unmount = compositor_free_rootfs(ROOTFS, WORK)
            helpers = {"turn_after_plug": turn_after_plug, "open_list_row": open_list_row, "DRAG": DRAG, "TO_LIST_ROW": TO_LIST_ROW,
                       "TURN": TURN}
            drm = Panel("drm", ["kiosk-shell-drm.service"], "kiosk-shell-drm.service", "kiosk-shell-drm.service", "tty1",
                        ["kiosk-shell"], rootfs=drm_root)
            if "card" in wanted:  # the same image with a render-only card0 (vm_card_select.py)
                card_select_checks(checks, drm_root, os.path.join(WORK, "drm.raw"), WORK, CONFIG)
            if "drm" in wanted and scenario(checks, drm, "kiosk-shell-drm from power-on shows the home page on the scanout (no compositor)",
                                            lambda c, p: drm_checks(c, p, helpers), keep=True):
                compared.append(drm)
            else:
                retire(drm)
        if "cage" in wanted:
            cage = Panel("cage", ["cage@tty1.service"], "cage@tty1.service", "cage@tty1.service", "tty1", ["cage", "kiosk-shell"])
            if scenario(checks, cage, "cage@tty1 from power-on shows the home page on the DRM scanout", cage_checks, keep=True):
                compared.append(cage)
            else:
                retire(cage)
        timing_boots(checks, compared)
    finally:
        for panel in compared:
            retire(panel)
        if unmount:
            unmount()
    if "weston" in wanted:
        scenario(checks, Panel("weston", ["weston.socket", "weston.service", "kiosk-shell.service"], "kiosk-shell.service",
                               "weston.service", "tty7", ["weston", "kiosk-shell"]),
                 "weston on tty7 + kiosk-shell.service from power-on show the home page", weston_checks)
    report(boots)


if __name__ == "__main__":
    main()

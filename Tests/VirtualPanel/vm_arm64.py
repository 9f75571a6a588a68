"""The Debian 13 (trixie) arm64 virtual panel: kiosk-shell-drm under qemu-system-aarch64.

    vm_arm64.py ROOTFS WORK TALLY

ROOTFS is the arm64 trixie image with the arm64 package installed (run.sh). One boot of a
`virt` machine (cortex-a53 x2, software emulation, virtio-gpu-pci, uinput; machine_arm64.py)
with kiosk-shell-drm.service enabled, then:
  - power-on to the home page on the scanout (QMP screendump against the host's amd64
    `kiosk-shell render`), boot-to-first-frame seconds and resident memory (vm.py's Panel);
  - a uinput swipe turns the cube, a tap opens a list row (libinput, no compositor running);
  - kill -9 restarts the unit on the same page;
  - the pixels: the arm64 scanout and the arm64 binary's own `kiosk-shell render` in the guest,
    each against the amd64 render of the same minute, counted exactly (largest channel
    difference, pixels off by more than 8), so a difference between the two builds shows as
    itself and not only as "within tolerance".
The compositors stay installed (the image is shared with nothing, but purging them under
qemu-user costs a minute): they are not enabled, and kiosk-shell-drm takes tty1 alone.
Every deadline of vm.py's waits is multiplied by SLOW (emulated arm64: slow, never flaky).
"""
import base64
import os
import time

import vm
from machine_arm64 import Arm64Machine
from panel import kiosk_image, log, wait_until
from touchscreen import Touchscreen
from variant import relabel

SLOW = 3
UNIT = "kiosk-shell-drm.service"
# VPANEL_REFERENCE_ROOTFS: the amd64 trixie image with the amd64 package (run.sh), where the
# references are rendered: the same libraries, the other architecture.
AMD64_ROOTFS = os.environ["VPANEL_REFERENCE_ROOTFS"]
HOST_RENDER = vm.render  # the Debian 12 host's, before relabel replaces it: for the record only
relabel("debian13-arm64", slow=SLOW, reference_rootfs=AMD64_ROOTFS)


class Arm64Panel(vm.Panel):  # vm.Panel: relabel's, with the deadlines times SLOW
    def __init__(self):
        super().__init__("drm", [UNIT], UNIT, UNIT, "tty1", ["kiosk-shell"])
        image = os.path.join(vm.WORK, "drm.raw")
        self.machine = Arm64Machine(vm.ROOTFS, image, vm.WORK, "drm")


def exact(a, b):
    """(pixels off by more than 8, total, largest channel difference) of two images."""
    rc, out = kiosk_image("compare", a, b)
    if rc != 0 or not out:
        raise RuntimeError(f"kiosk-image compare {a} {b} failed: {out}")
    return tuple(int(v) for v in out.split())


def arm64_checks(checks, p):
    m = p.machine
    kiosk_pid = lambda: m.show(UNIT, "MainPID")  # noqa: E731
    touch = Touchscreen(m, "touch1")

    def pixels():
        # The home page just after boot was compared within TOLERANCE; here it is counted exactly.
        # Both renders and the screendump in one minute (the status face shows a clock): retry
        # once if the minute turned meanwhile.
        for _ in range(2):
            minute = int(time.time() // 60)
            shot = m.screendump(os.path.join(vm.WORK, "drm-home-exact.ppm"))
            # The arm64 binary's own offscreen render, same page and size, in the guest.
            rc, out = m.sh("TZ=UTC kiosk-shell render --config /etc/kiosk-shell --page home --size 800x600 "
                           "--out /tmp/arm64-render.png >/dev/null 2>&1 && base64 -w0 /tmp/arm64-render.png", 120 * SLOW)
            if rc != 0:
                return f"kiosk-shell render in the guest failed: {out[-800:]}"
            guest_render = os.path.join(vm.WORK, "drm-arm64-render.png")
            with open(guest_render, "wb") as f:
                f.write(base64.b64decode(out))
            reference = p.reference("")[0]
            host = HOST_RENDER(vm.CONFIG, os.path.join(vm.WORK, "drm-host-render.png"))
            if int(time.time() // 60) == minute:
                break
        else:
            return "the minute turned twice while rendering"
        scan = exact(shot, reference)
        rend = exact(guest_render, reference)
        old = exact(shot, host)
        log(f"     arm64 pixels: scanout vs amd64 trixie render: {scan[0]} of {scan[1]} pixels differ by more than 8, "
            f"largest channel difference {scan[2]}")
        log(f"     arm64 pixels: arm64 `kiosk-shell render` vs amd64 trixie render: {rend[0]} of {rend[1]} pixels differ "
            f"by more than 8, largest channel difference {rend[2]}")
        log(f"     arm64 pixels (for the record): scanout vs the Debian 12 host's render: {old[0]} of {old[1]} pixels "
            f"differ by more than 8, largest channel difference {old[2]} (Debian 12 pango 1.50, cairo 1.16, freetype 2.12, harfbuzz 6; Debian 13: 1.56, 1.18, 2.13, 10.2)")
        if scan[0] / scan[1] > vm.TOLERANCE:
            return f"the arm64 scanout differs from the amd64 render in {scan[0]} of {scan[1]} pixels"
        if rend[0] / rend[1] > vm.TOLERANCE:
            return f"the arm64 render differs from the amd64 render in {rend[0]} of {rend[1]} pixels"
        return None

    def first_try_at_boot():
        restarts = m.show(UNIT, "NRestarts")
        return p.failure(f"{UNIT} restarted {restarts} times during the boot") if restarts != "0" else None

    def swipe_turns_cube():
        return vm.turn_after_plug(p, touch, kiosk_pid())

    def tap_opens_row():
        touch.send(vm.DRAG)
        return p.wait_status("explore|menu") or vm.open_list_row(p, touch)

    def kill_restart():
        before = int(m.show(UNIT, "NRestarts"))
        m.sh(f"kill -9 {kiosk_pid()}")
        back = wait_until(lambda: int(m.show(UNIT, "NRestarts")) > before and
                          m.sh(f"systemctl is-active {UNIT}")[1] == "active", 30 * SLOW, 0.5)
        if not back:
            return p.failure(f"kill -9: {UNIT} not active again within {30 * SLOW} s")
        return p.wait_status("tour-mill") or p.wait_screen(vm.TO_LIST_ROW, "after-kill", 30)

    checks.run("vm/drm: the arm64 scanout and the arm64 `kiosk-shell render` against the amd64 render, counted exactly", pixels)
    checks.run("vm/drm: kiosk-shell-drm came up at boot without a restart (it waits for the card)", first_try_at_boot)
    checks.run("vm/drm: a uinput swipe turns the cube (libinput, arm64)", swipe_turns_cube)
    checks.run("vm/drm: a uinput tap opens a list row (libinput, arm64)", tap_opens_row)
    checks.run("vm/drm: kill -9 -> kiosk-shell-drm restarts on the saved page", kill_restart)


def main():
    checks = vm.Checks(vm.TALLY)
    panel = Arm64Panel()
    vm.scenario(checks, panel, "kiosk-shell-drm from power-on shows the home page on the scanout (arm64, emulated)", arm64_checks)
    vm.report(vm.boots)


if __name__ == "__main__":
    main()

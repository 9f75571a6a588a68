"""The display card found, not configured: kiosk-shell-drm without KIOSK_DRM_DEVICE on a panel
whose card0 is render-only, as a Raspberry Pi's v3d can be.

One boot of the DRM scenario's image (no compositor, kiosk-shell-drm enabled, no drop-in) with
virtio_gpu kept out at boot (`modprobe.blacklist=virtio_gpu`: udev does not load it for the
device) and vgem loaded instead (`modules-load=vgem`: systemd-modules-load), so card0 is vgem, a
card with no KMS. Checks: the kiosk skips card0 and waits (it neither opens card0 nor exits);
`modprobe virtio_gpu` (by name: the blacklist only stops udev's loading by alias) makes card1,
which the kiosk picks, saying why, and the home page reaches the scanout from that same start.
"""
import os
import time

from machine import Machine
from panel import TOLERANCE, difference, log, render, wait_until

UNIT = "kiosk-shell-drm.service"
CMDLINE = " modprobe.blacklist=virtio_gpu modules-load=vgem"
SKIPPED = "skipped /dev/dri/card0 (vgem: no connectors, render-only)"
CHOSEN = "using /dev/dri/card1 (virtio_gpu: 1 connector"


def card_select_checks(checks, rootfs, image, work, config):
    """Boots IMAGE (made from ROOTFS, the compositor-free image) with vgem as card0; runs the checks."""
    m = Machine(rootfs, image, work, "card")
    index = m.command.index("-append") + 1
    # Not quiet: a boot that fails here has no screen to look at, the console log is what shows.
    m.command[index] = m.command[index].replace(" quiet", "") + CMDLINE
    references = {}
    started = time.monotonic()

    def journal(lines=60):
        return m.journal(UNIT, lines)

    def failure(text):
        return f"{text}\n--- journal of {UNIT}:\n{journal(30)}"

    def home_on_scanout():
        # The home page shows a clock: compare with this minute's render and the last one's.
        minute = int(time.time() // 60)
        if minute not in references:
            references[minute] = render(config, os.path.join(work, f"card-ref-{minute}.png"))
        shot = m.screendump(os.path.join(work, "card-home.ppm"))
        best = min(difference(shot, references[k]) for k in (minute, minute - 1) if k in references)
        return best <= TOLERANCE

    def waits_past_render_only_card0():
        m.start()
        # A boot under emulation on a loaded host can take minutes (the other scenarios allow
        # 180 s to the first frame, then 60 s for the agent).
        try:
            m.connect_agent(240)
        except RuntimeError as error:
            return f"{error}\n--- console:\n{open(m.serial_log, errors='replace').read()[-1500:]}"
        # The setting-up itself: vgem is card0, virtio_gpu not loaded, so a kiosk that took
        # card0 as it did before would fail there ("no dumb buffers") and restart in a loop.
        rc, out = m.sh("ls /dev/dri; ls -d /sys/module/vgem; ! ls -d /sys/module/virtio_gpu 2>/dev/null")
        if rc != 0 or "card0" not in out.split() or "card1" in out.split():
            return f"expected vgem as the only card (card0) and no virtio_gpu: {out}"
        if not wait_until(lambda: SKIPPED in journal(), 90, 0.5):
            return failure(f"no '{SKIPPED}' in the journal 90 s into the boot")
        # Still starting (Type=notify: READY=1 comes with the first frame), never restarted.
        state = m.sh(f"systemctl is-active {UNIT}")[1]
        if state != "activating":
            return failure(f"{UNIT} is {state!r} while it waits for a card, expected 'activating'")
        if m.show(UNIT, "NRestarts") != "0":
            return failure(f"{UNIT} restarted while no card had connectors")
        log(f"     card: {line_with(journal(), SKIPPED)}")
        return None

    def picks_card1_when_it_comes():
        rc, out = m.sh("modprobe virtio_gpu")
        if rc != 0:
            return f"modprobe virtio_gpu: {out}"
        if not wait_until(lambda: CHOSEN in journal(), 60, 0.5):
            return failure(f"no '{CHOSEN}' in the journal 60 s after modprobe virtio_gpu")
        line = line_with(journal(), CHOSEN)
        if SKIPPED not in line:
            return failure(f"the choice does not say what it skipped: {line}")
        log(f"     card: {line}")
        if not wait_until(home_on_scanout, 60, 0.5):
            return failure("the home page is not on the scanout 60 s after the card was chosen")
        if not wait_until(lambda: m.sh(f"systemctl is-active {UNIT}")[1] == "active", 30, 0.5):
            return failure(f"{UNIT} not active 30 s after the card was chosen")
        if m.show(UNIT, "NRestarts") != "0":
            return failure(f"{UNIT} restarted: the card should have been found by the first start")
        showing = line_with(journal(), "showing on")
        if "Virtual-1" not in showing:
            return failure("no 'showing on Virtual-1' in the journal")
        log(f"     card: {showing}")
        return None

    try:
        if checks.run("vm/card: no KIOSK_DRM_DEVICE, card0 render-only (vgem): kiosk-shell-drm skips it and waits, no restart",
                      waits_past_render_only_card0):
            checks.run("vm/card: modprobe virtio_gpu -> card1 is chosen, the line says why, the home page on its scanout",
                       picks_card1_when_it_comes)
    finally:
        m.stop()
        log(f"     card: scenario took {time.monotonic() - started:.0f} s (one boot)")


def line_with(text, part):
    """The last line of TEXT containing PART, without the journal's time and process prefix."""
    lines = [line for line in text.splitlines() if part in line]
    if not lines:
        return ""
    line = lines[-1]
    return line[line.index(": ") + 2:] if ": " in line else line

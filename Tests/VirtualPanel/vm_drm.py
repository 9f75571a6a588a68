"""The DRM scenario of the virtual panel: kiosk-shell-drm.service on an image with no compositor.

The image is the installed rootfs with every compositor package purged (an overlay over it, so
the cached rootfs and the other scenarios' image stay as they are). Checks: power-on to the home
page on the scanout, a uinput swipe turns the cube and a tap opens a row (libinput, the only
input), a VT switch away and back restores the picture, the display unplugged and plugged again
(sysfs connector status), kill -9 restarts on the saved page, and stopping the unit gives the
console back. Boot-to-first-frame and RSS are compared with cage + kiosk by vm.py.
"""
import os
import re
import subprocess
import time

from panel import HEIGHT, WIDTH, kiosk_image, log, wait_until
from touchscreen import Touchscreen

COMPOSITORS = ["cage", "weston", "xwayland", "sway"]
CONNECTOR = "/sys/class/drm/card0-Virtual-1/status"
# The PIN pad's key centres on the 800x600 panel: its 420 px card centred at the bottom, keys in
# rows of 64 px (EntryOverlay; Tests/KioskAppTests/Golden/locked-page-wrong-pin.png at 800x480,
# 120 px higher there).
PIN_KEYS = {"7": (276, 288), "8": (400, 288), "9": (524, 288),
            "4": (276, 352), "5": (400, 352), "6": (524, 352),
            "1": (276, 416), "2": (400, 416), "3": (524, 416),
            "Cancel": (276, 480), "0": (400, 480), "OK": (400, 544)}


def compositor_free_rootfs(merged, work):
    """An overlay over MERGED (the installed image) with the compositors purged; returns its path
    and an unmount function."""
    upper, scratch, root = (os.path.join(work, n) for n in ("drm-upper", "drm-overlay-work", "rootfs-drm"))
    for d in (upper, scratch, root):
        os.makedirs(d, exist_ok=True)
    subprocess.run(["mount", "-t", "overlay", "overlay", "-o", f"lowerdir={merged},upperdir={upper},workdir={scratch}", root],
                   check=True)

    def unmount():
        subprocess.run(["umount", root], check=False)
        subprocess.run(["rm", "-rf", upper, scratch], check=False)

    installed = subprocess.run(
        ["systemd-nspawn", "-q", "-D", root, "--register=no", "--keep-unit", "--pipe", "dpkg-query", "-W", "-f", "${Package} ${Status}\\n", *COMPOSITORS],
        capture_output=True, text=True).stdout
    present = [line.split()[0] for line in installed.splitlines() if line.endswith("installed") and "not-installed" not in line]
    if present:
        done = subprocess.run(["systemd-nspawn", "-q", "-D", root, "--register=no", "--keep-unit", "--pipe", "dpkg", "--purge", *present],
                              capture_output=True, text=True)
        if done.returncode != 0:
            unmount()
            raise RuntimeError(f"dpkg --purge {' '.join(present)}: {done.stdout[-800:]}{done.stderr[-800:]}")
    log(f"     drm: image without a compositor (purged: {', '.join(present) or 'nothing'})")
    return root, unmount


def rss_kib(machine, names):
    """Summed VmRSS (KiB) of the processes named NAMES (exact names) in the guest."""
    total = 0
    for name in names:
        rc, out = machine.sh(f"for p in $(pgrep -x {name}); do awk '/^VmRSS:/ {{ print $2 }}' /proc/$p/status; done")
        values = [int(v) for v in out.split()] if rc == 0 else []
        if not values:
            raise RuntimeError(f"no running process named {name}")
        total += sum(values)
    return total


def drm_checks(checks, p, helpers):
    """HELPERS: vm.py's turn_after_plug, open_list_row, DRAG, TO_LIST_ROW, TURN."""
    m = p.machine
    unit = "kiosk-shell-drm.service"
    kiosk_pid = lambda: m.show(unit, "MainPID")  # noqa: E731
    first = Touchscreen(m, "touch1")

    def no_compositor():
        rc, out = m.sh("dpkg-query -W -f '${Package} ${Status}\\n' " + " ".join(COMPOSITORS) + " 2>/dev/null | grep ' installed$'; "
                       "ls /usr/bin/cage /usr/bin/weston /usr/bin/Xwayland 2>/dev/null")
        if out:
            return f"compositor packages or binaries in the image: {out}"
        journal = m.journal(unit, 60)
        if "showing on Virtual-1" not in journal or "libseat" not in journal:
            return p.failure("the journal does not say the DRM output was set up through libseat")
        return None

    def first_try_at_boot():
        # Started before udev had made /dev/dri/card0, the kiosk exited ("libseat: cannot open
        # /dev/dri/card0") and came up only on a restart: the unit waits for the card now.
        restarts = m.show(unit, "NRestarts")
        if restarts != "0":
            return p.failure(f"{unit} restarted {restarts} times during the boot")
        return None

    def language_picker():
        # The demo's home face has a language picker at its top (Config/pages/status.toml): a tap
        # on "Deutsch" shows every text of the face in German, laid out again as `render
        # --language de` draws it; "English" brings the English face back. The kiosk says so.
        first.plug(kiosk_pid())
        first.send("tap 586 60")
        failed = p.wait_screen(None, "german", 20, language="de")
        if failed:
            return p.failure(failed)
        if "language: de" not in m.journal(unit, 30):
            return p.failure("no 'language: de' in the journal after the tap on Deutsch")
        first.send("tap 213 60")
        failed = p.wait_screen(None, "english", 20)
        return p.failure(failed) if failed else None

    def swipe_then_row():
        failed = helpers["turn_after_plug"](p, first, kiosk_pid())
        if failed:
            return failed
        first.send(helpers["DRAG"])
        return p.wait_status("explore|menu") or helpers["open_list_row"](p, first)

    def crtc_active():
        """The CRTC's ACTIVE as the kernel reports it (debugfs atomic state: 'active=0|1')."""
        rc, out = m.sh("mountpoint -q /sys/kernel/debug || mount -t debugfs none /sys/kernel/debug; "
                       "grep -m1 -o 'active=[01]' /sys/kernel/debug/dri/0/state")
        return out.strip() if rc == 0 else f"unreadable: {out}"

    def schedule_off_and_wake():
        # A row holding all day with display = "off": the kiosk reloads, the CRTC goes inactive
        # (not just a black frame); a tap lights it with the same page, pressing nothing. It
        # names today's date, so that it outranks every row of the demo whatever the day (a
        # one-off date beats a period and weekdays; of two dated rows the later wins).
        toml = "/etc/kiosk-shell/kiosk.toml"
        rc, out = m.sh(f"cp {toml} /run/kiosk.toml.before && "
                       f"printf '\\n[[schedule]]\\ndates = [\"%s\"]\\ndisplay = \"off\"\\n' \"$(date +%F)\" >>{toml}")
        if rc != 0:
            return f"appending the schedule row: {out}"
        try:
            if not wait_until(lambda: crtc_active() == "active=0", 20, 0.3):
                return p.failure(f"the CRTC is not inactive 20 s after display = \"off\" ({crtc_active()})")
            if "display off (CRTC ACTIVE=0)" not in m.journal(unit, 40):
                return p.failure("no 'display off (CRTC ACTIVE=0)' in the journal")
            first.send("tap 600 400")  # guest/touch.py: space-separated, not the action script's X,Y
            if not wait_until(lambda: crtc_active() == "active=1", 10, 0.1):
                return p.failure(f"a tap did not activate the CRTC within 10 s ({crtc_active()})")
            if "woken by" not in m.journal(unit, 40):
                return p.failure("no 'woken by' in the journal after the tap")
            # The tap pressed nothing: the page is the one shown before the display went off.
            failed = p.wait_screen(helpers["TO_LIST_ROW"], "woken", 20)
            if failed:
                return p.failure(failed)
        finally:
            m.sh(f"cp /run/kiosk.toml.before {toml}")
        return None

    def scanout_dark():
        """The glass as the host sees it (QMP screendump) is black: its mean colour is 000000-
        101010. A scanout that cannot be read counts as not dark."""
        shot = os.path.join(m.work, f"{m.name}-evening-off.ppm")
        try:
            m.screendump(shot)
        except RuntimeError:
            return False
        rc, mean = kiosk_image("mean", shot, "0", "0", str(WIDTH), str(HEIGHT))
        return rc == 0 and all(int(mean[i:i + 2], 16) <= 0x10 for i in (0, 2, 4))

    def evening_shifted_clock():
        # The guest's wall clock is set to 17:59:57 today (as an NTP step or a wrong RTC would
        # set it; the monotonic clock runs on), then two rows dated today are appended: dim
        # 18:00-18:01, off 18:01-23:00, and the wake window is cut to 6 s. Through the evening:
        # the schedule dims at 18:00 with the CRTC still active, at 18:01 the CRTC goes inactive
        # and the scanout is dark, a uinput tap lights the same page without pressing anything,
        # and 6 s after the tap the schedule's off comes back. The clock and config are restored.
        toml = "/etc/kiosk-shell/kiosk.toml"
        rc, out = m.sh("date +%s.%N; cut -d' ' -f1 /proc/uptime")
        if rc != 0:
            return f"reading the guest's clocks: {out}"
        wall, uptime = (float(v) for v in out.split())
        rc, out = m.sh(f"cp {toml} /run/kiosk.toml.evening && date -s \"$(date +%F) 17:59:57\" && "
                       f"sed -i 's/^# wake_for = 120$/wake_for = 6/' {toml} && grep -q '^wake_for = 6$' {toml} && "
                       f"printf '\\n[[schedule]]\\ndates = [\"%s\"]\\nfrom = \"18:00\"\\nto = \"18:01\"\\n"
                       f"display = \"dim\"\\nbrightness = 30\\n\\n[[schedule]]\\ndates = [\"%s\"]\\n"
                       f"from = \"18:01\"\\nto = \"23:00\"\\ndisplay = \"off\"\\n' \"$(date +%F)\" \"$(date +%F)\" >>{toml}")
        if rc != 0:
            return f"shifting the clock and appending the evening rows: {out}"
        try:
            def logged(text):
                return text in m.journal(unit, 60)
            if not wait_until(lambda: logged("schedule: display dim, backlight 30 %"), 30, 0.5):
                return p.failure("no 'schedule: display dim, backlight 30 %' in the journal by 18:00:27 of the shifted clock")
            if crtc_active() != "active=1":
                return p.failure(f"the CRTC is not active while dimmed ({crtc_active()})")
            if not wait_until(lambda: crtc_active() == "active=0", 75, 0.5):
                return p.failure(f"the CRTC is not inactive by 18:01:15 of the shifted clock ({crtc_active()})")
            if not wait_until(scanout_dark, 10, 0.5):
                return p.failure("the scanout is not dark with the CRTC inactive")
            first.send("tap 600 400")
            if not wait_until(lambda: crtc_active() == "active=1", 10, 0.1):
                return p.failure(f"a tap did not activate the CRTC within 10 s ({crtc_active()})")
            failed = p.wait_screen(helpers["TO_LIST_ROW"], "evening-woken", 5)
            if failed:
                return p.failure(failed)
            # The wake's latency ends at the page flip that lit the glass (DRM reports every one).
            woke = wait_until(lambda: re.search(r"display: woke in (\d+) ms \(touch → first lit frame\), as the output reported it shown",
                                                m.journal(unit, 30)), 5, 0.5)
            if not woke:
                return p.failure("no 'display: woke in N ms …, as the output reported it shown' after the tap")
            log(f"     evening: woke in {woke.group(1)} ms (uinput tap to the page flip that lit the glass)")
            if not wait_until(lambda: crtc_active() == "active=0", 20, 0.3):
                return p.failure(f"the schedule's off did not come back 20 s after the tap ({crtc_active()})")
        finally:
            rc, now = m.sh("cut -d' ' -f1 /proc/uptime")
            restored = wall + (float(now) - uptime if rc == 0 else 0)
            m.sh(f"cp /run/kiosk.toml.evening {toml} && date -s @{restored:.3f}")
        if not wait_until(lambda: crtc_active() == "active=1", 30, 0.3):
            return p.failure(f"the CRTC is not active again 30 s after the clock and config were restored ({crtc_active()})")
        return p.wait_screen(helpers["TO_LIST_ROW"], "evening-restored", 20)

    def uinput_keyboard(names, body):
        """Plugs in a uinput keyboard with keys NAMES (evdev names, as `keys` in BODY), waits
        for libinput to add it, runs BODY (Python in the guest, `ui` the device) and unplugs it.
        Returns None, or why it failed."""
        typed = ("import time, evdev; from evdev import ecodes as e; "
                 f"keys = [getattr(e, n) for n in {names!r}]; ".replace("'", '"') +
                 "ui = evdev.UInput({e.EV_KEY: sorted(set(keys))}, name=\"vpanel-keyboard\"); time.sleep(3); "
                 f"{body}; time.sleep(1); ui.close()")
        rc, out = m.sh(f"python3 -c '{typed}'", timeout=30)
        return f"the uinput keyboard failed: {out}" if rc != 0 else None

    def ctrl_alt_f2_stays():
        # A uinput keyboard types Ctrl+Alt+F2: the kernel's console keyboard is off on tty1
        # (seatd's K_OFF; kiosk-shell's own with the direct-open fallback) and kiosk-shell does
        # not switch without [display] vt_switching = true, so tty1 stays in front.
        pid = kiosk_pid()
        failed = uinput_keyboard(["KEY_LEFTCTRL", "KEY_LEFTALT", "KEY_F2"],
                                 "[(ui.write(e.EV_KEY, k, 1), ui.syn()) for k in keys]; time.sleep(0.2); "
                                 "[(ui.write(e.EV_KEY, k, 0), ui.syn()) for k in reversed(keys)]")
        if failed:
            return failed
        time.sleep(1)
        active = m.sh("cat /sys/class/tty/tty0/active")[1]
        if active != "tty1":
            m.sh("chvt 1")
            return p.failure(f"Ctrl+Alt+F2 from a uinput keyboard switched the console to {active}")
        if "seat disabled" in m.journal(unit, 10) or kiosk_pid() != pid:
            return p.failure("the kiosk lost its seat or restarted after Ctrl+Alt+F2")
        return None

    def vt_switch():
        pid = kiosk_pid()
        rc, out = m.sh("chvt 2")
        if rc != 0:
            return f"chvt 2: {out}"
        if not wait_until(lambda: m.sh("cat /sys/class/tty/tty0/active")[1] == "tty2", 10, 0.2):
            return "the VT did not switch to tty2 within 10 s"
        if not wait_until(lambda: "seat disabled" in m.journal(unit, 30), 10, 0.3):
            return p.failure("no 'seat disabled' in the journal 10 s after chvt 2")
        away = p.screen_matches(helpers["TO_LIST_ROW"], "vt-away")
        log(f"     drm: on tty2 the scanout {'still shows the kiosk' if away else 'shows the console'}")
        m.sh("chvt 1")
        failed = p.wait_screen(helpers["TO_LIST_ROW"], "vt-back", 30)
        if failed:
            return p.failure(failed)
        if kiosk_pid() != pid:
            return f"kiosk-shell restarted across the VT switch ({pid} -> {kiosk_pid()})"
        if "seat enabled again" not in m.journal(unit, 30):
            return p.failure("no 'seat enabled again' in the journal")
        # Touch works again after the switch (libinput resumed): back out of the row.
        return None

    # Forcing the connector's status does not make this kernel (6.1) send the HOTPLUG uevent a
    # real unplug sends, so the test sends the card's "change" uevent itself (udevadm trigger).
    def replug_display():
        rc, out = m.sh(f"echo off >{CONNECTOR} && udevadm trigger --action=change /sys/class/drm/card0")
        if rc != 0:
            return f"echo off >{CONNECTOR}: {out}"
        try:
            if not wait_until(lambda: "waiting for a display" in m.journal(unit, 30), 15, 0.3):
                return p.failure("no 'waiting for a display' 15 s after the connector went off")
        finally:
            m.sh(f"echo detect >{CONNECTOR} && udevadm trigger --action=change /sys/class/drm/card0")
        if not wait_until(lambda: "setting up the output again" in m.journal(unit, 30), 15, 0.3):
            return p.failure("no 'setting up the output again' 15 s after the connector came back")
        failed = p.wait_screen(helpers["TO_LIST_ROW"], "replugged", 30)
        return p.failure(failed) if failed else None

    def kill_restart():
        before = int(m.show(unit, "NRestarts"))
        m.sh(f"kill -9 {kiosk_pid()}")
        back = wait_until(lambda: int(m.show(unit, "NRestarts")) > before and
                          m.sh(f"systemctl is-active {unit}")[1] == "active", 30, 0.3)
        if not back:
            return p.failure(f"kill -9: {unit} not active again within 30 s")
        return p.wait_status("tour-mill") or p.wait_screen(helpers["TO_LIST_ROW"], "after-kill", 30)

    def legacy_api():
        # virtio-gpu offers atomic; KIOSK_DRM_LEGACY=1 makes the same binary use drmModeSetCrtc.
        rc, out = m.sh("mkdir -p /run/systemd/system/kiosk-shell-drm.service.d && "
                       "printf '[Service]\\nEnvironment=KIOSK_DRM_LEGACY=1\\n' >/run/systemd/system/kiosk-shell-drm.service.d/legacy.conf && "
                       f"systemctl daemon-reload && systemctl restart {unit}")
        if rc != 0:
            return f"restart with KIOSK_DRM_LEGACY=1: {out}"
        if not wait_until(lambda: "(legacy mode setting" in m.journal(unit, 40), 30, 0.5):
            return p.failure("no 'legacy mode setting' in the journal 30 s after the restart")
        return p.wait_status("tour-mill") or p.wait_screen(helpers["TO_LIST_ROW"], "legacy", 30)

    def legacy_page_flips():
        # An animation under the legacy API: every frame after the mode set is a drmModePageFlip
        # whose event frees the next buffer, so the cube reaching the turned face means flips work.
        rc, out = m.sh(f"systemctl stop {unit} && rm -f /var/lib/kiosk-shell/navigation && systemctl start {unit}")
        if rc != 0:
            return f"restart from home under KIOSK_DRM_LEGACY=1: {out}"
        failed = p.wait_status("status", 30)
        if failed:
            return failed
        first.wait_open(kiosk_pid())  # libinput opens the devices once READY=1 is out
        first.send(helpers["DRAG"])
        return p.wait_status("highlight") or p.wait_screen(helpers["TURN"], "legacy-turned", 30)

    def locked_settings_open_with_pin():
        # The demo's settings page is locked (Config/pages/settings.toml, PIN 2468): a tap on its
        # tile brings up kiosk-shell's own PIN pad, drawn by the kiosk with no compositor; a wrong
        # PIN is refused and the page stays shut, the right one (typed) opens it. From "highlight" (where
        # the legacy page-flip check leaves the cube), one more turn shows the Explore tiles.
        first.send(helpers["DRAG"])
        failed = p.wait_status("explore|menu")
        if failed:
            return failed
        first.send("tap 213 480")  # "Panel settings"
        if not wait_until(lambda: "settings: locked, asking for its PIN" in m.journal(unit, 20), 10, 0.3):
            return p.failure("no PIN pad 10 s after the tap on the Panel settings tile")
        for key in "1111":
            first.send("tap %d %d" % PIN_KEYS[key])
        first.send("tap %d %d" % PIN_KEYS["OK"])
        if not wait_until(lambda: "settings: Wrong PIN" in m.journal(unit, 20), 10, 0.3):
            return p.failure("1111 and OK on the pad: no 'Wrong PIN' in the journal")
        if "settings" in p.status():
            return p.failure(f"a wrong PIN opened the settings page ({p.status()!r})")
        time.sleep(1.5)  # the wait a first wrong PIN earns (PINBackoff: 1 s)
        # The right PIN from a keyboard (a uinput one through libinput and xkb): a physical
        # keyboard types into the pad as the taps do, Enter is OK.
        failed = uinput_keyboard(["KEY_2", "KEY_4", "KEY_6", "KEY_8", "KEY_ENTER"],
                                 "[(ui.write(e.EV_KEY, k, 1), ui.syn(), ui.write(e.EV_KEY, k, 0), ui.syn(), time.sleep(0.1)) for k in keys]")
        if failed:
            return failed
        if not wait_until(lambda: "page settings: unlocked" in m.journal(unit, 20), 10, 0.3):
            return p.failure("2468 and Enter on a uinput keyboard: no 'page settings: unlocked' in the journal")
        if not wait_until(lambda: "settings" in p.status(), 15, 0.3):
            return p.failure(f"the right PIN did not open the settings page ({p.status()!r})")
        # On screen: the settings page as `render` draws it (render opens it without asking).
        failed = p.wait_screen(f"{helpers['TURN']}; {helpers['TURN']}; tap 213,480; wait 1s", "unlocked", 30)
        return p.failure(failed) if failed else None

    def stop_restores_console():
        m.sh(f"systemctl stop {unit}")
        mode = wait_until(lambda: m.sh("kbdinfo -C /dev/tty1 getmode")[1] == "text" and "text", 10, 0.3)
        if not mode:
            return f"tty1 is in {m.sh('kbdinfo -C /dev/tty1 getmode')[1]} mode 10 s after the stop, expected text"
        if not wait_until(lambda: p.screen_matches(helpers["TURN"], "stopped") is False, 10, 0.5):
            return "the scanout still shows the kiosk 10 s after the unit stopped"
        return None

    checks.run("vm/drm: no compositor package in the image; the DRM output is set up through libseat", no_compositor)
    checks.run("vm/drm: kiosk-shell-drm came up at boot without a restart (it waits for the card)", first_try_at_boot)
    checks.run("vm/drm: a tap on the home face's Deutsch shows it in German, English brings it back (no compositor)", language_picker)
    checks.run("vm/drm: a uinput swipe turns the cube, a tap opens a list row (libinput, no compositor)", swipe_then_row)
    checks.run("vm/drm: display = \"off\" by the schedule makes the CRTC inactive; a tap wakes it on the same page", schedule_off_and_wake)
    checks.run("vm/drm: an evening on a shifted clock: dim at 18:00, CRTC inactive and a dark scanout at 18:01, a tap wakes the same page, off again after wake_for", evening_shifted_clock)
    checks.run("vm/drm: Ctrl+Alt+F2 from a uinput keyboard leaves tty1 in front (no VT switch)", ctrl_alt_f2_stays)
    checks.run("vm/drm: a VT switch away (chvt 2) and back restores the picture, same process", vt_switch)
    checks.run("vm/drm: the display unplugged and plugged again (connector status) shows the page again", replug_display)
    checks.run("vm/drm: kill -9 -> kiosk-shell-drm restarts on the saved page", kill_restart)
    checks.run("vm/drm: the legacy KMS API (no atomic) shows the saved page too", legacy_api)
    checks.run("vm/drm: legacy page flips: a uinput swipe turns the cube under the legacy API", legacy_page_flips)
    checks.run("vm/drm: the locked settings page: its PIN pad (no compositor) refuses 1111 tapped and opens with 2468 typed on a uinput keyboard", locked_settings_open_with_pin)
    checks.run("vm/drm: stopping the unit gives tty1 back to the text console", stop_restores_console)

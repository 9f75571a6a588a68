"""Runs vm.py's scenarios and checks on another image (Debian 13, arm64) under another label.

vm.py is a script that reads ROOTFS WORK TALLY from sys.argv at import and names its checks
"vm/<scenario>: ...". The Debian 13 panels call the same code (the same checks on another
release are the point) without editing vm.py: its Checks and report are replaced here, before
its main() runs, by ones that put the panel's label in every check name and summary line, so a
tally line says which panel failed. vm.py and vm_drm.py stay as they are for the Debian 12 panel.
"""
import os
import subprocess

import vm
import vm_card_select
from boot_timing import report as boot_report
from panel import ROOT, Checks


def render_in_image(rootfs):
    """A `render` (panel.render's signature) that runs `kiosk-shell render` inside ROOTFS, the
    panel's own image (systemd-nspawn; the repository bound at its own path, so every path is the
    same inside). Debian 13's pango/cairo/freetype place text differently from Debian 12's by up
    to a pixel (pango 1.50 -> 1.56, cairo 1.16 -> 1.18, harfbuzz 6 -> 10.2): the host's (Debian 12) render differed from the trixie scanout in 2.5 % of the
    pixels, all at glyph edges. The reference comes from the release the panel runs; the arm64
    panel's from the amd64 trixie image, so its comparison is arm64 against amd64 alone."""

    def render(config, out, actions=None, size="800x600", page="home", language=None):
        command = ["systemd-nspawn", "-q", "-D", rootfs, "--register=no", "--keep-unit", "--pipe",
                   f"--bind={ROOT}", "--setenv=TZ=UTC",  # the panel's clock is UTC
                   "/usr/bin/kiosk-shell", "render", "--config", config, "--page", page, "--size", size, "--out", out]
        if actions:
            command += ["--actions", actions]
        if language:
            command += ["--language", language]
        done = subprocess.run(command, capture_output=True, text=True)
        if done.returncode != 0 or not os.path.exists(out):
            raise RuntimeError(f"render in {rootfs} failed: {done.stdout[-400:]}{done.stderr[-400:]}")
        return out

    return render


def relabel(label, slow=1, reference_rootfs=None):
    """Makes vm.py's checks and boot summaries say LABEL (e.g. "debian13-amd64"), and multiplies
    the deadlines of its screen and status waits (power-on to the home page: 180 s) by SLOW: a
    slower emulated machine gets more time, and a passing wait returns as soon as it sees its
    condition, so only a failure takes longer. REFERENCE_ROOTFS: where `kiosk-shell render` runs
    (render_in_image)."""

    class SlowPanel(vm.Panel):
        def wait_screen(self, actions, label, timeout, language=None):
            return super().wait_screen(actions, label, timeout * slow, language)

        def wait_status(self, page, timeout=15):
            return super().wait_status(page, timeout * slow)

    class LabelledChecks(Checks):
        def run(self, name, function, *args):
            if name.startswith("vm/"):
                name = f"vm-{label}/" + name[3:]
            return super().run(name, function, *args)

    def labelled_report(boots):
        return boot_report({f"{label} {name}": records for name, records in boots.items()})

    vm.Checks = LabelledChecks
    vm.report = labelled_report
    vm.Panel = SlowPanel
    if reference_rootfs:
        vm.render = render_in_image(reference_rootfs)
        # vm_card_select took panel.render by name at import: its references come from here too.
        vm_card_select.render = vm.render
    return LabelledChecks

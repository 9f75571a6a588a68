"""Runs vm.py's scenarios and checks on another image (Debian 13, arm64) under another label.

vm.py is a script that reads ROOTFS WORK TALLY from sys.argv at import and names its checks
"vm/<scenario>: ...". The Debian 13 panels call the same code (the same checks on another
release are the point) without editing vm.py: its Checks and report are replaced here, before
its main() runs, by ones that put the panel's label in every check name and summary line, so a
tally line says which panel failed. vm.py and vm_drm.py stay as they are for the Debian 12 panel.
"""
import vm
from boot_timing import report as boot_report
from panel import Checks


def relabel(label, slow=1):
    """Makes vm.py's checks and boot summaries say LABEL (e.g. "debian13-amd64"), and multiplies
    the deadlines of its screen and status waits (power-on to the home page: 180 s) by SLOW: a
    slower emulated machine gets more time, and a passing wait returns as soon as it sees its
    condition, so only a failure takes longer."""

    class SlowPanel(vm.Panel):
        def wait_screen(self, actions, label, timeout):
            return super().wait_screen(actions, label, timeout * slow)

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
    return LabelledChecks

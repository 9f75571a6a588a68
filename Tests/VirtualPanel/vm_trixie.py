"""The Debian 13 (trixie) amd64 virtual panel: vm.py's three scenarios on a trixie image.

    vm_trixie.py ROOTFS WORK TALLY

ROOTFS is the trixie image with the package installed (run.sh: apt install ./kiosk-shell_….deb).
The same power-on boots and checks as Debian 12 (vm.py: drm with the compositors purged,
cage@tty1, weston.socket + weston.service + kiosk-shell.service), against trixie's systemd 257,
cage 0.2 (wlroots 0.18), weston 14, seatd 0.9 and kernel 6.12. Lean: one boot per scenario
(VPANEL_BOOTS=1, no timing boots: the DRM/cage comparison is Debian 12's). Each boot prints
boot-to-first-frame and resident memory; check names start with "vm-debian13-amd64/".
"""
import vm
from machine import Machine
from variant import relabel


class SingleThreadMachine(Machine):
    """qemu's TCG with one host thread for both vCPUs (thread=single). trixie's kernel 6.12 under
    multi-threaded TCG (qemu 7.2, -cpu max -smp 2) died at boot 10 s in: "Oops: int3" in
    sched_clock_cpu while the kernel patched a static branch with int3 (text_poke_bp) and the
    other vCPU ran the half-patched code, then "Kernel panic - not syncing: Fatal exception in
    interrupt" and no display. One thread executes the vCPUs in turn, so no vCPU can see a
    half-patched instruction; same guest (2 CPUs), somewhat slower."""

    def __init__(self, *args):
        super().__init__(*args)
        self.command = [a.replace("tcg,thread=multi", "tcg,thread=single") for a in self.command]

    def sh(self, command, timeout=30):
        # One host thread for the guest on a loaded 2-core host: a `systemd-analyze
        # critical-chain` right after boot took over 30 s.
        return super().sh(command, timeout * 3)


# thread=single and a loaded 2-core host: twice vm.py's deadlines.
# The references are rendered in this image (trixie's pango and cairo), not on the Debian 12 host.
relabel("debian13-amd64", slow=2, reference_rootfs=vm.ROOTFS)
vm.Machine = SingleThreadMachine  # vm.Panel makes its machine through this name
vm.BOOTS = 1  # no timing boots (vm.timing_boots reads it when called)

if __name__ == "__main__":
    vm.main()

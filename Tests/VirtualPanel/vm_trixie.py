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
from variant import relabel

relabel("debian13-amd64")
vm.BOOTS = 1  # no timing boots (vm.timing_boots reads it when called)

if __name__ == "__main__":
    vm.main()

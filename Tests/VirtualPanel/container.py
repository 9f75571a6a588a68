"""The container half of the virtual panel: the installed package's units on a real systemd.

    container.py ROOTFS WORK TALLY

ROOTFS has kiosk-shell's .deb installed and weston.socket, weston.service and kiosk-shell.service
enabled, as a technician leaves it. systemd-nspawn boots it (systemd 252 as PID 1, logind, PAM,
the notify socket, the watchdog, the units' hardening); there is no display or kernel input in a
container, so a drop-in (container-weston.conf) puts weston on its headless backend with the e2e
harness's input module, which gives kiosk-shell a touch seat and takes screenshots.
"""
import os
import shutil
import signal
import subprocess
import sys
import time

from container_checks import register_checks
from panel import HERE, Checks, log, wait_until

ROOTFS, WORK, TALLY = sys.argv[1:4]
SHARED = os.path.join(WORK, "container-shared")   # /vpanel inside: the input FIFO, captures
FIFO = "/vpanel/weston-input"


class Container:
    def __init__(self):
        self.process = None
        self.leader = None

    def boot(self):
        shutil.rmtree(SHARED, ignore_errors=True)
        os.makedirs(SHARED)
        os.chmod(SHARED, 0o1777)
        dropins = os.path.join(WORK, "container-weston.service.d")
        os.makedirs(dropins, exist_ok=True)
        shutil.copy(os.path.join(HERE, "container-weston.conf"), dropins)
        command = [
            "systemd-nspawn", "-q", "-D", ROOTFS, "-b", "--volatile=overlay",
            # No systemd on the host to register with or to put the container in a scope of.
            "--register=no", "--keep-unit", "--console=passive",
            f"--bind={SHARED}:/vpanel",
            f"--bind-ro={dropins}:/etc/systemd/system/weston.service.d",
            f"--bind-ro={os.environ['VPANEL_TOOLS']}/kiosk-test-input.so:/usr/local/lib/vpanel/kiosk-test-input.so",
        ]
        self.log_file = open(os.path.join(WORK, "container-console.log"), "w")
        self.process = subprocess.Popen(command, stdin=subprocess.DEVNULL, stdout=self.log_file,
                                        stderr=subprocess.STDOUT, start_new_session=True)
        self.leader = wait_until(self.find_leader, 20)
        if not self.leader:
            return "no container PID 1 within 20 s"
        state = wait_until(lambda: self.system_state() in ("running", "degraded") and self.system_state(), 60, 0.2)
        if not state:
            return f"systemd in the container did not finish booting within 60 s: {self.system_state()}\n{self.journal()}"
        if state != "running":
            return f"system is {state}:\n" + self.sh("systemctl --failed --no-legend")[1]
        return None

    def find_leader(self):
        children = subprocess.run(["pgrep", "-P", str(self.process.pid)], capture_output=True, text=True).stdout.split()
        for pid in children:
            try:
                with open(f"/proc/{pid}/comm") as comm:
                    if comm.read().strip() == "systemd":
                        return pid
            except OSError:
                pass
        return None

    def sh(self, command, timeout=30):
        """Runs a shell command in all of the container's namespaces: (status, output)."""
        done = subprocess.run(["nsenter", "-t", self.leader, "-a", "/bin/sh", "-c", command],
                              capture_output=True, text=True, timeout=timeout,
                              env={"PATH": "/usr/sbin:/usr/bin:/sbin:/bin", "LANG": "C.UTF-8"})
        return done.returncode, (done.stdout + done.stderr).strip()

    def system_state(self):
        return self.sh("systemctl is-system-running 2>/dev/null")[1]

    def show(self, unit, prop):
        return self.sh(f"systemctl show -P {prop} {unit}")[1]

    def journal(self, unit=None, lines=30):
        which = f"-u {unit}" if unit else ""
        return self.sh(f"journalctl --no-pager -o short-monotonic -n {lines} {which}")[1]

    def stop(self):
        if not self.process:
            return
        if self.leader:
            try:
                os.kill(int(self.leader), signal.SIGRTMIN + 4)  # systemd: poweroff
            except OSError:
                pass
        try:
            self.process.wait(timeout=20)
        except subprocess.TimeoutExpired:
            os.killpg(self.process.pid, signal.SIGKILL)
            self.process.wait()


def main():
    checks = Checks(TALLY)
    container = Container()
    try:
        if not checks.run("container: boots the image with the package installed (systemd running, no failed unit)",
                          container.boot):
            log(container.journal(lines=60))
            return
        register_checks(checks, container, FIFO, SHARED)
    finally:
        container.stop()


if __name__ == "__main__":
    main()

"""A qemu virtual panel: boots the image under software emulation, talks to the guest's agent
over virtio-serial and to qemu's monitor (QMP) for screenshots of the scanout."""
import base64
import json
import os
import socket
import subprocess
import time

from panel import HEIGHT, WIDTH, wait_until


def make_image(rootfs, image, enable):
    """Enables units in ROOTFS the way a technician does (systemctl enable), then writes it into a
    raw ext4 image without loop devices (mkfs.ext4 -d) and disables them again."""
    def nspawn(*command):
        subprocess.run(["systemd-nspawn", "-q", "-D", rootfs, "--register=no", "--keep-unit", "--pipe", *command],
                       check=True, capture_output=True)
    nspawn("systemctl", "enable", *enable)
    try:
        with open(image, "wb") as f:
            f.truncate(3 << 30)
        subprocess.run(["mkfs.ext4", "-q", "-F", "-E", "root_owner=0:0", "-d", rootfs, image], check=True)
    finally:
        nspawn("systemctl", "disable", *enable)


class Machine:
    def __init__(self, rootfs, image, work, name):
        self.work, self.name = work, name
        self.qmp_path = os.path.join(work, f"{name}.qmp")
        self.agent_path = os.path.join(work, f"{name}.agent")
        self.serial_log = os.path.join(work, f"{name}-console.log")
        boot = os.path.join(rootfs, "boot")
        self.command = [
            "qemu-system-x86_64", "-machine", "q35", "-nodefaults", "-no-user-config",
            # /dev/kvm here is nested virtualisation a stock kernel does not boot on: emulate.
            "-accel", "tcg,thread=multi", "-cpu", "max", "-smp", "2", "-m", "2048",
            "-kernel", os.path.join(boot, "vmlinuz"), "-initrd", os.path.join(boot, "initrd.img"),
            "-append", "root=/dev/vda rw console=ttyS0 quiet",
            "-drive", f"file={image},format=raw,if=virtio,snapshot=on",
            # virtio-gpu: a DRM card0 wlroots and weston accept (connector Virtual-1).
            "-vga", "none", "-device", f"virtio-gpu-pci,xres={WIDTH},yres={HEIGHT}",
            "-device", "virtio-serial-pci",
            "-chardev", f"socket,id=agent,path={self.agent_path},server=on,wait=off",
            "-device", "virtserialport,chardev=agent,name=vpanel",
            "-qmp", f"unix:{self.qmp_path},server=on,wait=off",
            "-serial", f"file:{self.serial_log}", "-display", "none", "-nic", "none",
        ]
        self.process = None
        self.qmp = None
        self.agent = None
        self.pending = b""

    def start(self):
        """Powers on (again after `stop`: the image is opened snapshot=on, so from its clean state)."""
        self.pending = b""
        for path in (self.qmp_path, self.agent_path):
            if os.path.exists(path):
                os.unlink(path)
        self.log = open(os.path.join(self.work, f"{self.name}-qemu.log"), "w")
        self.process = subprocess.Popen(self.command, stdin=subprocess.DEVNULL, stdout=self.log, stderr=subprocess.STDOUT)
        self.started = time.monotonic()
        if not wait_until(lambda: os.path.exists(self.qmp_path) or self.process.poll() is not None, 20):
            raise RuntimeError("qemu made no QMP socket within 20 s")
        if self.process.poll() is not None:
            raise RuntimeError(f"qemu exited: {open(self.log.name).read()[-800:]}")
        self.qmp = socket.socket(socket.AF_UNIX)
        self.qmp.connect(self.qmp_path)
        self.qmp_file = self.qmp.makefile("rw")
        self.qmp_file.readline()  # greeting
        self.monitor("qmp_capabilities")

    def monitor(self, command, **arguments):
        self.qmp_file.write(json.dumps({"execute": command, "arguments": arguments}) + "\n")
        self.qmp_file.flush()
        while True:
            reply = json.loads(self.qmp_file.readline())
            if "return" in reply:
                return reply["return"]
            if "error" in reply:
                raise RuntimeError(f"QMP {command}: {reply['error']}")

    def screendump(self, path):
        """The scanout itself (what the panel's glass shows), as a PPM."""
        if os.path.exists(path):
            os.unlink(path)
        self.monitor("screendump", filename=path)
        return path

    def connect_agent(self, timeout):
        """Waits for the guest agent; returns the guest's uptime and the host's monotonic time at
        the same moment (to place guest times on the host's clock, within a round trip)."""
        self.agent = socket.socket(socket.AF_UNIX)
        self.agent.connect(self.agent_path)
        self.sh("true", timeout)  # the agent answers (its greeting may have been sent to nobody)
        asked = time.monotonic()
        uptime = float(self.sh("cut -d' ' -f1 /proc/uptime")[1])
        return uptime, (asked + time.monotonic()) / 2

    def read_line(self, timeout):
        deadline = time.monotonic() + timeout
        while b"\n" not in self.pending:
            left = deadline - time.monotonic()
            if left <= 0:
                return None
            self.agent.settimeout(left)
            try:
                chunk = self.agent.recv(65536)
            except socket.timeout:
                return None
            if not chunk:
                raise RuntimeError("the agent's port closed")
            self.pending += chunk
        line, self.pending = self.pending.split(b"\n", 1)
        return line.decode()

    def sh(self, command, timeout=30):
        """Runs a shell command in the guest as root: (status, output)."""
        self.agent.sendall(base64.b64encode(command.encode()) + b"\n")
        while True:
            line = self.read_line(timeout)
            if line is None:
                raise RuntimeError(f"guest command timed out after {timeout} s: {command}")
            if line.startswith("up "):
                continue  # the agent restarted; the command is lost
            status, _, payload = line.partition(" ")
            return int(status), base64.b64decode(payload).decode(errors="replace").strip()

    def show(self, unit, prop):
        return self.sh(f"systemctl show -P {prop} {unit}")[1]

    def journal(self, unit=None, lines=40):
        which = f"-u '{unit}'" if unit else ""
        return self.sh(f"journalctl --no-pager -o short-monotonic -n {lines} {which}", 60)[1]

    def stop(self):
        if self.process and self.process.poll() is None:
            try:
                self.monitor("quit")
            except (OSError, RuntimeError, ValueError):
                pass
            try:
                self.process.wait(timeout=15)
            except subprocess.TimeoutExpired:
                self.process.kill()
                self.process.wait()
        for channel in (self.agent, self.qmp):
            if channel:
                channel.close()
        self.agent = self.qmp = None

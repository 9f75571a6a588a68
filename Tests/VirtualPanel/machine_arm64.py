"""The arm64 virtual panel's machine: qemu-system-aarch64, machine `virt`, software emulation.

Everything but the qemu command is machine.py's Machine (agent over virtio-serial, QMP screendump
of the virtio-gpu scanout, snapshot=on image), so the checks cannot tell the two apart.
"""
import os

from machine import Machine
from panel import HEIGHT, WIDTH


class Arm64Machine(Machine):
    def __init__(self, rootfs, image, work, name):
        super().__init__(rootfs, image, work, name)
        boot = os.path.join(rootfs, "boot")
        self.command = [
            # virt + cortex-a53: the core of a Raspberry Pi 3 / CM3 and many i.MX8M and Rockchip
            # boards, and the oldest ARMv8 a panel runs. No firmware: qemu loads the trixie
            # kernel (a gzip'd arm64 Image) and its initrd itself, as on amd64.
            "qemu-system-aarch64", "-machine", "virt", "-nodefaults", "-no-user-config",
            "-accel", "tcg,thread=multi", "-cpu", "cortex-a53", "-smp", "2", "-m", "2048",
            "-kernel", os.path.join(boot, "vmlinuz"), "-initrd", os.path.join(boot, "initrd.img"),
            # virt's first serial port is a PL011: ttyAMA0.
            "-append", "root=/dev/vda rw console=ttyAMA0 quiet",
            "-drive", f"file={image},format=raw,if=virtio,snapshot=on",
            # virtio-gpu on virt's PCIe host bridge: the same card0 / Virtual-1 connector as amd64.
            "-device", f"virtio-gpu-pci,xres={WIDTH},yres={HEIGHT}",
            "-device", "virtio-serial-pci",
            "-chardev", f"socket,id=agent,path={self.agent_path},server=on,wait=off",
            "-device", "virtserialport,chardev=agent,name=vpanel",
            "-qmp", f"unix:{self.qmp_path},server=on,wait=off",
            "-serial", f"file:{self.serial_log}", "-display", "none", "-nic", "none",
        ]

    def sh(self, command, timeout=30):
        # Emulated arm64 (every guest command a few processes under TCG): three times machine.py's
        # deadline for one guest command.
        return super().sh(command, timeout * 3)

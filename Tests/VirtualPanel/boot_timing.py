"""Boot timing of the virtual panel: what one boot measures, and the medians over several boots.

Per boot, all in the guest's monotonic seconds (the journal's and systemd's clock) except the first
frame, which the host sees on the scanout (QMP screendump):
  first frame   kernel start to the home page on the scanout (host clock, within a poll)
  ready         kernel start to READY=1 (the unit's ActiveEnterTimestampMonotonic)
  unit start    kernel start to the display unit's start (what it waited for at boot)
  stack         the display unit's start (InactiveExitTimestampMonotonic) to READY=1
  before kiosk  the display unit's start to kiosk-shell's exec (chvt, and cage's own start)
  kiosk         kiosk-shell's exec to READY=1 (its "started in N ms" line, phases included)
  rss           VmRSS of the stack's processes at the home page
The kernel's part of a boot under emulation varies by seconds between VMs: compare medians. A unit
that starts earlier shares the CPUs and the disk with more of the boot, so its own start to READY=1
can take longer while its first frame still comes sooner.
"""
import re
import statistics

from panel import log

STARTED = re.compile(r"started in (\d+) ms: (.*)$")


def kiosk_start(machine, units):
    """kiosk-shell's own "started in N ms: phases" line from the UNITS' journal: (ms, phases) or None."""
    which = " ".join(f"-u '{unit}'" for unit in units)
    out = machine.sh(f"journalctl --no-pager -o cat {which} | grep -F 'ready: first frame on screen' | tail -n 1")[1]
    match = STARTED.search(out)
    return (int(match.group(1)), match.group(2)) if match else None


def boot_record(machine, unit, kiosk_unit, frame_at, kernel_start, rss_kib):
    """One boot's numbers (see the module's doc) for the display stack's UNIT, kiosk-shell logging to
    KIOSK_UNIT's journal; FRAME_AT and KERNEL_START on the host's clock."""
    ready = int(machine.show(unit, "ActiveEnterTimestampMonotonic")) / 1e6
    unit_start = int(machine.show(unit, "InactiveExitTimestampMonotonic")) / 1e6
    started = kiosk_start(machine, {unit, kiosk_unit})
    kiosk = started[0] / 1000 if started else None
    return {
        "first frame": frame_at - kernel_start,
        "ready": ready,
        "unit start": unit_start,
        "stack": ready - unit_start,
        "before kiosk": (ready - kiosk - unit_start) if kiosk is not None else None,
        "kiosk": kiosk,
        "rss": rss_kib / 1024,
        "phases": started[1] if started else "(no 'started in' line in the journal)",
    }


def describe(name, unit, record):
    kiosk = "?" if record["kiosk"] is None else f"{record['kiosk']:.2f}"
    before = "?" if record["before kiosk"] is None else f"{record['before kiosk']:.2f}"
    log(f"     {name}: kernel start to first frame {record['first frame']:.1f} s, to READY=1 {record['ready']:.1f} s; "
        f"{unit} started at {record['unit start']:.1f} s, start to READY=1 {record['stack']:.2f} s (to kiosk-shell's exec {before} s, kiosk-shell {kiosk} s); "
        f"resident memory {record['rss']:.1f} MiB")
    log(f"     {name}: kiosk-shell {record['phases']}")


def median(records, key):
    values = [r[key] for r in records if r[key] is not None]
    return statistics.median(values) if values else float("nan")


def report(boots):
    """BOOTS: scenario name -> list of records. Prints the medians and the DRM/cage comparison;
    returns the medians per scenario."""
    medians = {}
    for name, records in boots.items():
        m = {key: median(records, key) for key in ("first frame", "ready", "unit start", "stack", "before kiosk", "kiosk", "rss")}
        medians[name] = m
        log(f"virtual-panel: {name}: medians of {len(records)} boots: kernel start to first frame {m['first frame']:.1f} s, "
            f"to READY=1 {m['ready']:.1f} s; unit started at {m['unit start']:.1f} s, start to READY=1 {m['stack']:.2f} s "
            f"(to kiosk-shell's exec {m['before kiosk']:.2f} s, kiosk-shell exec to READY=1 {m['kiosk']:.2f} s); "
            f"resident memory {m['rss']:.1f} MiB")
    if "drm" in medians and "cage" in medians:
        drm, cage = medians["drm"], medians["cage"]
        log(f"virtual-panel: drm alone vs cage + kiosk (medians): first frame {drm['first frame']:.1f} s vs {cage['first frame']:.1f} s, "
            f"unit started at {drm['unit start']:.1f} s vs {cage['unit start']:.1f} s, "
            f"unit start to READY=1 {drm['stack']:.2f} s vs {cage['stack']:.2f} s, "
            f"resident memory {drm['rss']:.1f} MiB vs {cage['rss']:.1f} MiB")
    return medians

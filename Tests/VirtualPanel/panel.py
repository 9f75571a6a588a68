"""Shared pieces of the virtual panel test: checks and their tally, deadlines, screen comparison.

Every wait polls a condition until a deadline; nothing sleeps a fixed time to let something happen.
"""
import os
import subprocess
import sys
import time

HERE = os.path.dirname(os.path.abspath(__file__))
ROOT = os.path.abspath(os.path.join(HERE, "../.."))
WIDTH, HEIGHT = 800, 600


def log(text):
    print(text, flush=True)


class Checks:
    """Counts passed and failed checks; a failed one prints its reason and a log excerpt."""

    def __init__(self, tally_file):
        self.passed = 0
        self.failed = 0
        self.tally_file = tally_file

    def run(self, name, function, *args):
        started = time.monotonic()
        try:
            reason = function(*args)
        except Exception as error:  # a broken harness step fails the check, never the whole run
            reason = f"{type(error).__name__}: {error}"
        seconds = time.monotonic() - started
        if reason:
            self.failed += 1
            log(f"FAIL {name} ({seconds:.1f} s)")
            for line in str(reason).splitlines()[-40:]:
                log(f"     {line}")
        else:
            self.passed += 1
            log(f"ok   {name} ({seconds:.1f} s)")
        with open(self.tally_file, "a") as tally:
            tally.write(f"{'ok' if not reason else 'fail'} {name}\n")
        return not reason


def wait_until(condition, timeout, interval=0.1):
    """Polls condition() until it returns something truthy (returned) or timeout seconds pass (None)."""
    deadline = time.monotonic() + timeout
    while True:
        value = condition()
        if value:
            return value
        if time.monotonic() >= deadline:
            return None
        time.sleep(interval)


def kiosk_image(*args):
    """Runs the e2e harness's image tool (Tests/EndToEnd/image-tool.c)."""
    tool = os.path.join(os.environ["VPANEL_TOOLS"], "kiosk-image")
    done = subprocess.run([tool, *args], capture_output=True, text=True)
    return done.returncode, done.stdout.strip()


def render(config, out, actions=None, size=f"{WIDTH}x{HEIGHT}", page="home", language=None):
    """`kiosk-shell render` of PAGE after ACTIONS (in LANGUAGE): what the panel must show."""
    command = [os.environ["VPANEL_KIOSK"], "render", "--config", config, "--page", page, "--size", size, "--out", out]
    if actions:
        command += ["--actions", actions]
    if language:
        command += ["--language", language]
    # The panel's clock is UTC, and its only sans fonts are fonts-dejavu-core's Book and Bold: the
    # test fonts.conf keeps the host from picking e.g. an ExtraLight face for light text.
    fonts = os.path.join(ROOT, "Tests/Fonts/fonts.conf")
    done = subprocess.run(command, capture_output=True, text=True, env={**os.environ, "TZ": "UTC", "FONTCONFIG_FILE": fonts})
    if done.returncode != 0:
        raise RuntimeError(f"render failed: {done.stderr.strip()}")
    return out


def difference(screen, reference):
    """Share of pixels (0..1) whose largest channel difference exceeds 8, or 1.0 when sizes differ."""
    rc, out = kiosk_image("compare", screen, reference)
    if rc != 0 or not out:
        return 1.0
    different, total, _ = (int(v) for v in out.split())
    return different / max(total, 1)


# The scanout and the render may differ by a few anti-aliased edge pixels (pixman vs. cairo
# filtering of the same layers); a wrong page or face differs in far more than this.
TOLERANCE = 0.01


def die(text):
    log(text)
    sys.exit(1)

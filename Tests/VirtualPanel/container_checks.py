"""The checks run in the booted container (see container.py): READY, watchdog, restarts, reloads."""
import os
import time

from panel import log, wait_until

KIOSK = "kiosk-shell.service"


def register_checks(checks, container, fifo, shared):
    c = container
    host_fifo = os.path.join(shared, os.path.basename(fifo))
    state = {}

    def status():
        return c.show(KIOSK, "StatusText")

    def failure(text, unit=KIOSK):
        return f"{text}\n--- journal of {unit}:\n{c.journal(unit)}"

    def units_ready():
        both = wait_until(lambda: c.sh(f"systemctl is-active weston.service {KIOSK}")[1] == "active\nactive", 30)
        if not both:
            return failure(f"weston and kiosk-shell not both active within 30 s: {c.sh(f'systemctl is-active weston.service {KIOSK}')[1]!r}",
                           "weston.service") + "\n" + c.journal(KIOSK)
        # Type=notify: "active" only after systemd received READY=1 from kiosk-shell.
        # The home page is a cube; its first face is "status".
        if not wait_until(lambda: status() == 'showing page "status"', 5):
            return failure(f"StatusText {status()!r}, expected showing page \"status\"")
        started = int(c.show(KIOSK, "ExecMainStartTimestampMonotonic"))
        ready = int(c.show(KIOSK, "ActiveEnterTimestampMonotonic"))
        log(f"     kiosk-shell.service: exec to READY=1 {(ready - started) / 1e6:.2f} s")
        return None

    def touch(lines):
        descriptor = wait_until(lambda: os.path.exists(host_fifo) and os.open(host_fifo, os.O_WRONLY | os.O_NONBLOCK), 10)
        if not descriptor:
            raise RuntimeError("the weston input module's FIFO did not appear")
        for line in lines:
            os.write(descriptor, (line + "\n").encode())
            if line.startswith("touch motion"):
                time.sleep(0.016)  # pacing of the gesture (one motion a frame), not a wait for a result
        os.close(descriptor)

    def navigation():
        return c.sh("cat /var/lib/kiosk-shell/navigation")[1]

    def cube_turns():
        before = navigation()
        steps = [f"touch motion 1 {600 - 20 * i} 300" for i in range(1, 21)]
        lines = ["touch down 1 600 300", "touch frame"]
        for step in steps:
            lines += [step, "touch frame"]
        touch(lines + ["touch up 1", "touch frame"])
        if not wait_until(lambda: status() == 'showing page "highlight"', 10):
            return failure(f"a right-to-left drag did not turn the cube to \"highlight\": StatusText {status()!r}")
        saved = wait_until(lambda: navigation() not in ("", before) and navigation(), 5)
        if not saved:
            return failure(f"/var/lib/kiosk-shell/navigation not updated: {navigation()!r}")
        log(f"     saved navigation: {saved!r}")
        return None

    def restarts():
        return int(c.show(KIOSK, "NRestarts") or 0)

    def back_after(kill, expect_log, timeout):
        before, pid = restarts(), c.show(KIOSK, "MainPID")
        t0 = time.monotonic()
        c.sh(f"kill -{kill} {pid}")
        came_back = wait_until(lambda: restarts() > before and c.sh(f"systemctl is-active {KIOSK}")[1] == "active"
                               and c.show(KIOSK, "MainPID") not in ("0", pid), timeout)
        if not came_back:
            return failure(f"kill -{kill}: not restarted and active within {timeout} s (NRestarts {restarts()})")
        log(f"     kill -{kill} to active again: {time.monotonic() - t0:.1f} s")
        if expect_log and expect_log not in c.journal(KIOSK, 60):
            return failure(f"no {expect_log!r} in the journal")
        if not wait_until(lambda: status() == 'showing page "highlight"', 5):
            return failure(f"restarted on {status()!r}, not on the saved page \"highlight\"")
        if "restored the navigation saved in /var/lib/kiosk-shell/navigation" not in c.journal(KIOSK, 20):
            return failure("restart did not log the restored navigation")
        return None

    def count(text):
        return c.journal(KIOSK, 400).count(text)

    def reload_by_systemctl():
        before = count("config reload (SIGHUP)")
        rc, out = c.sh(f"systemctl reload {KIOSK}")
        if rc != 0:
            return failure(f"systemctl reload failed: {out}")
        if not wait_until(lambda: count("config reload (SIGHUP)") > before, 5):
            return failure("no 'config reload (SIGHUP)' line after systemctl reload")
        return None if c.sh(f"systemctl is-active {KIOSK}")[1] == "active" else failure("not active after the reload")

    def reload_by_edit():
        before = count("config reloaded (files changed)")
        c.sh("sed -i 's/^title = \"@status.today\"/title = \"Today (edited)\"/' /etc/kiosk-shell/pages/status.toml")
        if c.sh("grep -q 'Today (edited)' /etc/kiosk-shell/pages/status.toml")[0] != 0:
            return "the edit matched nothing: status.toml has no title = \"@status.today\" line"
        if not wait_until(lambda: count("config reloaded (files changed)") > before, 5):
            return failure("an edit of /etc/kiosk-shell/pages/status.toml was not reloaded")
        return None

    def strict_broken_config():
        c.sh("mkdir -p /run/systemd/system/kiosk-shell.service.d && printf '[Service]\\nExecStart=\\n"
             "ExecStart=/usr/bin/kiosk-shell run --strict --config /etc/kiosk-shell\\n' "
             ">/run/systemd/system/kiosk-shell.service.d/strict.conf && systemctl daemon-reload")
        c.sh("printf 'type = \"panel\"\\n[[widget]]\\ntype = \"titel\"\\n' >/etc/kiosk-shell/pages/broken.toml")
        c.sh(f"systemctl restart --no-block {KIOSK}")
        failed = wait_until(lambda: c.show(KIOSK, "ActiveState") == "failed", 15)
        if not failed:
            return failure(f"--strict with a broken page: ActiveState {c.show(KIOSK, 'ActiveState')}, expected failed")
        status_code = c.show(KIOSK, "ExecMainStatus")
        if status_code != "78":
            return failure(f"exit status {status_code}, expected 78 (EX_CONFIG)")
        before = restarts()
        # No restart loop: for 3 s (three RestartSec=1) the unit stays failed and is not restarted.
        looped = wait_until(lambda: c.show(KIOSK, "ActiveState") != "failed" or restarts() != before, 3)
        if looped:
            return failure(f"restarted after exit 78: ActiveState {c.show(KIOSK, 'ActiveState')}, NRestarts {restarts()}")
        c.sh("rm -f /etc/kiosk-shell/pages/broken.toml /run/systemd/system/kiosk-shell.service.d/strict.conf && "
             f"systemctl daemon-reload && systemctl reset-failed {KIOSK} && systemctl start {KIOSK}")
        if c.sh(f"systemctl is-active {KIOSK}")[1] != "active":
            return failure("did not start again once the config was fixed")
        return None

    def config_check():
        # docs/panels.md, step 2: the technician checks the config the package installed.
        rc, out = c.sh("kiosk-shell check --config /etc/kiosk-shell")
        return None if rc == 0 else failure(f"kiosk-shell check --config /etc/kiosk-shell: status {rc}: {out}")

    def hardening_exposure():
        rc, out = c.sh(f"systemd-analyze security --no-pager {KIOSK} | tail -n 1")
        log(f"     live: {out}")
        return None if "exposure level" in out else failure(f"systemd-analyze security: {out}")

    checks.run("container: kiosk-shell check --config /etc/kiosk-shell passes on the installed config", config_check)
    checks.run("container: weston and kiosk-shell.service active at boot; READY=1 reached systemd (StatusText: the first face of home)", units_ready)
    checks.run("container: a touch drag turns the cube; the page is saved", cube_turns)
    checks.run("container: kill -STOP -> watchdog timeout -> restart on the saved page",
               back_after, "STOP", "Watchdog timeout", 30)
    checks.run("container: kill -9 -> restart on the saved page", back_after, "KILL", None, 15)
    checks.run("container: systemctl reload reloads the config (SIGHUP)", reload_by_systemctl)
    checks.run("container: an edit of a page file reloads the config", reload_by_edit)
    checks.run("container: --strict with a broken config exits 78, not restarted; starts once fixed", strict_broken_config)
    checks.run("container: systemd-analyze security of the running unit", hardening_exposure)

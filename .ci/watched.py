#!/usr/bin/env python3
"""Runs a test command and stops it, with evidence, if it stops making progress.

    .ci/watched.py --quiet-minutes 10 -- swift test

The command's output is passed through line by line (its standard output is made line-buffered
with stdbuf, so a run that is cut still shows how far it got). When no line has come for
--quiet-minutes and the run's processes (the test process and every tool it started) have used
less than --idle-cpu-seconds of processor time in that while, the run is taken as stalled: every
thread of the test processes is backtraced with gdb (when gdb is there), then the run's processes
and the tests that started and have not ended are listed, last, where a log cut to its end still
shows them; and the command's process group is killed. The exit status is the command's, or 124
for a stall.

Why: a test process that waits forever (a lost wakeup in a library it uses) otherwise holds CI
until it is cut, with a block-buffered log that ends minutes before the stall and says nothing
about what was waiting. A quiet run that is working (the last few tests building packages for
ten minutes on a loaded machine) is not stalled: its processor time keeps growing.
"""

import argparse
import os
import re
import selectors
import shutil
import signal
import subprocess
import sys
import time

STARTED = re.compile(r"^◇ Test (?!case )(.+?) started\.$")
ENDED = re.compile(r"^[✔✘] Test (?!case )(.+?)(?: with \d+ test cases?)? (?:passed|failed) after")


def descendants(root):
    """Every process under `root`, from /proc (ppid is the fourth field of stat)."""
    children = {}
    for name in os.listdir("/proc"):
        if not name.isdigit():
            continue
        try:
            with open(f"/proc/{name}/stat") as stat:
                fields = stat.read().rsplit(")", 1)[1].split()
        except OSError:
            continue
        children.setdefault(int(fields[1]), []).append(int(name))
    found, pending = [], [root]
    while pending:
        pid = pending.pop()
        for child in children.get(pid, []):
            found.append(child)
            pending.append(child)
    return found


def command_line(pid):
    try:
        with open(f"/proc/{pid}/cmdline", "rb") as file:
            return file.read().replace(b"\0", b" ").decode(errors="replace").strip()
    except OSError:
        return ""


def process_state(pid):
    """The state letter and the processor time (user + system, its reaped children's included) in
    seconds of `pid`, or None once it is gone."""
    try:
        with open(f"/proc/{pid}/stat") as stat:
            fields = stat.read().rsplit(")", 1)[1].split()
    except OSError:
        return None
    # After the name: state is field 3; utime, stime, cutime, cstime are fields 14 to 17.
    return fields[0], sum(int(value) for value in fields[11:15]) / os.sysconf("SC_CLK_TCK")


def processor_seconds(root):
    """The processor time the run has used so far: the command and every process under it."""
    return sum(state[1] for pid in [root] + descendants(root) if (state := process_state(pid)))


def report_stall(process, running, quiet_minutes):
    say = lambda text: print(f"[watched] {text}", flush=True)
    processes = descendants(process.pid)
    test_processes = [pid for pid in processes if ".xctest" in command_line(pid) or "swiftpm-testing-helper" in command_line(pid)]
    if shutil.which("gdb"):
        for pid in test_processes:
            say(f"threads of {pid}:")
            trace = subprocess.run(
                ["gdb", "-p", str(pid), "-batch", "-ex", "thread apply all bt 30"], capture_output=True, text=True, timeout=600
            )
            for line in trace.stdout.splitlines():
                if line.startswith(("Thread ", "#")):
                    say(f"  {line[:240]}")
    else:
        say("gdb is not installed: no backtraces")
    say("processes of the run (pid, state, processor seconds, command):")
    for pid in processes:
        if state := process_state(pid):
            say(f"  {pid} {state[0]} {state[1]:.1f} {command_line(pid)[:200]}")
    say(f"tests started and not ended ({sum(running.values())}):")
    for name, count in sorted(running.items()):
        if count > 0:
            say(f"  {name}" + (f" ×{count}" if count > 1 else ""))
    say(f"no output for {quiet_minutes} minutes, the run's processes idle or past the longest quiet: stalled; stopped it")


def main():
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--quiet-minutes", type=float, default=10)
    parser.add_argument("--idle-cpu-seconds", type=float, default=5)
    parser.add_argument("command", nargs=argparse.REMAINDER)
    options = parser.parse_args()
    command = options.command[1:] if options.command[:1] == ["--"] else options.command
    if shutil.which("stdbuf"):
        command = ["stdbuf", "-oL", "-eL"] + command
    process = subprocess.Popen(command, stdout=subprocess.PIPE, stderr=subprocess.STDOUT, start_new_session=True)
    selector = selectors.DefaultSelector()
    selector.register(process.stdout, selectors.EVENT_READ)
    running = {}
    # When the quiet began; and the run's processor time, sampled half a minute into it (not on
    # every line: that reads all of /proc).
    quiet_since = cpu_sampled = time.monotonic()
    cpu_then = processor_seconds(process.pid)
    # A quiet run whose processes keep working is stopped too past this (a tool spinning forever).
    longest_quiet = options.quiet_minutes * 60 * 3
    pending = b""
    while True:
        if not selector.select(timeout=30):
            now = time.monotonic()
            if cpu_sampled < quiet_since:
                cpu_sampled, cpu_then = now, processor_seconds(process.pid)
            if now - cpu_sampled > options.quiet_minutes * 60:
                cpu_now = processor_seconds(process.pid)
                if cpu_now - cpu_then >= options.idle_cpu_seconds and now - quiet_since < longest_quiet:
                    # Quiet but working: watch the next stretch from here.
                    cpu_sampled, cpu_then = now, cpu_now
                    continue
                report_stall(process, running, round((now - quiet_since) / 60))
                os.killpg(process.pid, signal.SIGKILL)
                process.wait()
                return 124
            continue
        chunk = os.read(process.stdout.fileno(), 65536)
        if not chunk:
            break
        quiet_since = time.monotonic()
        sys.stdout.buffer.write(chunk)
        sys.stdout.buffer.flush()
        *lines, pending = (pending + chunk).split(b"\n")
        for raw in lines:
            line = raw.decode(errors="replace")
            if match := STARTED.match(line):
                running[match.group(1)] = running.get(match.group(1), 0) + 1
            elif match := ENDED.match(line):
                running[match.group(1)] = running.get(match.group(1), 0) - 1
    return process.wait()


if __name__ == "__main__":
    sys.exit(main())

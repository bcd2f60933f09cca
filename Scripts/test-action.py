#!/usr/bin/env python3
"""Run action.yml's steps as GitHub would, on this machine, without GitHub.

usage: test-action.py --workspace DIR [--input NAME=VALUE]... [--event JSON] [--temp DIR]

Each step runs as a GitHub composite action runs it: its `env:` expressions substituted from the
inputs (action.yml's defaults, overridden by --input), `github` (the event given as JSON,
action_path = this repository, workspace = DIR), `runner.temp` (--temp, kept; else a temporary
folder removed at the end) and the outputs earlier steps wrote
to $GITHUB_OUTPUT; its `run:` under `bash -e -o pipefail`, in DIR, with GITHUB_ACTION_PATH,
GITHUB_OUTPUT, GITHUB_WORKSPACE and RUNNER_TEMP set. A step's `if:` may be a conjunction of
always(), success() and comparisons of an expression with a quoted string; a step without one
runs only while every earlier step succeeded. `uses:` steps cannot run here: the SARIF upload is
replaced by validating its file against the SARIF 2.1.0 schema (Scripts/validate-json.py), and
any other action is an error. Anything else in an expression is an error too, so action.yml keeps
its logic in Scripts/action/, where this runs it.

Prints one JSON object: each step's name and status (or "skipped"), and the action's outputs.
Exits with the first failed step's status, as the job would fail, or 0.
"""
import argparse
import json
import os
import re
import shutil
import subprocess
import sys
import tempfile

import yaml

repository = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
parser = argparse.ArgumentParser(description="Run action.yml's steps locally.")
parser.add_argument("--workspace", required=True)
parser.add_argument("--input", action="append", default=[])
parser.add_argument("--event", default="{}")
parser.add_argument("--temp", help="runner.temp: a folder that is kept (default: a temporary one, removed)")
options = parser.parse_args()

with open(os.path.join(repository, "action.yml")) as handle:
    action = yaml.safe_load(handle)
if action.get("runs", {}).get("using") != "composite":
    sys.exit("action.yml: only composite actions run here")

inputs = {name: str(spec.get("default", "")) for name, spec in action.get("inputs", {}).items()}
for pair in options.input:
    name, _, value = pair.partition("=")
    if name not in inputs:
        sys.exit(f"--input {name}: action.yml has no such input")
    inputs[name] = value
temp = os.path.abspath(options.temp) if options.temp else tempfile.mkdtemp(prefix="strata-action-")
os.makedirs(temp, exist_ok=True)
workspace = os.path.abspath(options.workspace)
context = {
    "inputs": inputs,
    "github": {"action_path": repository, "workspace": workspace, "event": json.loads(options.event)},
    "runner": {"temp": temp},
    "steps": {},
}


def lookup(path):
    value = context
    for part in path.split("."):
        if not isinstance(value, dict):
            return ""
        value = value.get(part, "")
    return value if isinstance(value, str) else ("" if value in (None, {}) else json.dumps(value))


def expression(text):
    text = text.strip()
    if not re.fullmatch(r"[A-Za-z_][A-Za-z0-9_.-]*", text):
        sys.exit(f"action.yml: the expression '{text}' is more than a lookup; keep logic in Scripts/action/")
    return lookup(text)


def substitute(value):
    return re.sub(r"\$\{\{(.*?)\}\}", lambda match: expression(match.group(1)), str(value))


def condition(text, failed):
    text = text.strip()
    if text.startswith("${{") and text.endswith("}}"):
        text = text[3:-2]
    always = False
    for term in (part.strip() for part in text.split("&&")):
        if term == "always()":
            always = True
        elif term == "success()":
            if failed:
                return False
        else:
            match = re.fullmatch(r"([A-Za-z_][A-Za-z0-9_.-]*)\s*(==|!=)\s*'([^']*)'", term)
            if not match:
                sys.exit(f"action.yml: the condition '{term}' is not a comparison with a quoted string")
            equal = lookup(match.group(1)) == match.group(3)
            if equal != (match.group(2) == "=="):
                return False
    return always or not failed


def outputs_of(path):
    found, lines = {}, open(path).read().splitlines()
    index = 0
    while index < len(lines):
        line = lines[index]
        if "<<" in line and ("=" not in line or line.index("<<") < line.index("=")):
            name, delimiter = line.split("<<", 1)
            value = []
            index += 1
            while lines[index] != delimiter:
                value.append(lines[index])
                index += 1
            found[name] = "\n".join(value)
        elif "=" in line:
            name, value = line.split("=", 1)
            found[name] = value
        index += 1
    return found


report, failure = {"steps": []}, 0
for number, step in enumerate(action["runs"]["steps"]):
    name = step.get("name", f"step {number + 1}")
    if not condition(step.get("if", "success()"), failure != 0):
        report["steps"].append({"name": name, "status": "skipped"})
        continue
    if "uses" in step:
        uses = step["uses"]
        if not uses.startswith("github/codeql-action/upload-sarif@"):
            sys.exit(f"action.yml: '{uses}' cannot run here; teach test-action.py what it checks")
        sarif = substitute(step.get("with", {}).get("sarif_file", ""))
        result = subprocess.run(
            [sys.executable, os.path.join(repository, "Scripts", "validate-json.py"), "sarif", sarif], capture_output=True, text=True)
        valid = result.returncode == 0 and result.stdout.startswith("ok ")
        sys.stderr.write(result.stdout + result.stderr)
        status = 0 if valid else 1
    else:
        output = os.path.join(temp, f"output-{number}")
        open(output, "w").close()
        environment = dict(os.environ)
        environment.update(
            {"GITHUB_ACTION_PATH": repository, "GITHUB_OUTPUT": output, "GITHUB_WORKSPACE": workspace, "RUNNER_TEMP": temp, "GITHUB_ACTIONS": "true"})
        environment.update({key: substitute(value) for key, value in step.get("env", {}).items()})
        if step.get("shell", "bash") != "bash":
            sys.exit(f"action.yml: step '{name}' uses shell {step.get('shell')}; only bash runs here")
        status = subprocess.run(["bash", "-e", "-o", "pipefail", "-c", step["run"]], cwd=workspace, env=environment, stdout=sys.stderr).returncode
        if "id" in step:
            context["steps"][step["id"]] = {"outputs": outputs_of(output)}
    report["steps"].append({"name": name, "status": status})
    if status != 0 and failure == 0:
        failure = status

report["outputs"] = {name: substitute(spec.get("value", "")) for name, spec in action.get("outputs", {}).items()}
print(json.dumps(report, indent=2))
if not options.temp:
    shutil.rmtree(temp, ignore_errors=True)
sys.exit(failure)

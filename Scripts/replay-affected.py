#!/usr/bin/env python3
"""Replays a real package's git history through `strata affected` and compares every commit
with an independent oracle built from SwiftPM's own `swift package dump-package`.

    Scripts/replay-affected.py REPOSITORY [--commits 60] [--branch main] --strata BIN [--strata BIN2 …]

REPOSITORY is any git repository whose top level holds a Package.swift (a bare mirror will do).
Its last --commits first-parent commits are copied into a scratch repository with a strata.yml
added to each (adopt mode over the root package, one layer), so that `strata affected` can run
at every revision. For each pair of consecutive commits the oracle:

- asks dump-package for both revisions' targets (a manifest SwiftPM cannot read skips the pair);
- takes the owners of each changed file (`git diff --name-status -M`) in both graphs, the target
  whose folder is the file's nearest enclosing folder;
- for a changed manifest compares the targets' dump-package declarations, and takes the whole
  package when anything else (tools version, platforms, products, package dependencies) changed;
- takes everything for a toolchain pin (Package.resolved, .swift-version);
- adds every target that depends on those, transitively, in the head graph.

Each --strata binary is compared with it on the same pairs: FN (targets the oracle needs that
strata left out: the failures that matter), FP (targets strata added) and skipped pairs (strata
exited 2). Give two binaries to measure a change side by side. Not run in CI (docs/AFFECTED.md).
"""
import argparse
import json
import os
import shutil
import subprocess
import sys
import tempfile

STRATA_YML = """# Added by Scripts/replay-affected.py to every replayed commit.
layers:
  - { name: all, patterns: ["*"] }
adopt: { packages: ["."] }
"""
PINS = {"Package.resolved", ".swift-version"}


def git(repository, *arguments, stdin=None):
    return subprocess.run(
        ["git", "-C", repository, *arguments], input=stdin, capture_output=True, text=True, check=True
    ).stdout


def replay_history(source, branch, count, scratch):
    """A repository holding the last `count` first-parent commits of `source`, each with strata.yml."""
    subprocess.run(["git", "clone", "--quiet", "--no-checkout", "--branch", branch, source, scratch], check=True)
    originals = git(scratch, "rev-list", "--first-parent", "--reverse", f"-n{count}", "HEAD").split()
    blob = git(scratch, "hash-object", "-w", "--stdin", stdin=STRATA_YML).strip()
    index = os.path.join(scratch, ".git", "replay-index")
    environment = dict(os.environ, GIT_INDEX_FILE=index, GIT_AUTHOR_NAME="replay", GIT_AUTHOR_EMAIL="replay@strata.invalid",
                       GIT_COMMITTER_NAME="replay", GIT_COMMITTER_EMAIL="replay@strata.invalid")
    replayed, parent = [], None
    for original in originals:
        subprocess.run(["git", "-C", scratch, "read-tree", original], env=environment, check=True)
        subprocess.run(["git", "-C", scratch, "update-index", "--add", "--cacheinfo", f"100644,{blob},strata.yml"],
                       env=environment, check=True)
        tree = subprocess.run(["git", "-C", scratch, "write-tree"], env=environment, capture_output=True, text=True,
                              check=True).stdout.strip()
        arguments = ["git", "-C", scratch, "commit-tree", tree, "-m", original]
        if parent:
            arguments += ["-p", parent]
        parent = subprocess.run(arguments, env=environment, capture_output=True, text=True, check=True).stdout.strip()
        replayed.append(parent)
    git(scratch, "update-ref", "refs/heads/replay", parent)
    git(scratch, "checkout", "--quiet", "replay")
    return replayed


class Graph:
    """A revision's targets from dump-package: folders, declarations and dependencies."""

    def __init__(self, package):
        self.package = package
        self.targets = {target["name"]: target for target in package["targets"]}
        self.folders = {name: self.folder(target) for name, target in self.targets.items()}
        self.dependencies = {name: self.local_dependencies(target) for name, target in self.targets.items()}

    @staticmethod
    def folder(target):
        if target.get("path"):
            return target["path"].strip("/")
        kind = target.get("type")
        parent = {"test": "Tests", "plugin": "Plugins"}.get(kind, "Sources")
        return f"{parent}/{target['name']}"

    def local_dependencies(self, target):
        names = set()
        for dependency in target.get("dependencies", []):
            for kind in ("byName", "target"):
                if kind in dependency and dependency[kind][0] in self.targets:
                    names.add(dependency[kind][0])
        for usage in target.get("pluginUsages") or []:
            plugin = usage.get("plugin", [None])[0]
            if plugin in self.targets:
                names.add(plugin)
        return names

    def owner(self, path):
        best = None
        for name, folder in self.folders.items():
            if path == folder or path.startswith(folder + "/"):
                if best is None or len(folder) > len(self.folders[best]):
                    best = name
        return best

    def shared_part(self):
        return {key: value for key, value in self.package.items() if key != "targets"}

    def dependents(self, seeds):
        reached, pending = set(seeds), list(seeds)
        users = {}
        for name, dependencies in self.dependencies.items():
            for dependency in dependencies:
                users.setdefault(dependency, set()).add(name)
        while pending:
            for user in users.get(pending.pop(), ()):
                if user not in reached:
                    reached.add(user)
                    pending.append(user)
        return reached


def dump_package(repository, commit, cache):
    if commit in cache:
        return cache[commit]
    folder = tempfile.mkdtemp(prefix="strata-replay-tree-")
    try:
        archive = subprocess.run(["git", "-C", repository, "archive", commit], capture_output=True, check=True).stdout
        subprocess.run(["tar", "-x", "-C", folder], input=archive, check=True)
        result = subprocess.run(["swift", "package", "dump-package", "--package-path", folder], capture_output=True, text=True)
        # The dump names the folder it was made in (packageKind); each revision has its own.
        dump = result.stdout.replace(folder, "<package>")
        cache[commit] = Graph(json.loads(dump)) if result.returncode == 0 else None
    finally:
        shutil.rmtree(folder, ignore_errors=True)
    return cache[commit]


def expected(repository, base, head, graphs):
    """The oracle's affected targets between two commits, or None when SwiftPM cannot read one."""
    old, new = dump_package(repository, base, graphs), dump_package(repository, head, graphs)
    if old is None or new is None:
        return None
    seeds = set()
    for line in git(repository, "diff", "--name-status", "--find-renames", base, head).splitlines():
        fields = line.split("\t")
        for path in fields[1:]:
            name = os.path.basename(path)
            if path in PINS:
                return set(new.targets)
            if path == "strata.yml":
                continue
            if "/" not in path and name.startswith("Package") and name.endswith(".swift"):
                if old.shared_part() != new.shared_part():
                    return set(new.targets)
                seeds |= {name for name in set(old.targets) | set(new.targets) if old.targets.get(name) != new.targets.get(name)}
                continue
            for graph in (old, new):
                owner = graph.owner(path)
                if owner:
                    seeds.add(owner)
    return new.dependents({seed for seed in seeds if seed in new.targets}) & set(new.targets)


def strata_affected(binary, checkout, base, head):
    result = subprocess.run([binary, "affected", checkout, "--base", base, "--head", head, "--format", "json"],
                            capture_output=True, text=True, env=dict(os.environ, NO_COLOR="1"))
    if result.returncode != 0:
        return None, result.stderr.strip().splitlines()[-1:] or [f"exit {result.returncode}"]
    report = json.loads(result.stdout)
    return {entry["target"] for entry in report["affected"]}, report.get("everything")


def main():
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("repository")
    parser.add_argument("--commits", type=int, default=60)
    parser.add_argument("--branch", default="main")
    parser.add_argument("--strata", action="append", required=True, help="a strata binary (repeat to compare)")
    parser.add_argument("--verbose", action="store_true", help="print every pair that differs")
    options = parser.parse_args()

    scratch = tempfile.mkdtemp(prefix="strata-replay-")
    try:
        commits = replay_history(os.path.abspath(options.repository), options.branch, options.commits, scratch)
        graphs = {}
        pairs = []
        for base, head in zip(commits, commits[1:]):
            oracle = expected(scratch, base, head, graphs)
            pairs.append((base, head, oracle))
        readable = [pair for pair in pairs if pair[2] is not None]
        print(f"{options.repository}: {len(pairs)} commit pairs, {len(pairs) - len(readable)} left out "
              f"(dump-package could not read a revision)")
        for binary in options.strata:
            missed = added = skipped = needed = pairs_missing = pairs_adding = everything = 0
            for base, head, oracle in readable:
                found, detail = strata_affected(binary, scratch, base, head)
                if found is None:
                    skipped += 1
                    if options.verbose:
                        print(f"  skipped {head[:8]}: {detail}")
                    continue
                everything += detail is not None
                needed += len(oracle)
                missing, extra = oracle - found, found - oracle
                missed += len(missing)
                added += len(extra)
                pairs_missing += bool(missing)
                pairs_adding += bool(extra)
                if options.verbose and (missing or extra):
                    original = git(scratch, "log", "-1", "--format=%s", head).strip()[:12]
                    files = git(scratch, "diff", "--name-only", base, head).split()
                    print(f"  {original}: {len(missing)} missed {sorted(missing)[:5]}, {len(extra)} added {sorted(extra)[:5]}; "
                          f"everything: {detail}; changed: {files[:6]}")
            compared = len(readable) - skipped
            print(f"{binary}: {compared} pairs compared, {skipped} skipped ({skipped / max(len(readable), 1):.0%}); "
                  f"FN {missed} targets in {pairs_missing} pairs ({missed / max(needed, 1):.1%} of {needed} needed); "
                  f"FP {added} targets in {pairs_adding} pairs; everything in {everything} pairs")
    finally:
        shutil.rmtree(scratch, ignore_errors=True)
    return 0


if __name__ == "__main__":
    sys.exit(main())

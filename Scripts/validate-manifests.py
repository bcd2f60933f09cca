#!/usr/bin/env python3
"""Validate JSON documents against Strata's manifest schema.

usage: validate-manifests.py SCHEMA DOCUMENT.json...

Prints one line per document, `ok PATH` or `invalid PATH: MESSAGE`, and exits 0 if every
document was read (whatever the verdicts), 2 on usage errors or a missing validator.
The tests convert each strata.yml to JSON with Yams (the loader's own YAML library) and
call this script, so the schema is checked by a well-kept validator (jsonschema).
"""
import json
import sys

try:
    import jsonschema
except ImportError:
    sys.stderr.write("the Python package 'jsonschema' is missing: pip install jsonschema\n")
    sys.exit(2)

if len(sys.argv) < 3:
    sys.stderr.write(__doc__)
    sys.exit(2)

with open(sys.argv[1]) as handle:
    schema = json.load(handle)
jsonschema.Draft202012Validator.check_schema(schema)
validator = jsonschema.Draft202012Validator(schema)

for path in sys.argv[2:]:
    with open(path) as handle:
        document = json.load(handle)
    errors = sorted(validator.iter_errors(document), key=lambda error: list(error.absolute_path))
    if errors:
        first = errors[0]
        where = "/".join(str(part) for part in first.absolute_path) or "(root)"
        print(f"invalid {path}: {where}: {first.message}")
    else:
        print(f"ok {path}")

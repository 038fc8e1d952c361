#!/usr/bin/env python3
"""Prints, for each JSON file given, "valid" or "invalid" against
Benchmarks/schema/bench-results.schema.json (JSON Schema 2020-12), one line
per file in order. Used by SchemaAgreementTests."""
import json
import sys
from pathlib import Path

import jsonschema

root = Path(__file__).resolve().parent.parent
schema = json.loads((root / "Benchmarks/schema/bench-results.schema.json").read_text())
jsonschema.Draft202012Validator.check_schema(schema)
validator = jsonschema.Draft202012Validator(schema)
for path in sys.argv[1:]:
    try:
        document = json.loads(Path(path).read_text())
    except ValueError:
        print("invalid")
        continue
    print("valid" if validator.is_valid(document) else "invalid")

#!/usr/bin/env python3
"""A deliberately minimal HCR validator speaking hcr's certification protocol (JSON lines)."""
import base64, json, sys

REQUIRED = ["schemaVersion", "objective", "currentState", "decisions", "evidence",
            "constraints", "nextAction", "ownership", "openReview"]

def check(text):
    try:
        record = json.loads(text)
    except ValueError:
        return ["HCR001"]
    if not isinstance(record, dict):
        return ["HCR103"]
    codes = ["HCR101" for key in REQUIRED if key not in record]
    if record.get("schemaVersion", "1.0") != "1.0":
        codes.append("HCR106")
    return sorted(set(codes))

for line in sys.stdin:
    request = json.loads(line)
    text = request.get("record") or base64.b64decode(request.get("recordBase64", "")).decode("utf-8", "replace")
    codes = check(text)
    print(json.dumps({"id": request["id"], "valid": not codes, "codes": codes}), flush=True)

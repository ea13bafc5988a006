"""Throughput of the Python package on 100,000 records, against the CLI and python-jsonschema.

Build the package in release mode and the CLI first (see docs/performance.md), then:

    target/xtask/venv/bin/python crates/hcr-python/benches/throughput.py --hcr target/release/hcr

The records are the protocol's examples with seeded realistic mistakes (a quarter invalid),
the same for every contender. Each contender runs `--runs` times; the best run is reported.
python-jsonschema (schema only, a fraction of the contract) is timed on the first 10,000.
"""

from __future__ import annotations

import argparse
import copy
import json
import pathlib
import random
import subprocess
import tempfile
import time

import jsonschema
import pyarrow as pa

import hcr

ROOT = pathlib.Path(__file__).resolve().parents[3]


def corpus(n: int) -> list[str]:
    rng = random.Random(19)
    examples = [json.loads(p.read_text()) for p in sorted((ROOT / "protocol/v1/examples").glob("*.json"))]
    out = []
    for i in range(n):
        record = copy.deepcopy(examples[i % len(examples)])
        if rng.random() < 0.25:
            record.pop(rng.choice(sorted(record)))
        out.append(json.dumps(record, indent=2))
    return out


def best(runs: int, work) -> float:
    times = []
    for _ in range(runs):
        start = time.perf_counter()
        work()
        times.append(time.perf_counter() - start)
    return min(times)


def main() -> None:
    parser = argparse.ArgumentParser()
    parser.add_argument("--hcr", required=True, help="the release CLI")
    parser.add_argument("--records", type=int, default=100_000)
    parser.add_argument("--runs", type=int, default=3)
    args = parser.parse_args()

    records = corpus(args.records)
    megabytes = sum(map(len, records)) / 1e6
    array = pa.array(records, type=pa.string())
    with tempfile.TemporaryDirectory() as folder:
        lines = pathlib.Path(folder) / "records.jsonl"
        lines.write_text("".join(json.dumps(json.loads(r)) + "\n" for r in records))

        def cli() -> None:
            subprocess.run(
                [args.hcr, "validate", "--jsonl", "--no-config", "--format", "json", str(lines)],
                stdout=subprocess.DEVNULL,
                check=False,
            )

        results = {
            "hcr CLI (--jsonl)": best(args.runs, cli),
            "hcr.validate_many": best(args.runs, lambda: hcr.validate_many(records)),
            "hcr.validate_arrow": best(args.runs, lambda: hcr.validate_arrow(array)),
        }
    schema = json.loads(hcr.schema())
    validator = jsonschema.Draft202012Validator(schema, format_checker=jsonschema.FormatChecker())
    sample = [json.loads(r) for r in records[:10_000]]
    seconds = best(1, lambda: [validator.is_valid(r) for r in sample])
    results["python-jsonschema (schema only)"] = seconds * len(records) / len(sample)

    cli_rate = len(records) / results["hcr CLI (--jsonl)"]
    print(f"{len(records)} records, {megabytes:.1f} MB, best of {args.runs}")
    print("| contender | seconds | records/s | vs CLI | vs python-jsonschema |")
    print("|---|---|---|---|---|")
    for name, seconds in results.items():
        rate = len(records) / seconds
        versus = results["python-jsonschema (schema only)"] / seconds
        print(f"| {name} | {seconds:.2f} | {rate:,.0f} | {rate / cli_rate:.2f} | {versus:.0f}x |")


if __name__ == "__main__":
    main()

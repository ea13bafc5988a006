"""Arrow arrays of records, checked inside the engines: pyarrow, Polars and DuckDB.

`validate_arrow` reads the array through the Arrow C data interface (no Python object per
record) and gives a struct array: `valid`, `errors`, `warnings`, `codes`; null for a null
record. Its verdicts are `validate`'s.
"""

from __future__ import annotations

import json
import pathlib

import duckdb
import polars as pl
import pyarrow as pa
import pyarrow.compute as pc
import pytest

import hcr

EXAMPLES = pathlib.Path(__file__).resolve().parents[3] / "protocol" / "v1" / "examples"
VALID = [p.read_text() for p in sorted(EXAMPLES.glob("*.json"))]
RECORDS = VALID + ['{"schemaVersion": "1.0"}', "not json", None]
RESULT_TYPE = pa.struct(
    [
        ("valid", pa.bool_()),
        ("errors", pa.int32()),
        ("warnings", pa.int32()),
        ("codes", pa.list_(pa.string())),
    ]
)


def expected(records: list) -> list:
    out = []
    for record in records:
        if record is None:
            out.append(None)
            continue
        report = hcr.validate(record)
        codes = []
        for d in report.diagnostics:
            if d.code not in codes:
                codes.append(d.code)
        out.append(
            {"valid": report.valid, "errors": report.errors, "warnings": report.warnings, "codes": codes}
        )
    return out


@pytest.mark.parametrize(
    "arrow_type",
    [pa.string(), pa.large_string(), pa.string_view(), pa.binary(), pa.large_binary()],
)
def test_every_string_and_binary_type(arrow_type: pa.DataType) -> None:
    binary = pa.types.is_binary(arrow_type) or pa.types.is_large_binary(arrow_type)
    values = [r.encode() if binary and r is not None else r for r in RECORDS]
    array = pa.array(values, type=arrow_type)
    result = hcr.validate_arrow(array)
    assert result.type == RESULT_TYPE
    assert result.to_pylist() == expected(RECORDS)
    assert result.null_count == 1


def test_chunked_arrays_keep_their_chunks() -> None:
    chunked = pa.chunked_array([RECORDS[:3], RECORDS[3:]], type=pa.string())
    result = hcr.validate_arrow(chunked)
    assert isinstance(result, pa.ChunkedArray)
    assert result.num_chunks == 2
    assert result.to_pylist() == expected(RECORDS)


def test_a_sliced_array_is_read_where_it_starts() -> None:
    array = pa.array(RECORDS, type=pa.string()).slice(5, 3)
    assert hcr.validate_arrow(array).to_pylist() == expected(RECORDS[5:8])


def test_other_types_are_refused() -> None:
    with pytest.raises(hcr.UsageError, match="strings or binaries"):
        hcr.validate_arrow(pa.array([1, 2, 3]))


def test_polars_map_batches() -> None:
    frame = pl.DataFrame({"record": RECORDS})
    checked = frame.with_columns(
        pl.col("record")
        .map_batches(
            lambda series: pl.from_arrow(hcr.validate_arrow(series)),
            return_dtype=pl.Struct(
                {"valid": pl.Boolean, "errors": pl.Int32, "warnings": pl.Int32, "codes": pl.List(pl.String)}
            ),
        )
        .alias("verdict")
    ).unnest("verdict")
    assert checked["valid"].to_list() == [e and e["valid"] for e in expected(RECORDS)]
    assert checked.filter(pl.col("valid"))["record"].to_list() == VALID


def test_duckdb_python_udf_over_a_table() -> None:
    try:
        from duckdb.sqltypes import BOOLEAN, INTEGER, VARCHAR
    except ImportError:  # duckdb < 1.4
        from duckdb.typing import BOOLEAN, INTEGER, VARCHAR  # type: ignore[no-redef]

    con = duckdb.connect()
    con.create_function(
        "hcr_valid",
        lambda records: pc.struct_field(hcr.validate_arrow(records), "valid"),
        [VARCHAR],
        BOOLEAN,
        type="arrow",
    )
    con.create_function(
        "hcr_errors",
        lambda records: pc.struct_field(hcr.validate_arrow(records), "errors"),
        [VARCHAR],
        INTEGER,
        type="arrow",
    )
    con.execute("CREATE TABLE handoffs (record VARCHAR)")
    con.executemany("INSERT INTO handoffs VALUES (?)", [[r] for r in RECORDS])
    rows = con.execute(
        "SELECT count(*) FILTER (WHERE hcr_valid(record)), sum(hcr_errors(record)) FROM handoffs"
    ).fetchone()
    want = [e for e in expected(RECORDS) if e is not None]
    assert rows == (len(VALID), sum(e["errors"] for e in want))


def test_a_record_holding_a_secret_is_only_counted() -> None:
    record = json.loads(VALID[0])
    record["currentState"]["complete"] = ["Deployed with ghp_R7vQ2mX9kL4pN8sT1wY6zB3cD5fG0hJ2aE4u."]
    result = hcr.validate_arrow(pa.array([json.dumps(record)]))
    assert result.to_pylist()[0]["codes"] == ["HCR204"]
    assert "ghp_" not in str(result)


def test_a_chunked_array_of_no_chunks_gives_no_chunks() -> None:
    empty = pa.chunked_array([], type=pa.string())
    result = hcr.validate_arrow(empty)
    assert isinstance(result, pa.ChunkedArray)
    assert result.num_chunks == 0
    assert result.type == RESULT_TYPE
    assert result.to_pylist() == []


def test_many_records_give_verdicts_without_holding_their_reports() -> None:
    records = ['{"n": %d}' % i for i in range(30_000)] + [None]
    result = hcr.validate_arrow(pa.array(records, type=pa.string()), jobs=10**6)
    rows = result.to_pylist()
    assert len(rows) == 30_001 and rows[-1] is None
    assert all(row["valid"] is False and "HCR101" in row["codes"] for row in rows[:-1])


def test_a_python_list_is_a_type_error_that_says_what_is_taken() -> None:
    for wrong in (['{"schemaVersion": "1.0"}'], ('{}',), {"record": "{}"}, 3):
        with pytest.raises(TypeError, match=r"validate_arrow: `array` takes an Arrow array") as refused:
            hcr.validate_arrow(wrong)
        assert type(wrong).__name__ in str(refused.value)
        assert "__arrow_c_array__" in str(refused.value) and "validate_many" in str(refused.value)

//! The native module of the Python package `hcr` (`hcr._hcr`): arguments in, results out.
//! Every verdict, code and message comes from the Rust libraries (`hcr-validate`,
//! `hcr-batch`'s pool, `hcr-interop`, `hcr-types`); this crate only converts Python values
//! and Arrow arrays. The Python API and its types are in `python/hcr/`.
//!
//! The module is built by maturin (`pip install ./crates/hcr-python`) and tested from
//! Python (`tests/`), so its example is Python:
//!
//! ```text
//! >>> import hcr
//! >>> report = hcr.validate('{"schemaVersion": "1.0"}')
//! >>> report.valid(), report.diagnostics()[0].code
//! (False, 'HCR101')
//! ```

// pyo3's macros expand to items the workspace lints cannot see documented.
#![allow(unsafe_code, unreachable_pub, missing_docs)]

use std::path::{Path, PathBuf};
use std::sync::Arc;

use arrow_array::builder::{BooleanBuilder, Int32Builder, ListBuilder, StringBuilder};
use arrow_array::cast::AsArray;
use arrow_array::{Array, ArrayRef, StructArray};
use arrow_schema::{DataType, Field, Fields};
use hcr_batch::Outcome;
use hcr_interop::frontend::{self, RecordError};
use hcr_project::frontend::{CallError, Given, Prepared, Settings, judged};
use hcr_validate::{Report, Severity, Validator};
use pyo3::exceptions::{PyBaseException, PyException, PyOSError, PyTypeError};
use pyo3::prelude::*;
use pyo3::sync::PyOnceLock;
use pyo3::types::{PyBytes, PyDict, PyString, PyTuple, PyType};
use pyo3_arrow::input::AnyArray;
use pyo3_arrow::{PyArray, PyChunkedArray};

pyo3::create_exception!(
    _hcr,
    HcrError,
    PyException,
    "An hcr error, with hcr's message."
);
pyo3::create_exception!(
    _hcr,
    UsageError,
    HcrError,
    "A wrong argument: an unknown level, code or form, a record that is not valid where a valid one is needed."
);

/// `HcrIOError`: an `HcrError` and an `OSError` both, so `except OSError` catches it. A class
/// of two bases cannot come from `create_exception!`: it is made when the module is (see
/// [`io_error_type`]).
static HCR_IO_ERROR: PyOnceLock<Py<PyType>> = PyOnceLock::new();

/// Makes `HcrIOError(HcrError, OSError)`. Its `str()` is hcr's message (the first argument),
/// not `OSError`'s `[Errno N] ...` form, whatever `errno` and `filename` say.
fn io_error_type(py: Python<'_>) -> PyResult<Bound<'_, PyType>> {
    let base = py.get_type::<HcrError>();
    let bases = PyTuple::new(py, [base.clone(), py.get_type::<PyOSError>()])?;
    let namespace = PyDict::new(py);
    namespace.set_item("__doc__", "A file or folder that could not be read.")?;
    namespace.set_item("__module__", base.getattr("__module__")?)?;
    namespace.set_item(
        "__str__",
        py.get_type::<PyBaseException>().getattr("__str__")?,
    )?;
    let made = py
        .get_type::<PyType>()
        .call1(("HcrIOError", bases, namespace))?
        .cast_into::<PyType>()?;
    Ok(made)
}

/// An `HcrIOError` with hcr's `message`; `errno` (and `strerror`) when the system gave one,
/// and `filename` when a path is known.
fn io_error(message: String, path: Option<&Path>, errno: Option<i32>) -> PyErr {
    Python::attach(|py| {
        let made = || -> PyResult<PyErr> {
            let kind = HCR_IO_ERROR.get_or_try_init(py, || io_error_type(py).map(Bound::unbind))?;
            let error = kind.bind(py).call1((message.as_str(),))?;
            if let Some(errno) = errno {
                error.setattr("errno", errno)?;
                let strerror = py.import("os")?.call_method1("strerror", (errno,))?;
                error.setattr("strerror", strerror)?;
            }
            if let Some(path) = path {
                error.setattr("filename", path.as_os_str())?;
            }
            Ok(PyErr::from_value(error))
        };
        made().unwrap_or_else(|failure| failure)
    })
}

/// The system's error number of a read that failed, if it has one.
fn errno(failure: &hcr_batch::ReadFailure) -> Option<i32> {
    match failure {
        hcr_batch::ReadFailure::Io(e) => e.raw_os_error(),
        _ => None,
    }
}

/// One diagnostic, as the CLI's JSON shows it.
#[pyclass(frozen, get_all, module = "hcr")]
#[derive(Clone)]
struct Diagnostic {
    code: String,
    severity: String,
    basis: String,
    pointer: String,
    line: Option<u64>,
    column: Option<u64>,
    message: String,
    help: String,
}

#[pymethods]
impl Diagnostic {
    /// `HCR101 error at /summary: ...`, the root named as the CLI names it.
    fn __str__(&self) -> String {
        let place = hcr_types::JsonPointer::parse(&self.pointer)
            .map_or_else(|| self.pointer.clone(), |p| p.shown().to_owned());
        format!(
            "{} {} at {}: {}",
            self.code, self.severity, place, self.message
        )
    }

    fn __repr__(&self) -> String {
        format!(
            "Diagnostic(code={:?}, severity={:?}, pointer={:?}, message={:?})",
            self.code, self.severity, self.pointer, self.message
        )
    }
}

/// What validating one record found.
#[pyclass(frozen, name = "Report", module = "hcr")]
struct PyReport {
    report: Report,
    /// The verdict, as the batch decides it (warnings count with `deny_warnings`).
    valid: bool,
}

impl PyReport {
    fn of(outcome: Outcome) -> Self {
        Self {
            valid: outcome.valid,
            report: outcome.report,
        }
    }
}

#[pymethods]
impl PyReport {
    /// No error at the level checked (warnings allowed, unless `deny_warnings`).
    #[getter]
    fn valid(&self) -> bool {
        self.valid
    }

    /// The contract accepts the record: hcr's own advice never counts against it.
    #[getter]
    fn conformant(&self) -> bool {
        self.report.conformant()
    }

    /// The diagnostics, in the CLI's order.
    #[getter]
    fn diagnostics(&self) -> Vec<Diagnostic> {
        self.report.diagnostics().iter().map(diagnostic).collect()
    }

    /// How many errors and warnings.
    #[getter]
    fn errors(&self) -> usize {
        self.report.count(Severity::Error)
    }

    #[getter]
    fn warnings(&self) -> usize {
        self.report.count(Severity::Warning)
    }

    /// The report as JSON: `valid`, `conformant`, and the diagnostics as `hcr validate
    /// --format json` writes them.
    fn to_json(&self) -> String {
        hcr_project::frontend::report_json(&self.report, self.valid).to_string()
    }

    fn __bool__(&self) -> bool {
        self.valid
    }

    fn __repr__(&self) -> String {
        format!(
            "Report(valid={}, conformant={}, errors={}, warnings={})",
            if self.valid { "True" } else { "False" },
            if self.report.conformant() {
                "True"
            } else {
                "False"
            },
            self.report.count(Severity::Error),
            self.report.count(Severity::Warning)
        )
    }
}

fn diagnostic(d: &hcr_validate::Diagnostic) -> Diagnostic {
    Diagnostic {
        code: d.code.as_str().to_owned(),
        severity: d.severity.as_str().to_owned(),
        basis: d.code.basis().name().to_owned(),
        pointer: d.pointer.to_string(),
        line: d.span.map(|s| u64::from(s.start.line)),
        column: d.span.map(|s| u64::from(s.start.column)),
        message: d.message.clone(),
        help: d.help.to_string(),
    }
}

/// A record's bytes: `str` and `bytes` as given, anything else (a `dict`) as JSON text from
/// Python's own `json.dumps`, so that what is checked is what Python would write. A `str`
/// holding a lone surrogate, which no UTF-8 text can, is passed on as the bytes it would be
/// (`surrogatepass`): the validator reports the encoding like any other invalid UTF-8.
fn record_bytes(record: &Bound<'_, PyAny>) -> PyResult<Vec<u8>> {
    if let Ok(text) = record.cast::<PyString>() {
        if let Ok(text) = text.to_cow() {
            return Ok(text.into_owned().into_bytes());
        }
        let encoded = text.call_method1("encode", ("utf-8", "surrogatepass"))?;
        return Ok(encoded.cast::<PyBytes>()?.as_bytes().to_vec());
    }
    if let Ok(bytes) = record.cast::<PyBytes>() {
        return Ok(bytes.as_bytes().to_vec());
    }
    let json = record.py().import("json")?;
    let text = json
        .call_method1("dumps", (record,))
        .map_err(|e| UsageError::new_err(format!("the record cannot be written as JSON: {e}")))?;
    Ok(text.extract::<String>()?.into_bytes())
}

/// A shared call's error as the Python exception it is.
fn call_error(error: CallError) -> PyErr {
    match error {
        CallError::Usage(message) => UsageError::new_err(message),
        CallError::Io {
            message,
            path,
            errno,
        } => io_error(message, path.as_deref(), errno),
        other => HcrError::new_err(other.to_string()),
    }
}

/// A record operation's error: a wrong argument or a record that is not valid, both a
/// `UsageError`.
fn record_error(error: RecordError) -> PyErr {
    UsageError::new_err(error.to_string())
}

/// The arguments `validate`, `validate_many` and `validate_arrow` share, prepared by
/// `hcr-project` as the CLI's and the MCP server's requests are.
#[allow(clippy::too_many_arguments)]
fn prepare(
    level: Option<&str>,
    select: Option<Vec<String>>,
    ignore: Option<Vec<String>>,
    warn: Option<Vec<String>>,
    error: Option<Vec<String>>,
    config: Option<PathBuf>,
    deny_warnings: bool,
    artifacts: Option<&str>,
    revisions: Option<&str>,
) -> PyResult<Prepared> {
    let cwd = std::env::current_dir().unwrap_or_default();
    Settings {
        level: level.map(str::to_owned),
        select: select.unwrap_or_default(),
        ignore: ignore.unwrap_or_default(),
        warn: warn.unwrap_or_default(),
        error: error.unwrap_or_default(),
        config,
        deny_warnings,
        artifacts: artifacts.map(PathBuf::from),
        revisions: revisions.map(PathBuf::from),
    }
    .prepare(hcr_validate::Spelling::Field, &cwd)
    .map_err(call_error)
}

/// A record as given: its text, or the file that holds it (an `os.PathLike`, such as a
/// `pathlib.Path`), read as the CLI reads a file, where the configuration's overrides apply.
fn given(record: &Bound<'_, PyAny>) -> PyResult<Given> {
    let path_like = record.py().import("os")?.getattr("PathLike")?;
    if record.is_instance(&path_like)? {
        return Ok(Given::File(record.extract::<PathBuf>()?));
    }
    Ok(Given::Text(record_bytes(record)?))
}

/// Repairs the mechanical mistakes of a record's text (`str`, `bytes` or a `dict`; a `dict`
/// is written as JSON first, as `validate` writes it) as `hcr fix` does, the unsafe fixes too with
/// `unsafe=True`, checked under `config` (an hcr.toml file, or a folder it is found from) and
/// the selection: the fixed text and the fixes applied, each a `dict` (`code`, `pointer`,
/// `applicability`, `title`, `unmapped`).
#[pyfunction]
#[pyo3(signature = (record, *, r#unsafe=false, select=None, ignore=None, warn=None, error=None, config=None))]
#[allow(clippy::too_many_arguments)]
fn fix<'py>(
    py: Python<'py>,
    record: &Bound<'py, PyAny>,
    r#unsafe: bool,
    select: Option<Vec<String>>,
    ignore: Option<Vec<String>>,
    warn: Option<Vec<String>>,
    error: Option<Vec<String>>,
    config: Option<PathBuf>,
) -> PyResult<(String, Vec<Bound<'py, PyAny>>)> {
    let text = String::from_utf8(record_bytes(record)?)
        .map_err(|_| UsageError::new_err("the record is not UTF-8 text"))?;
    let prepared = prepare(
        Some("normative"),
        select,
        ignore,
        warn,
        error,
        config,
        false,
        None,
        None,
    )?;
    let fixed = py.detach(|| {
        hcr_fix::fix(
            &text,
            prepared.validator(),
            &hcr_fix::Options {
                unsafe_fixes: r#unsafe,
            },
        )
    });
    let fixes = fixed
        .applied
        .iter()
        .map(|applied| {
            let entry = pyo3::types::PyDict::new(py);
            entry.set_item("code", applied.code.as_str())?;
            entry.set_item("pointer", applied.pointer.as_str())?;
            entry.set_item("applicability", applied.applicability.as_str())?;
            entry.set_item("title", &applied.title)?;
            let unmapped: Vec<&str> = applied.unmapped.iter().map(|p| p.as_str()).collect();
            entry.set_item("unmapped", unmapped)?;
            Ok(entry.into_any())
        })
        .collect::<PyResult<Vec<_>>>()?;
    Ok((fixed.text, fixes))
}

/// Validates one record (`str`, `bytes`, a `dict`, or a record file as an `os.PathLike`) at
/// `level`: by default the receiver's when `artifacts` or `revisions` is given, else the
/// configuration's, else normative; `artifacts` or `revisions` with another level is a
/// `UsageError`.
#[pyfunction]
#[pyo3(signature = (record, *, level=None, select=None, ignore=None, warn=None, error=None, config=None, deny_warnings=false, artifacts=None, revisions=None))]
#[allow(clippy::too_many_arguments)]
fn validate(
    py: Python<'_>,
    record: &Bound<'_, PyAny>,
    level: Option<&str>,
    select: Option<Vec<String>>,
    ignore: Option<Vec<String>>,
    warn: Option<Vec<String>>,
    error: Option<Vec<String>>,
    config: Option<PathBuf>,
    deny_warnings: bool,
    artifacts: Option<&str>,
    revisions: Option<&str>,
) -> PyResult<PyReport> {
    let prepared = prepare(
        level,
        select,
        ignore,
        warn,
        error,
        config,
        deny_warnings,
        artifacts,
        revisions,
    )?;
    let outcome = match given(record)? {
        Given::Text(bytes) => py.detach(|| prepared.check_text(&bytes)),
        file => py
            .detach(|| prepared.check(vec![file], 1))
            .map_err(call_error)?
            .pop()
            .ok_or_else(|| HcrError::new_err("the record file was not checked"))?,
    };
    Ok(PyReport::of(outcome))
}

/// Validates many records in parallel, without the GIL, on the CLI's pool.
#[pyfunction]
#[pyo3(signature = (records, *, level=None, select=None, ignore=None, warn=None, error=None, config=None, deny_warnings=false, jobs=None))]
#[allow(clippy::too_many_arguments)]
fn validate_many(
    py: Python<'_>,
    records: &Bound<'_, PyAny>,
    level: Option<&str>,
    select: Option<Vec<String>>,
    ignore: Option<Vec<String>>,
    warn: Option<Vec<String>>,
    error: Option<Vec<String>>,
    config: Option<PathBuf>,
    deny_warnings: bool,
    jobs: Option<usize>,
) -> PyResult<Vec<PyReport>> {
    let prepared = prepare(
        level,
        select,
        ignore,
        warn,
        error,
        config,
        deny_warnings,
        None,
        None,
    )?;
    let records = records
        .try_iter()?
        .map(|record| given(&record?))
        .collect::<PyResult<Vec<Given>>>()?;
    let jobs = jobs.unwrap_or(0);
    let outcomes = py
        .detach(|| prepared.check(records, jobs))
        .map_err(call_error)?;
    Ok(outcomes.into_iter().map(PyReport::of).collect())
}

/// The verdict columns of one Arrow array of records.
fn verdicts(
    array: &ArrayRef,
    validator: &Validator,
    deny_warnings: bool,
    jobs: usize,
) -> PyResult<ArrayRef> {
    let values: Vec<Option<&[u8]>> = match array.data_type() {
        DataType::Utf8 => array
            .as_string::<i32>()
            .iter()
            .map(|v| v.map(str::as_bytes))
            .collect(),
        DataType::LargeUtf8 => array
            .as_string::<i64>()
            .iter()
            .map(|v| v.map(str::as_bytes))
            .collect(),
        DataType::Utf8View => array
            .as_string_view()
            .iter()
            .map(|v| v.map(str::as_bytes))
            .collect(),
        DataType::Binary => array.as_binary::<i32>().iter().collect(),
        DataType::LargeBinary => array.as_binary::<i64>().iter().collect(),
        DataType::BinaryView => array.as_binary_view().iter().collect(),
        other => {
            return Err(UsageError::new_err(format!(
                "validate_arrow takes an array of strings or binaries (one record each), not {other}"
            )));
        }
    };
    let present: Vec<&[u8]> = values.iter().flatten().copied().collect();
    let mut valid = BooleanBuilder::with_capacity(values.len());
    let mut errors = Int32Builder::with_capacity(values.len());
    let mut warnings = Int32Builder::with_capacity(values.len());
    let mut codes = ListBuilder::new(StringBuilder::new());
    // The columns are built as the reports arrive, in order; no report is kept. `row` is the
    // next row to fill: nulls are filled up to the next record.
    let mut row = 0;
    let fill_nulls = |row: &mut usize,
                      valid: &mut BooleanBuilder,
                      errors: &mut Int32Builder,
                      warnings: &mut Int32Builder,
                      codes: &mut ListBuilder<StringBuilder>| {
        while values.get(*row).is_some_and(Option::is_none) {
            valid.append_null();
            errors.append_null();
            warnings.append_null();
            codes.append_null();
            *row += 1;
        }
    };
    hcr_batch::map_records(&present, validator, jobs, &mut |report| {
        fill_nulls(&mut row, &mut valid, &mut errors, &mut warnings, &mut codes);
        row += 1;
        let outcome = judged(report, deny_warnings);
        let report = &outcome.report;
        valid.append_value(outcome.valid);
        errors.append_value(count(report, Severity::Error));
        warnings.append_value(count(report, Severity::Warning));
        for code in report.codes() {
            codes.values().append_value(code.as_str());
        }
        codes.append(true);
    })
    .map_err(|e| HcrError::new_err(e.to_string()))?;
    fill_nulls(&mut row, &mut valid, &mut errors, &mut warnings, &mut codes);
    let codes = codes.finish();
    let fields = verdict_fields();
    let columns: Vec<ArrayRef> = vec![
        Arc::new(valid.finish()),
        Arc::new(errors.finish()),
        Arc::new(warnings.finish()),
        Arc::new(codes),
    ];
    let result = StructArray::try_new(fields, columns, array.nulls().cloned())
        .map_err(|e| HcrError::new_err(e.to_string()))?;
    Ok(Arc::new(result))
}

/// The verdict columns' fields: `valid`, `errors`, `warnings`, `codes`.
fn verdict_fields() -> Fields {
    Fields::from(vec![
        Field::new("valid", DataType::Boolean, true),
        Field::new("errors", DataType::Int32, true),
        Field::new("warnings", DataType::Int32, true),
        Field::new(
            "codes",
            DataType::List(Arc::new(Field::new("item", DataType::Utf8, true))),
            true,
        ),
    ])
}

fn count(report: &Report, severity: Severity) -> i32 {
    i32::try_from(report.count(severity)).unwrap_or(i32::MAX)
}

/// Validates an Arrow array of records (strings or binaries, one record each) without
/// copying them into Python objects; returns a struct array (`valid`, `errors`,
/// `warnings`, `codes`), null where the record is null. A chunked array (or any Arrow
/// stream, a Polars series) gives a chunked array. Records have no path here: the
/// configuration's overrides do not apply.
#[pyfunction]
#[pyo3(signature = (array, *, level=None, select=None, ignore=None, warn=None, error=None, config=None, deny_warnings=false, jobs=None))]
#[allow(clippy::too_many_arguments)]
fn validate_arrow<'py>(
    py: Python<'py>,
    array: &Bound<'py, PyAny>,
    level: Option<&str>,
    select: Option<Vec<String>>,
    ignore: Option<Vec<String>>,
    warn: Option<Vec<String>>,
    error: Option<Vec<String>>,
    config: Option<PathBuf>,
    deny_warnings: bool,
    jobs: Option<usize>,
) -> PyResult<Bound<'py, PyAny>> {
    let array = arrow_input(array)?;
    let prepared = prepare(
        level,
        select,
        ignore,
        warn,
        error,
        config,
        deny_warnings,
        None,
        None,
    )?;
    let validator = prepared.validator();
    let deny = prepared.resolved().deny_warnings();
    let jobs = jobs.unwrap_or(0);
    match array {
        AnyArray::Array(array) => {
            let (array, _) = array.into_inner();
            let result = py.detach(|| verdicts(&array, validator, deny, jobs))?;
            // pyarrow reads it through the Arrow PyCapsule interface, without a copy.
            let exported = PyArray::from_array_ref(result).into_pyobject(py)?;
            py.import("pyarrow")?.getattr("array")?.call1((exported,))
        }
        AnyArray::Stream(stream) => {
            let chunked = stream
                .into_chunked_array()
                .map_err(|e| UsageError::new_err(format!("not an Arrow array of records: {e}")))?;
            let (chunks, _) = chunked.into_inner();
            let results = py.detach(|| {
                chunks
                    .iter()
                    .map(|chunk| verdicts(chunk, validator, deny, jobs))
                    .collect::<PyResult<Vec<_>>>()
            })?;
            // A stream of no chunks gives a chunked array of no chunks, of the verdicts' type.
            let field = Arc::new(Field::new("", DataType::Struct(verdict_fields()), true));
            PyChunkedArray::try_new(results, field)?.into_pyarrow(py)
        }
    }
}

/// `validate_arrow`'s `array` as Arrow: anything that is not (no Arrow PyCapsule interface,
/// no buffer) is a `TypeError` that says what the argument takes.
fn arrow_input(array: &Bound<'_, PyAny>) -> PyResult<AnyArray> {
    let exports = array.hasattr("__arrow_c_array__")? || array.hasattr("__arrow_c_stream__")?;
    match array.extract::<AnyArray>() {
        Ok(any) => Ok(any),
        Err(_) if !exports => Err(PyTypeError::new_err(format!(
            "validate_arrow: `array` takes an Arrow array of records (strings or binaries, one \
             record each): a pyarrow Array or ChunkedArray, a Polars Series, or any object \
             with __arrow_c_array__ or __arrow_c_stream__; not {}; for Python objects, use \
             validate_many",
            array.get_type().name()?
        ))),
        Err(e) => Err(e),
    }
}

/// The record in RFC 8785 canonical form.
#[pyfunction]
fn canonical_json(record: &Bound<'_, PyAny>) -> PyResult<String> {
    frontend::canonical_json(&record_bytes(record)?).map_err(record_error)
}

/// The SHA-256 of the canonical form: a content address for this revision.
#[pyfunction]
fn digest(record: &Bound<'_, PyAny>) -> PyResult<String> {
    frontend::digest(&record_bytes(record)?).map_err(record_error)
}

/// The SHA-256 of a regular file.
#[pyfunction]
fn sha256_file(py: Python<'_>, path: std::path::PathBuf) -> PyResult<String> {
    py.detach(|| {
        let (file, _) = hcr_batch::input::open_regular(&path).map_err(|failure| {
            io_error(
                format!("`{}` could not be read: {failure}", path.display()),
                Some(&path),
                errno(&failure),
            )
        })?;
        hcr_types::Sha256::of_reader(std::io::BufReader::with_capacity(256 * 1024, file))
            .map(|d| d.to_string())
            .map_err(|e| {
                io_error(
                    format!("`{}` could not be read: {e}", path.display()),
                    Some(&path),
                    e.raw_os_error(),
                )
            })
    })
}

/// A valid record rendered `as_` goal-handover, untrusted-block, markdown or handoff-md.
#[pyfunction]
#[pyo3(signature = (record, *, as_="markdown"))]
fn render(record: &Bound<'_, PyAny>, as_: &str) -> PyResult<String> {
    frontend::render(&record_bytes(record)?, as_).map_err(record_error)
}

/// Converts `from_` a neighbouring format into a record (JSON text, valid), or a valid record
/// `to` the hosted brief (JSON text).
#[pyfunction]
#[pyo3(signature = (text, *, from_=None, to=None))]
fn convert(
    py: Python<'_>,
    text: &Bound<'_, PyAny>,
    from_: Option<&str>,
    to: Option<&str>,
) -> PyResult<String> {
    if from_.is_some() == to.is_some() {
        return Err(UsageError::new_err("give from_ or to, one of them"));
    }
    let bytes = record_bytes(text)?;
    py.detach(|| frontend::convert(&bytes, from_, to))
        .map_err(record_error)
}

/// A record drafted from a neighbouring format (`convert_draft`), valid or not, and what the
/// conversion did with the source: what `hcr convert --from` says on standard error and the
/// MCP `convert` tool answers, from the same library (`hcr_interop::frontend::Conversion`).
#[pyclass(frozen, get_all, module = "hcr")]
struct Conversion {
    /// The record as JSON text; when it is not valid, every string that holds a secret
    /// redacted.
    record: String,
    /// The record is valid at the normative level.
    valid: bool,
    /// Valid, nothing lost and nothing missing.
    complete: bool,
    /// Required fields the source does not give, as JSON Pointers.
    missing: Vec<String>,
    /// What of the source the record does not hold, each named.
    lost: Vec<String>,
    /// What of the source is kept under the record's extension, not in a field, each named.
    kept: Vec<String>,
    /// The fields (JSON Pointers) an edited rendering's Markdown changed.
    edited: Vec<String>,
    /// How many strings of `record` are redacted.
    redacted: usize,
    /// The record's report at the normative level.
    report: Py<PyReport>,
    /// The lines `hcr convert` writes about the conversion (without `hcr: `).
    notes: Vec<String>,
}

#[pymethods]
impl Conversion {
    fn __repr__(&self) -> String {
        let yes = |b: bool| if b { "True" } else { "False" };
        format!(
            "Conversion(valid={}, complete={}, missing={}, lost={}, kept={}, edited={})",
            yes(self.valid),
            yes(self.complete),
            self.missing.len(),
            self.lost.len(),
            self.kept.len(),
            self.edited.len()
        )
    }
}

/// Drafts a record `from_` a neighbouring format, valid or not: the record and what the
/// conversion kept, lost, lacks and found edited. Only a wrong argument or a source with no
/// handover is an error.
#[pyfunction]
#[pyo3(signature = (text, *, from_))]
fn convert_draft(py: Python<'_>, text: &Bound<'_, PyAny>, from_: &str) -> PyResult<Conversion> {
    let bytes = record_bytes(text)?;
    let conversion = py
        .detach(|| frontend::convert_draft(&bytes, from_))
        .map_err(record_error)?;
    let report = Py::new(
        py,
        PyReport {
            valid: conversion.valid,
            report: conversion.report,
        },
    )?;
    Ok(Conversion {
        record: conversion.record,
        valid: conversion.valid,
        complete: conversion.complete,
        missing: conversion.missing,
        lost: conversion.lost,
        kept: conversion.kept,
        edited: conversion.edited,
        redacted: conversion.redacted,
        report,
        notes: conversion.notes,
    })
}

/// A code's explanation (`HCR204` or `secret-in-record`).
#[pyfunction]
fn explain(code: &str) -> PyResult<String> {
    frontend::explain(code).map_err(record_error)
}

/// Runs the `hcr` command line in this process with these arguments (the first is the
/// program's name) and returns its exit status; the `hcr` console script and `python -m hcr`
/// call it. Output goes to the process's standard output and error, as the binary's does.
#[pyfunction]
fn run_cli(py: Python<'_>, argv: Vec<std::ffi::OsString>) -> u8 {
    py.detach(|| hcr_cli::run(argv))
}

/// The canonical HCR v1.0 JSON Schema that hcr embeds.
#[pyfunction]
fn schema() -> &'static str {
    hcr_validate::SCHEMA_JSON
}

#[pymodule]
fn _hcr(m: &Bound<'_, PyModule>) -> PyResult<()> {
    let py = m.py();
    m.add("HcrError", py.get_type::<HcrError>())?;
    m.add("UsageError", py.get_type::<UsageError>())?;
    let io_error = HCR_IO_ERROR.get_or_try_init(py, || io_error_type(py).map(Bound::unbind))?;
    m.add("HcrIOError", io_error.bind(py))?;
    m.add_class::<Diagnostic>()?;
    m.add_class::<PyReport>()?;
    m.add_class::<Conversion>()?;
    m.add_function(wrap_pyfunction!(validate, m)?)?;
    m.add_function(wrap_pyfunction!(validate_many, m)?)?;
    m.add_function(wrap_pyfunction!(validate_arrow, m)?)?;
    m.add_function(wrap_pyfunction!(canonical_json, m)?)?;
    m.add_function(wrap_pyfunction!(digest, m)?)?;
    m.add_function(wrap_pyfunction!(sha256_file, m)?)?;
    m.add_function(wrap_pyfunction!(render, m)?)?;
    m.add_function(wrap_pyfunction!(convert, m)?)?;
    m.add_function(wrap_pyfunction!(convert_draft, m)?)?;
    m.add_function(wrap_pyfunction!(explain, m)?)?;
    m.add_function(wrap_pyfunction!(fix, m)?)?;
    m.add_function(wrap_pyfunction!(schema, m)?)?;
    m.add_function(wrap_pyfunction!(run_cli, m)?)?;
    m.add("__version__", env!("CARGO_PKG_VERSION"))?;
    Ok(())
}

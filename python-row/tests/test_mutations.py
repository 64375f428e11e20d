"""Random byte mutations of valid rows never crash: every read either returns a value or
raises a zerorow error, and cpp-row's validator (the only one the binding has) agrees with
the pure-Python reference reader of format-spec/generator on pass/fail and error kind
(run under `python -X dev`, see part.mk). The same holds for the mutated rows read through a
resolution to an evolved reader schema (SPEC §13.4)."""

import os
import sys

import zerorow
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st
from strategies import evolutions, rows, values
from zerorow import _zerorow

sys.path.insert(
    0,
    os.path.join(os.path.dirname(__file__), "..", "..", "format-spec", "generator"),
)
from zerorow_ref.decode import read_top  # noqa: E402
from zerorow_ref.schema import FormatError, parse_schema  # noqa: E402


def read_everything(view, depth=0):
    """Touches every value reachable from a view (plain or resolved), through the public
    accessors."""
    if isinstance(view, (zerorow.BinaryRow, zerorow.ResolvedRow)):
        for i in range(len(view)):
            read_everything(view[i], depth + 1)
        repr(view)
    elif isinstance(view, (zerorow.BinaryArray, zerorow.ResolvedArray)):
        for x in view:
            read_everything(x, depth + 1)
        try:
            view.to_numpy()
        except TypeError:
            pass
    elif isinstance(view, (zerorow.BinaryMap, zerorow.ResolvedMap)):
        for k, v in zip(view.keys(), view.values(), strict=False):
            read_everything(k, depth + 1)
            read_everything(v, depth + 1)


def mutate(buf, data):
    for _ in range(data.draw(st.integers(1, 6))):
        if not buf:
            break
        pos = data.draw(st.integers(0, len(buf) - 1))
        buf[pos] = data.draw(st.integers(0, 255))
    if data.draw(st.booleans()):
        buf = buf[: data.draw(st.integers(0, len(buf)))]
    return bytes(buf)


@settings(
    max_examples=200,
    deadline=None,
    suppress_health_check=[HealthCheck.too_slow, HealthCheck.data_too_large],
)
@given(evolutions(), st.data())
def test_mutated_rows_read_through_a_resolution_only_raise_zerorow_errors(case, data):
    writer, reader, _ = case
    value = data.draw(values(writer.type))
    buf = mutate(bytearray(_zerorow.encode(writer._native, value)), data)
    res = zerorow.resolve(writer, reader)
    try:
        row = res.view(buf)
        read_everything(row)
        if isinstance(row, zerorow.ResolvedRow):
            row.to_dict()
            relaid = (
                row.to_reader_row()
            )  # a row WriteReaderRow completes is valid (SPEC §6.3)
            zerorow.validate(reader, relaid.to_bytes(), "full")
    except (zerorow.ZerorowError, OverflowError):
        pass


@settings(
    max_examples=300,
    deadline=None,
    suppress_health_check=[HealthCheck.too_slow, HealthCheck.data_too_large],
)
@given(rows(), st.data())
def test_mutated_rows_never_crash(case, data):
    schema, value = case
    buf = bytearray(_zerorow.encode(schema._native, value))
    for _ in range(data.draw(st.integers(1, 6))):
        if not buf:
            break
        pos = data.draw(st.integers(0, len(buf) - 1))
        buf[pos] = data.draw(st.integers(0, 255))
    if data.draw(st.booleans()):
        buf = buf[: data.draw(st.integers(0, len(buf)))]
    try:
        row = zerorow.BinaryRow(schema, bytes(buf))
        read_everything(row)
    except (zerorow.ZerorowError, OverflowError):
        pass
    # cpp-row's validator (what zerorow.validate and level="full" use) and the reference
    # reader must agree on the verdict and the kind (paths may differ for a map's whole
    # key/value array: SPEC §4.3 leaves open whether that is `m` or `m{keys}`).
    try:
        _zerorow.validate(schema._native, bytes(buf))
        core = None
    except zerorow.ZerorowError as e:
        core = e.kind
    try:
        read_top(parse_schema(schema.to_json()), bytes(buf))
        ref = None
    except FormatError as e:
        ref = e.kind
    assert core == ref, (core, ref)

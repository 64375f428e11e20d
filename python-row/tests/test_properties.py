"""Property tests: random schemas and values round-trip (encode -> validate -> decode)."""

import zerorow
from hypothesis import HealthCheck, given, settings
from strategies import rows, same
from zerorow import _zerorow

RAW_DEEP_PAIRS = 7


@settings(max_examples=200, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(rows())
def test_encode_validate_decode_round_trip(case):
    schema, value = case
    data = _zerorow.encode(schema._native, value)
    assert len(data) % 8 == 0
    zerorow.validate(schema, data)
    row = zerorow.BinaryRow(schema, data)
    got = {
        f.name: _zerorow.get(row, i, RAW_DEEP_PAIRS)
        for i, f in enumerate(schema.fields)
    }
    assert same(schema.type, value, got)
    # canonical: re-encoding what was read gives the same bytes
    assert _zerorow.encode(schema._native, got) == data


@settings(max_examples=200, deadline=None)
@given(rows())
def test_schema_json_round_trip(case):
    schema, _ = case
    again = zerorow.Schema.from_json(schema.to_json())
    assert again == schema and again.fingerprint == schema.fingerprint


@settings(max_examples=200, deadline=None)
@given(rows())
def test_cpp_core_agrees_on_canonical_json_and_fingerprint(case):
    # Schema.to_json / fingerprint are cpp-row's, and so is the JSON of a DataType (used for
    # equality and hashing): a schema built from JSON and one built from types agree.
    schema, _ = case
    # a fresh parse by cpp-row of the canonical text gives the same text and fingerprint
    core = _zerorow.CompiledSchema.from_json(schema.to_json())
    assert (
        core.to_json() == schema.to_json() and core.fingerprint() == schema.fingerprint
    )
    assert schema.type.to_json() == schema.to_json()
    rebuilt = zerorow.Schema(list(schema.fields))
    assert rebuilt == schema and rebuilt.to_json() == schema.to_json()
    # the same types built again by the factories, not wrapped from cpp-row's parse
    again = zerorow.Schema([_rebuild_field(f) for f in schema.fields])
    assert (
        again.to_json() == schema.to_json() and again.fingerprint == schema.fingerprint
    )


def _rebuild_field(f: zerorow.Field) -> zerorow.Field:
    out = zerorow.field(f.name, _rebuild_type(f.type), f.nullable, f.aliases)
    out._default_json = f._default_json  # the canonical default, as cpp-row printed it
    return out


def _rebuild_type(t: zerorow.DataType) -> zerorow.DataType:
    if t.id == "list":
        return zerorow.list_(_rebuild_type(t.element), t.element_nullable)
    if t.id == "map":
        return zerorow.map_(
            _rebuild_type(t.key), _rebuild_type(t.value), t.value_nullable
        )
    if t.id == "struct":
        return zerorow.struct([_rebuild_field(f) for f in t.fields])
    return zerorow.DataType(
        t.id, tz=t.tz, precision=t.precision, scale=t.scale, size=t.size
    )

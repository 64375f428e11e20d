"""Property (SPEC Appendix A rule 8): records given as dicts or as objects,
with random extra and missing keys, are written exactly or refused by the rule: a dict key
that is not a field is an error naming the key; a missing key is null for a nullable field and
an error naming the field otherwise; an object lacking an attribute is an error at that field;
extra attributes of an object are not part of the record."""

import types

import zerorow
from hypothesis import given, settings
from hypothesis import strategies as st

TYPES = {
    "int64": (zerorow.int64, st.integers(-(2**63), 2**63 - 1)),
    "string": (zerorow.string, st.text(max_size=8)),
    "float64": (zerorow.float64, st.floats(allow_nan=False)),
    "bool": (zerorow.bool_, st.booleans()),
}
NAMES = st.text("abcdefgh", min_size=1, max_size=4)


@st.composite
def cases(draw):
    names = draw(st.lists(NAMES, min_size=1, max_size=6, unique=True))
    fields = [
        (n, draw(st.sampled_from(sorted(TYPES))), draw(st.booleans())) for n in names
    ]
    values = {n: draw(TYPES[t][1]) for n, t, _ in fields}
    missing = draw(st.lists(st.sampled_from(names), unique=True))
    extra = draw(
        st.lists(NAMES.filter(lambda n: n not in names), unique=True, max_size=3)
    )
    extra_values = {n: draw(st.integers()) for n in extra}
    return fields, values, missing, extra_values


def schema_of(fields):
    return zerorow.Schema(
        [zerorow.field(n, TYPES[t][0], nullable) for n, t, nullable in fields]
    )


def encode(schema, record):
    try:
        data = zerorow._zerorow.encode(schema._native, record)
    except zerorow.SchemaMismatchError as e:
        return e
    return zerorow.BinaryRow(schema, data).to_dict()


@settings(max_examples=300, deadline=None)
@given(cases())
def test_dict_records(case):
    fields, values, missing, extra = case
    schema = schema_of(fields)
    record = {n: v for n, v in values.items() if n not in missing}
    record.update(extra)
    got = encode(schema, record)
    required_missing = [n for n, _, nullable in fields if n in missing and not nullable]
    if required_missing:
        assert isinstance(got, zerorow.SchemaMismatchError)
        assert got.path == required_missing[0] and "no key" in str(got)
    elif extra:
        assert isinstance(got, zerorow.SchemaMismatchError)
        assert got.path == "" and any(repr(k) in str(got) for k in extra)
    else:
        assert got == {n: (None if n in missing else values[n]) for n, _, _ in fields}


@settings(max_examples=300, deadline=None)
@given(cases())
def test_object_records(case):
    fields, values, missing, extra = case
    schema = schema_of(fields)
    obj = types.SimpleNamespace(
        **{n: v for n, v in values.items() if n not in missing}, **extra
    )
    got = encode(schema, obj)
    absent = [n for n, _, _ in fields if n in missing]
    if absent:
        assert isinstance(got, zerorow.SchemaMismatchError)
        assert got.path == absent[0] and "has no attribute" in str(got)
    else:
        assert got == values

"""The encoder's fast paths give the bytes, errors and Arrow batches of its general path.

Fast paths (python-row/native/writer.cpp, arrow_bridge.cpp): exact int / float / str / bool /
None values are written without building a path; attributes are fetched through the type's
tp_getattro; a list or tuple of objects is read in place; objects -> Arrow is one native call.
Values of int / float / str subclasses take the general path, so each case below compares
the two on every kind of object: dataclass, __slots__, properties, class-level defaults,
__getattr__, NamedTuple, dict.
"""

from dataclasses import dataclass
from typing import NamedTuple, Optional

import pytest
import zerorow
from test_arrow import ENC as ORDER_ENC
from test_arrow import ORDERS
from test_encoder import everything
from test_schema import Everything


@dataclass
class Rec:
    id: zerorow.int32
    name: str
    score: float
    count: int
    flag: bool
    small: zerorow.int8
    ratio: zerorow.float32
    opt: Optional[int]


ENC = zerorow.encoder(Rec)
FIELDS = ("id", "name", "score", "count", "flag", "small", "ratio", "opt")
VALUES = (7, "alice ü", 2.5, -123456789012, True, -5, 0.25, 3)


class IntSubclass(int):
    pass


class F(float):
    pass


class S(str):
    pass


def general(values):
    """The same values as subclass instances: WriteValue's general path for each of them."""
    conv = {int: IntSubclass, float: F, str: S, bool: lambda b: IntSubclass(int(b))}
    return tuple(None if v is None else conv[type(v)](v) for v in values)


class Slotted:
    __slots__ = FIELDS

    def __init__(self, *values):
        for k, v in zip(FIELDS, values, strict=True):
            setattr(self, k, v)


class Plain:
    def __init__(self, *values):
        # through __dict__: subclasses may shadow some fields with properties
        self.__dict__.update(zip(FIELDS, values, strict=True))


class WithProperties:
    def __init__(self, *values):
        self._v = dict(zip(FIELDS, values, strict=True))

    id = property(lambda self: self._v["id"])
    name = property(lambda self: self._v["name"])
    score = property(lambda self: self._v["score"])
    count = property(lambda self: self._v["count"])
    flag = property(lambda self: self._v["flag"])
    small = property(lambda self: self._v["small"])
    ratio = property(lambda self: self._v["ratio"])
    opt = property(lambda self: self._v["opt"])


class WithGetattr:
    def __init__(self, *values):
        self._v = dict(zip(FIELDS, values, strict=True))

    def __getattr__(self, name):
        try:
            return self._v[name]
        except KeyError:
            raise AttributeError(name) from None


class RecTuple(NamedTuple):
    id: int
    name: str
    score: float
    count: int
    flag: bool
    small: int
    ratio: float
    opt: Optional[int]


def with_defaults(*values):
    """Class-level attributes for the first three fields, instance attributes for the rest."""
    cls = type("WithDefaults", (), dict(zip(FIELDS[:3], values[:3], strict=True)))
    obj = cls()
    for k, v in zip(FIELDS[3:], values[3:], strict=True):
        setattr(obj, k, v)
    return obj


MAKERS = {
    "dataclass": lambda *v: Rec(*v),
    "slots": Slotted,
    "plain": Plain,
    "properties": WithProperties,
    "getattr": WithGetattr,
    "namedtuple": lambda *v: RecTuple(*v),
    "defaults": with_defaults,
    "dict": lambda *v: dict(zip(FIELDS, v, strict=True)),
}


@pytest.mark.parametrize("kind", MAKERS)
@pytest.mark.parametrize(
    "values",
    [
        VALUES,
        (0, "", -0.0, 2**63 - 1, False, 127, float("nan"), -(2**63)),
        (1, None, 1e300, 0, False, -128, -1.5, None),
    ],
)
def test_fast_and_general_paths_write_the_same_bytes(kind, values):
    make = MAKERS[kind]
    fast = ENC.encode(make(*values))
    assert fast == ENC.encode(make(*general(values)))
    assert fast == ENC.encode(Rec(*values))
    assert ENC.encode_many([make(*values)] * 3)[0] == fast * 3


def error_of(obj):
    with pytest.raises(zerorow.ZerorowError) as e:
        ENC.encode(obj)
    return type(e.value), e.value.path, str(e.value)


@pytest.mark.parametrize("kind", MAKERS)
@pytest.mark.parametrize(
    "field,bad,same_in_general",  # same_in_general: the bad value as a subclass instance too
    [
        ("id", 2**31, True),  # int32 range: cpp-row's WriteInt
        ("small", 128, True),  # int8 range
        ("count", 2**64, True),  # beyond int64
        ("ratio", 1e300, True),  # beyond float32
        ("name", "\ud800", True),  # not encodable as UTF-8
        ("id", None, False),  # non-nullable
        ("name", 5, False),  # wrong type (the message names the type)
        ("score", "x", False),
        ("opt", 1.5, False),
    ],
)
def test_fast_and_general_paths_raise_the_same_errors(
    kind, field, bad, same_in_general
):
    k = FIELDS.index(field)
    values, slow = list(VALUES), list(general(VALUES))
    values[k] = bad
    slow[k] = general([bad])[0] if same_in_general else bad
    fast = error_of(MAKERS[kind](*values))
    assert fast[1] == field
    assert fast == error_of(MAKERS[kind](*slow))


def test_missing_attributes_and_raising_properties():
    class Raises(Plain):
        @property
        def score(self):
            raise RuntimeError("boom")

    # an exception inside a property propagates as itself
    with pytest.raises(RuntimeError, match="boom"):
        ENC.encode(Raises(*VALUES))

    class OtherAttribute(Plain):
        @property
        def score(self):
            return self.no_such_thing  # an AttributeError about another name

    with pytest.raises(AttributeError, match="no_such_thing"):
        ENC.encode(OtherAttribute(*VALUES))

    class Interrupted(Plain):
        @property
        def score(self):
            raise MemoryError("out")

    with pytest.raises(MemoryError):
        ENC.encode(Interrupted(*VALUES))
    # only the attribute itself missing is a schema mismatch, chained to the AttributeError
    obj = Plain(*VALUES)
    del obj.count
    assert error_of(obj)[:2] == (zerorow.SchemaMismatchError, "count")
    with pytest.raises(zerorow.SchemaMismatchError) as e:
        ENC.encode(obj)
    assert isinstance(e.value.__cause__, AttributeError)
    # a dict's missing key is null for a nullable field, an error for another
    d = dict(zip(FIELDS, VALUES, strict=True))
    del d["name"]
    assert ENC.decode(ENC.encode(d)).name is None
    del d["id"]
    with pytest.raises(zerorow.SchemaMismatchError, match="no key 'id'") as e:
        ENC.encode(d)
    assert e.value.path == "id"


def test_a_class_changed_after_the_first_encode_is_read_again():
    obj = Plain(*VALUES)
    first = ENC.encode(obj)
    # a data descriptor now shadows the instance value
    Plain.name = property(lambda self: "bob")
    try:
        assert ENC.decode(ENC.encode(obj)).name == "bob"
    finally:
        del Plain.name
    assert ENC.encode(obj) == first

    class Other(Plain):
        score = property(lambda self: 9.5)

    obj.__class__ = Other
    assert ENC.decode(ENC.encode(obj)).score == 9.5


def test_a_property_may_change_the_class_of_its_object():
    class Switches(Plain):
        @property
        def name(self):
            self.__class__ = Plain  # later fields are read through Plain
            return "x"

        score = property(lambda self: 1.0)

    values = list(VALUES)
    obj = Switches(*values)
    assert ENC.decode(ENC.encode(obj)).score == VALUES[2]


def test_lists_tuples_and_iterables_of_objects_encode_alike():
    objs = [
        Rec(i, f"n{i}", i / 2, i * 7, i % 2 == 0, i % 100, 0.5, i) for i in range(200)
    ]
    data, offs = ENC.encode_many(objs)
    assert ENC.encode_many(tuple(objs)) == (data, offs)
    assert ENC.encode_many(iter(objs)) == (data, offs)
    assert data == b"".join(ENC.encode(o) for o in objs)

    class Listy(list):  # a list subclass is iterated, not read in place
        def __iter__(self):
            return iter(list(list.__iter__(self))[::-1])

    assert ENC.encode_many(Listy(objs[:3]))[0] == b"".join(
        ENC.encode(o) for o in objs[2::-1]
    )


def test_a_list_changed_while_it_is_encoded():
    objs = []

    class Shrinks(Plain):
        @property
        def name(self):
            objs.clear()
            return "x"

    objs[:] = [Plain(*VALUES), Shrinks(*VALUES), Plain(*VALUES)]
    with pytest.raises(RuntimeError, match="changed size"):
        zerorow._zerorow.encode_many(ENC._native, objs)

    class Grows(Plain):
        @property
        def name(self):
            objs.append(Plain(*VALUES))
            return "x"

    objs[:] = [Grows(*VALUES), Plain(*VALUES)]
    _, offs = zerorow._zerorow.encode_many(ENC._native, objs)
    assert len(offs) == 3 * 8 and len(objs) == 3  # the objects there when it started


def rows_path(enc, objs):
    return zerorow.RowBatch(enc.schema, *enc.encode_many(objs)).to_arrow()


# Encoders by name, not as parameters: pytest keeps parameter values until the interpreter
# exits, after zerorow's extension is torn down (nanobind then reports them as leaked).
ENCODERS = {
    "rec": lambda: ENC,
    "order": lambda: ORDER_ENC,
    "everything": lambda: zerorow.encoder(Everything),
}


@pytest.mark.parametrize(
    "name,objs",
    [
        (
            "rec",
            [
                Rec(*VALUES),
                Rec(
                    0, "", -0.0, 0, False, 0, float("-inf"), None
                ),  # NaN != NaN in equals()
                Rec(1, None, 1e300, 0, False, -128, -1.5, None),
            ],
        ),
        ("order", ORDERS),
        ("everything", [everything()] * 3),
        ("rec", []),
    ],
)
def test_objects_to_arrow_equals_the_rows_path(name, objs):
    enc = ENCODERS[name]()
    batch = enc.to_arrow_record_batch(objs)
    assert (
        batch.equals(rows_path(enc, objs))
        and batch.schema == rows_path(enc, objs).schema
    )
    assert enc.to_arrow_record_batch(iter(objs)).equals(batch)
    assert enc.to_arrow_record_batch(tuple(objs)).equals(batch)


def test_objects_to_arrow_errors_are_the_encoders():
    bad = [Rec(*VALUES), Rec(2**31, *VALUES[1:])]
    with pytest.raises(zerorow.InvalidDataError) as e:
        ENC.to_arrow_record_batch(bad)
    # the path names the failing object's index, the rest is the encoder's message
    assert e.value.path == "[1].id"
    assert str(e.value) == error_of(bad[1])[2].replace("at id:", "at [1].id:")

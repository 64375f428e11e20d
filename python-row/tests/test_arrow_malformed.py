"""Arrow data from a buggy producer (SPEC §12 import): list and map offsets past their child,
negative or decreasing offsets, a child shorter than its parent. zerorow.from_arrow trusts
nothing it is handed: each is InvalidDataError naming the column and the numbers, never a
crash or a read outside the buffers (cpp-row's ImportRows checks the C Data it receives;
pyarrow's own refusals on the way are turned into the same error).

The producer exports a valid batch through the PyCapsule protocol and then damages the
exported C structs (ctypes), as a producer with a bug would hand them over: nothing between it
and zerorow validates them first."""

import ctypes

import pyarrow as pa
import pytest
import zerorow


class ArrowArray(ctypes.Structure):
    """struct ArrowArray of the Arrow C Data Interface."""


ArrowArray._fields_ = [
    ("length", ctypes.c_int64),
    ("null_count", ctypes.c_int64),
    ("offset", ctypes.c_int64),
    ("n_buffers", ctypes.c_int64),
    ("n_children", ctypes.c_int64),
    ("buffers", ctypes.POINTER(ctypes.c_void_p)),
    ("children", ctypes.POINTER(ctypes.POINTER(ArrowArray))),
    ("dictionary", ctypes.POINTER(ArrowArray)),
    ("release", ctypes.c_void_p),
    ("private_data", ctypes.c_void_p),
]
_capsule_pointer = ctypes.pythonapi.PyCapsule_GetPointer
_capsule_pointer.restype = ctypes.c_void_p
_capsule_pointer.argtypes = [ctypes.py_object, ctypes.c_char_p]


def offsets(a):
    """The int32 offsets buffer of an exported list / map / string array, writable."""
    return ctypes.cast(a.buffers[1], ctypes.POINTER(ctypes.c_int32))


def child(a, k=0):
    return a.children[k].contents


class BuggyProducer:
    """Hands out `batch` through __arrow_c_array__ after `damage(column)` has edited the
    exported C struct of its one column."""

    def __init__(self, batch, damage):
        self.batch, self.damage = batch, damage

    def __arrow_c_array__(self, requested_schema=None):
        schema_capsule, array_capsule = self.batch.__arrow_c_array__(requested_schema)
        top = ArrowArray.from_address(_capsule_pointer(array_capsule, b"arrow_array"))
        self.damage(child(top))
        return schema_capsule, array_capsule


def fresh(values, arrow_type):
    """A new batch of one column `c` (new buffers each time: the damage writes into them)."""
    return pa.record_batch([pa.array(values, arrow_type)], names=["c"])


def set_offsets(*values):
    def damage(a):
        for i, v in enumerate(values):
            if v is not None:
                offsets(a)[i] = v

    return damage


def set_child_length(n, path=()):
    def damage(a):
        for k in path:
            a = child(a, k)
        child(a).length = n

    return damage


INT_LISTS = ([[1, 2], [3]], pa.list_(pa.int32()))  # offsets 0 2 3, child of 3
MAPS = (
    [[("a", 1)], [("b", 2), ("c", 3)]],
    pa.map_(pa.string(), pa.int32()),
)  # 0 1 3, 3 entries
STRINGS = (["ab", "c"], pa.string())  # offsets 0 2 3
STRUCTS = ([{"a": 1}, {"a": 2}, {"a": 3}], pa.struct([pa.field("a", pa.int32())]))
NESTED = ([[{"a": 1}], [{"a": 2}, {"a": 3}]], pa.list_(STRUCTS[1]))

CASES = {
    # name: (values, type, damage, numbers the message must give)
    "list offset past the child": (
        *INT_LISTS,
        set_offsets(None, None, 10),
        ["10", "3"],
    ),
    "map offset past its entries": (*MAPS, set_offsets(None, None, 7), ["7", "3"]),
    "negative list offset": (*INT_LISTS, set_offsets(-4), ["-4"]),
    "negative map offset": (*MAPS, set_offsets(-1), ["-1"]),
    "decreasing list offsets": (*INT_LISTS, set_offsets(None, 3, 1), ["3", "1"]),
    "decreasing string offsets": (*STRINGS, set_offsets(None, 3, 1), ["3", "1"]),
    "short list child": (*INT_LISTS, set_child_length(1), ["1"]),
    "short map entries": (*MAPS, set_child_length(2), ["3", "2"]),
    "short struct child": (*STRUCTS, set_child_length(1), ["3", "1"]),
    "short struct child inside a list": (
        *NESTED,
        set_child_length(1, (0,)),
        ["3", "1"],
    ),
}


@pytest.mark.parametrize("with_schema", [True, False], ids=["schema", "no schema"])
@pytest.mark.parametrize("case", sorted(CASES))
def test_a_buggy_producer_gets_a_typed_error(case, with_schema):
    values, arrow_type, damage, numbers = CASES[case]
    schema = zerorow.Schema.from_arrow(fresh(values, arrow_type).schema)
    producer = BuggyProducer(fresh(values, arrow_type), damage)
    with pytest.raises(zerorow.InvalidDataError) as e:
        zerorow.from_arrow(producer, schema if with_schema else None)
    assert e.value.kind == "invalid_data"
    assert e.value.path.startswith("c"), str(e.value)
    for n in numbers:
        assert n in str(e.value), f"{n} not in: {e.value}"


@pytest.mark.parametrize("case", sorted(CASES))
def test_the_same_batch_undamaged_imports(case):
    # the control: the damage, not the shape, is what is refused
    values, arrow_type, _, _ = CASES[case]
    batch = fresh(values, arrow_type)
    rows = zerorow.from_arrow(BuggyProducer(batch, lambda a: None))
    assert rows.to_arrow().column(0).to_pylist() == batch.column(0).to_pylist()


def test_a_damaged_pyarrow_batch_gets_a_typed_error():
    # a pyarrow batch whose buffers were changed after pyarrow checked it: the general path
    # (a widening cast) validates a column before computing on it
    batch = fresh([[1, 2], [3]], pa.list_(pa.int8()))
    rows_schema = zerorow.Schema([zerorow.field("c", zerorow.list_(zerorow.int32))])
    _, array_capsule = batch.__arrow_c_array__()
    top = ArrowArray.from_address(_capsule_pointer(array_capsule, b"arrow_array"))
    set_offsets(None, 9)(child(top))  # the batch's own offsets buffer: 0 9 3
    with pytest.raises(zerorow.InvalidDataError) as e:
        zerorow.from_arrow(batch, rows_schema)
    assert e.value.path == "c" and "9" in str(e.value)

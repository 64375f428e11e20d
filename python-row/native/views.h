// The zero-copy views: BinaryRow (a row), BinaryArray (a list value), BinaryMap (a map value).
#pragma once

#include <zerorow/resolve.h>

#include <type_traits>

#include "common.h"

namespace zr {

/// How a view hangs off its parent, for error paths (SPEC §4.3) computed only on error.
enum class Link : uint8_t { Top, Field, Element, Keys, Values };

/// What the Python view types share: the buffer's owner and the way back to the parent.
/// The bytes are read only through cpp-row's views (zerorow::BinaryRow / BinaryArray /
/// BinaryMap), which apply the access rules B1-B3 of SPEC §6.2.
struct ViewBase {
  HolderPtr hold;
  nb::object parent;  // the view this one was read from (None at the top)
  int32_t index = 0;  // ordinal in the parent
  Link link = Link::Top;
  bool is_row = false;
  bool unchecked = false;  // level "none": cpp-row's ...Unchecked getters (SPEC §6.2)
};

struct RowView : ViewBase {
  zerorow::BinaryRow row;
  TypePtr type;       // struct type (binding side: names, tzinfo; row.struct_type() is its core)
  nb::object schema;  // the zerorow.Schema at the top level, else None
};

struct ArrayView : ViewBase {
  zerorow::BinaryArray arr;
  TypePtr elem;
};

struct MapView {
  HolderPtr hold;
  zerorow::BinaryMap map;
  TypePtr type;  // map type
  nb::object parent;
  int32_t index = 0;
  Link link = Link::Field;
  bool unchecked = false;
  nb::object key_index;  // dict key -> first ordinal, built on the first lookup (keys only: no cycle)
};

/// A resolved row (SPEC §13.4): the writer's bytes read through a Resolution as a row of the
/// reader. cpp-row's zerorow::ResolvedRow borrows the Resolution's tables: the top-level view
/// holds the Resolution (`resolution`), and every nested view holds its parent.
struct ResolvedRowView : ViewBase {
  zerorow::ResolvedRow row;
  TypePtr type;           // the reader's struct type (binding side: names, tzinfo)
  nb::object resolution;  // the top level's Resolution (it owns the tables), else None
};

struct ResolvedArrayView : ViewBase {
  zerorow::ResolvedArray arr;
  TypePtr elem;  // the reader's element type
};

struct ResolvedMapView {
  HolderPtr hold;
  zerorow::ResolvedMap map;
  TypePtr type;  // the reader's map type
  nb::object parent;
  int32_t index = 0;
  Link link = Link::Field;
  nb::object key_index;  // dict key -> first ordinal, built on the first lookup
};

/// zerorow.Variant (SPEC §3.9): a variant value read in place (cpp-row's VariantView over the
/// row's buffer, which `hold` keeps alive) or built (its own buffer).
struct VariantObject {
  HolderPtr hold;
  zerorow::VariantView view;
};
/// A Variant over `view`, whose bytes `hold` keeps alive (variant.cpp).
nb::object MakeVariant(HolderPtr hold, const zerorow::VariantView& view);
/// The canonical variant of a Python value (SPEC §3.9); Error on a value it cannot hold.
zerorow::Variant VariantOfPython(nb::handle obj);
/// The Python value of a variant (dict, list, str, int, float, Decimal, ...).
nb::object VariantToPython(const zerorow::VariantView& v);
void BindVariant(nb::module_& m);

/// The Python types of the view classes, set once when the module binds them. A view is
/// made by allocating straight from its type (no lookup of the C++ type in nanobind's tables),
/// and "is this a row view" is a pointer compare: both run once per field read.
struct ViewTypes {
  PyTypeObject* row = nullptr;
  PyTypeObject* array = nullptr;
  PyTypeObject* map = nullptr;
  PyTypeObject* rrow = nullptr;
  PyTypeObject* rarray = nullptr;
  PyTypeObject* rmap = nullptr;
};
extern ViewTypes g_types;

/// A new instance of the bound type `type` holding `value` (moved in); a new reference.
template <typename T>
PyObject* NewInstance(PyTypeObject* type, T&& value) {
  nb::object o = nb::inst_alloc(nb::handle(reinterpret_cast<PyObject*>(type)));
  new (nb::inst_ptr<std::remove_cvref_t<T>>(o)) std::remove_cvref_t<T>(std::forward<T>(value));
  nb::inst_mark_ready(o);
  return o.release().ptr();
}

inline bool IsA(nb::handle h, PyTypeObject* t) { return Py_TYPE(h.ptr()) == t || PyObject_TypeCheck(h.ptr(), t); }
inline bool IsRowView(nb::handle h) { return IsA(h, g_types.row); }
inline bool IsArrayView(nb::handle h) { return IsA(h, g_types.array); }
inline bool IsMapView(nb::handle h) { return IsA(h, g_types.map); }
inline bool IsResolvedRowView(nb::handle h) { return IsA(h, g_types.rrow); }
inline bool IsResolvedArrayView(nb::handle h) { return IsA(h, g_types.rarray); }
inline bool IsResolvedMapView(nb::handle h) { return IsA(h, g_types.rmap); }
/// The C++ value of a view whose type the caller has tested.
template <typename T>
T& ViewOf(nb::handle h) {
  return *nb::inst_ptr<T>(h);
}

/// tp_iter of the row and array views: an iterator over their ordinals (module.cpp).
PyObject* ViewIterSlot(PyObject* self);

/// Conversion modes for reading values.
enum Mode : int {
  kObjects = 0,      // datetime objects, views for nested values
  kRawTemporal = 1,  // date/time/timestamp/duration as ints
  kDeep = 2,         // nested values converted to dict / list too
  kMapPairs = 4,     // maps as lists of (key, value) tuples (with kDeep)
};

/// The decode budget of SPEC §6.2, applied to every whole-value conversion (to_dict, to_list,
/// decode, from_row): a valid value holds at most one value per byte (each value, and each
/// byte of a string or binary, takes a byte of its own), so a conversion that would produce
/// more than the value's size is refused as invalid_data before it allocates past that. It
/// catches rows whose references share or overlap bodies (legal at level bounds), which would
/// otherwise cost time and memory exponential in the nesting depth. Scopes nest: each
/// conversion entry point installs its own and restores the outer one on exit; plain
/// attribute reads run with no budget and pay one pointer test.
struct DecodeBudget {
  int64_t left;
  int64_t total;
};
extern DecodeBudget* g_budget;  // the GIL serialises every use
struct BudgetScope {
  DecodeBudget budget;
  DecodeBudget* outer;
  explicit BudgetScope(size_t bytes)
      : budget{static_cast<int64_t>(bytes), static_cast<int64_t>(bytes)}, outer(g_budget) {
    g_budget = &budget;
  }
  ~BudgetScope() { g_budget = outer; }
  BudgetScope(const BudgetScope&) = delete;
  BudgetScope& operator=(const BudgetScope&) = delete;
};
/// The byte size of the region a row / array / map view covers (its decode budget).
size_t RegionSize(nb::handle view);

/// Pauses the cyclic garbage collector for a scope (bulk conversions make only acyclic objects).
struct GcPause {
  GcPause();
  ~GcPause();
  int was_enabled;
};

/// Wraps a top-level row with cpp-row (W1-W2, SPEC §6.2); level "full" first validates it
/// with cpp-row's Validate (SPEC §6.3); level "none" skips every check, on this view and
/// on every view read from it (the caller asserts the bytes are valid).
RowView BuildRow(nb::object schema, const Compiled& c, nb::handle buffer, const std::string& level);
nb::object MakeRow(nb::object schema, const Compiled& c, nb::handle buffer, const std::string& level);
/// A native function `read_row(buffer)` equal to MakeRow(schema, compiled, buffer, level): the
/// per-record reader of the engine functions (one call per row, so it has no Python frame and
/// no argument to convert but the buffer). A bad level raises here.
nb::object RowReader(nb::object schema, nb::object compiled, const std::string& level);
/// Views of many rows of one schema laid in one buffer (an Arrow binary column's data): row k
/// is bytes [starts[k], ends[k]). One native call for a whole batch, every view sharing one
/// hold on the buffer: the rows are checked first, all of them, at `level` (SPEC §6.2), then
/// wrapped with no check of their own. Errors name row first_row + k.
nb::list MakeRows(nb::object schema, const Compiled& c, nb::handle buffer, std::span<const int64_t> starts,
                  std::span<const int64_t> ends, const std::string& level, int64_t first_row = 0);
/// An ArrayView of a map's keys (Link::Keys) or values (Link::Values); a ResolvedArrayView
/// for a ResolvedMapView.
nb::object MapArray(nb::handle map, Link which);
/// Reads ordinal i of a row view / array view `self` (a new reference) with cpp-row's
/// checked getters; throws Error.
PyObject* ReadAt(PyObject* self, const RowView& v, int i, int mode);
PyObject* ReadAt(PyObject* self, const ArrayView& v, int i, int mode);
PyObject* ReadAt(PyObject* self, const ResolvedRowView& v, int i, int mode);
PyObject* ReadAt(PyObject* self, const ResolvedArrayView& v, int i, int mode);
/// Ordinal i of any row or array view, plain or resolved (a new reference; throws Error).
PyObject* ReadAny(nb::handle view, int i, int mode);
/// The ordinal count of any row or array view: fields of a row, elements of an array.
int LengthOf(nb::handle view);
/// A whole row / array / map view converted to dict / list / dict (pairs with kMapPairs),
/// under one decode budget (SPEC §6.2).
nb::object DeepValue(nb::handle view, int mode);
/// The SPEC §4.3 path of ordinal i of a row or array view.
std::string PathOfSlot(nb::handle view, int i);
/// The SPEC §4.3 path of a view.
std::string PathOf(nb::handle view);
/// Ordinal of the field `name` (an interned str compares by pointer first) in a struct type:
/// -1 when absent, -2 when the lookup raised.
int FieldIndexOf(const Type& t, PyObject* name);
/// Read of ordinal i of a row or array view (plain or resolved), range-checked (IndexError); a
/// deep read runs under its own decode budget (SPEC §6.2).
nb::object ReadChecked(nb::handle self, int i, int mode);
/// An iterator over the values of a row or array view.
nb::object MakeIter(nb::handle view);
/// The bytes of a region: the exporter itself when it is a bytes object covering exactly it.
nb::object RegionBytes(const HolderPtr& h, std::span<const uint8_t> region);

/// Raises a cpp-row error as the zerorow error; `prefix` is the path of the view it came from.
[[noreturn]] void ThrowCore(const zerorow::Status& st, const std::string& prefix = {});
/// Same, with the whole path given by the caller (the encoder's walker knows it).
[[noreturn]] void ThrowCoreAt(const zerorow::Status& st, std::string path);
inline void CheckCore(const zerorow::Status& st, const std::string& prefix = {}) {
  if (!st.ok()) ThrowCore(st, prefix);
}

}  // namespace zr

// The guard of the hand-written type slots: C++ errors become the Python error they stand for.
#define ZR_GUARD_BEGIN try {
#define ZR_GUARD_END(ret)                          \
  }                                                \
  catch (const Error& e) {                         \
    SetPyError(e);                                 \
    return ret;                                    \
  }                                                \
  catch (nb::python_error & e) {                   \
    e.restore();                                   \
    return ret;                                    \
  }                                                \
  catch (const nb::builtin_exception& e) {         \
    PyErr_SetString(PyExc_TypeError, e.what());    \
    return ret;                                    \
  }                                                \
  catch (const std::exception& e) {                \
    PyErr_SetString(PyExc_RuntimeError, e.what()); \
    return ret;                                    \
  }

// The zero-copy views: RowData (a row), ArrayData (a list value), MapData (a map value).
#pragma once

#include "common.h"

namespace zr {

/// How a view hangs off its parent, for error paths (SPEC §4.3) computed only on error.
enum class Link : uint8_t { Top, Field, Element, Keys, Values };

/// What rows and arrays share: a region with a null bitmap and n slots of `stride` bytes.
struct Region {
  const uint8_t* data = nullptr;
  uint32_t size = 0;
  const uint8_t* bitmap = nullptr;
  const uint8_t* values = nullptr;
  uint32_t stride = 8;
  int32_t n = 0;
  bool IsNull(int i) const { return (bitmap[i >> 3] >> (i & 7)) & 1; }
};

struct ViewBase {
  HolderPtr hold;
  Region r;
  nb::object parent;  // the view this one was read from (None at the top)
  int32_t index = 0;  // ordinal in the parent
  Link link = Link::Top;
  bool is_row = false;
};

struct RowView : ViewBase {
  TypePtr type;       // struct type
  nb::object schema;  // the zerorow.Schema at the top level, else None
};

struct ArrayView : ViewBase {
  TypePtr elem;
  bool elem_nullable = true;
};

struct MapView {
  HolderPtr hold;
  TypePtr type;  // map type
  const uint8_t* data = nullptr;
  uint32_t size = 0;
  Region keys, values;  // the two arrays; views of them are made on demand (no cycle)
  nb::object parent;
  int32_t index = 0;
  Link link = Link::Field;
  nb::object key_index;  // dict key -> first ordinal, built on the first lookup (keys only: no cycle)
};

/// Conversion modes for reading values.
enum Mode : int {
  kObjects = 0,      // datetime objects, views for nested values
  kRawTemporal = 1,  // date/time/timestamp/duration as ints
  kDeep = 2,         // nested values converted to dict / list too
  kMapPairs = 4,     // maps as lists of (key, value) tuples (with kDeep)
};

/// Pauses the cyclic garbage collector for a scope (bulk conversions make only acyclic objects).
struct GcPause {
  GcPause();
  ~GcPause();
  int was_enabled;
};

/// Wraps a top-level row (W1-W2, SPEC §6.2); level "full" also validates (SPEC §6.3).
RowView BuildRow(nb::object schema, TypePtr type, nb::handle buffer, const std::string& level);
nb::object MakeRow(nb::object schema, TypePtr type, nb::handle buffer, const std::string& level);
/// An ArrayView of a map's keys (Link::Keys) or values (Link::Values).
nb::object MapArray(nb::handle map, Link which);
/// Reads ordinal i of a row/array view `self` (a new reference); throws Error.
PyObject* ReadAt(PyObject* self, const ViewBase& v, const Type& t, int i, int mode);
/// The SPEC §4.3 path of a view.
std::string PathOf(nb::handle view);

}  // namespace zr

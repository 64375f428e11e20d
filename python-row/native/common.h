// Shared pieces of the native module: the compiled type tree, buffer ownership and errors.
//
// A zerorow.Schema holds one Compiled: cpp-row's Schema (parsed or built once, never through
// JSON on the Python side) and, per node of its type, the extras only Python needs (interned
// field names, the name -> ordinal dict, zone objects, an encoder's Enum checks), which
// CompileType lays beside cpp-row's nodes once per schema; views and writers read them
// without touching Python-level type objects.
#pragma once

#include <nanobind/nanobind.h>
// Every translation unit must see the same type casters (else nb::cast<std::string> differs
// between them, an ODR violation the linker resolves arbitrarily).
#include <nanobind/stl/string.h>
#include <zerorow/binary_row.h>
#include <zerorow/row_writer.h>
#include <zerorow/schema.h>

#include <cstdint>
#include <cstring>
#include <memory>
#include <stdexcept>
#include <string>
#include <vector>

namespace zr {

namespace nb = nanobind;

/// cpp-row's type ids (zerorow/types.h): one list of types for the core and the binding.
using Tid = zerorow::TypeId;

struct Type;
using TypePtr = std::shared_ptr<Type>;

struct Field {
  const zerorow::Field* core = nullptr;  // cpp-row's field (name, nullability), in the parent's core
  nb::object py_name;                    // interned str: attribute lookups compare pointers first
  TypePtr type;
};

/// The Python-only extras of one node of cpp-row's DataType (`core`, which owns the layout,
/// the parameters, the names and nullability), linked as its nodes are: interned names, the
/// name -> ordinal dict, the zone's tzinfo, an encoder's Enum check. Immutable once built.
struct Type {
  Tid id = Tid::kInt64;  // core->id(), read on every dispatch
  nb::object tzinfo;     // the timestamp zone's tzinfo (None when naive)
  TypePtr elem;          // list element / map key
  TypePtr value;         // map value
  std::vector<Field> fields;
  nb::object name_map;        // dict name -> ordinal (struct)
  nb::object enum_name;       // an Enum-typed string (encoders only): value -> member name, or None
  zerorow::DataTypePtr core;  // the same type in cpp-row (zerorow::core): views and writers use it
};

/// The extras of every node of cpp-row's type `core`. `enums` (an encoder's, may be absent) maps
/// the ordinal path of a string node (field ordinal; 0 for a list element; 0 / 1 for a map key /
/// value) to the check of its Enum class.
TypePtr CompileType(const zerorow::DataTypePtr& core, nb::handle enums = nb::handle());

/// zerorow._zerorow.NativeType: a handle to one of cpp-row's types; a zerorow.DataType holds one.
struct TypeHandle {
  zerorow::DataTypePtr t;
};

/// A compiled schema, shared by all views of it: cpp-row's Schema and the extras of its nodes.
struct Compiled {
  TypePtr type;
  zerorow::Schema core;
  // A writer reused by encode() (its buffer keeps its capacity); `busy` while in use, since
  // fetching an attribute can run Python code that encodes with the same schema.
  mutable std::unique_ptr<zerorow::RowWriter> writer{};
  mutable bool busy = false;
  bool strict = false;  // an encoder's: refuse values finer than a microsecond (SPEC Appendix A)
};

/// Set while an encoder built with strict=True runs (writer.cpp): values finer than a
/// microsecond are refused instead of truncated toward negative infinity (SPEC Appendix A).
extern bool g_strict;
struct StrictScope {
  bool outer;
  explicit StrictScope(bool strict) : outer(g_strict) { g_strict = strict; }
  ~StrictScope() { g_strict = outer; }
};

/// Encodes the objects of the sequence `objs` as rows appended to `buf` (its canonical form,
/// SPEC §2.6), with the n+1 offsets (offsets[0] = 0); writer.cpp.
void EncodeMany(const Compiled& c, PyObject* objs, std::vector<uint8_t>* buf, std::vector<int64_t>* offsets);

/// Error kinds of SPEC §6.1.
enum class Kind : uint8_t { InvalidData, Truncated, Unsupported, SchemaMismatch };
const char* KindName(Kind k);

/// A format error: thrown inside the native code, raised as the matching zerorow exception.
struct Error : std::exception {
  Kind kind;
  std::string path;
  std::string message;
  Error(Kind k, std::string p, std::string m) : kind(k), path(std::move(p)), message(std::move(m)) {}
  const char* what() const noexcept override { return message.c_str(); }
};

/// Sets the Python exception for `e` (zerorow.<Kind>Error with .kind and .path).
void SetPyError(const Error& e);
/// Registers the Python exception classes (called once by zerorow/__init__.py).
void SetErrorClasses(nb::handle invalid, nb::handle truncated, nb::handle unsupported, nb::handle mismatch);

/// Appends a component to a path (SPEC §4.3): "." before a field name, nothing before
/// "[i]" / "{keys}[i]" (the components themselves are spelled by cpp-row's PathOf).
inline std::string JoinPath(const std::string& path, const std::string& comp) {
  if (path.empty() || comp.empty()) return path + comp;
  return comp[0] == '[' || comp[0] == '{' ? path + comp : path + "." + comp;
}

/// Keeps the exporter of a buffer alive and releases the Py_buffer when the last view goes.
struct Holder {
  Py_buffer view{};
  bool has_view = false;
  std::vector<uint8_t> owned;  // used instead of `view` for rows the writer produced
  const uint8_t* data() const { return has_view ? static_cast<const uint8_t*>(view.buf) : owned.data(); }
  size_t size() const { return has_view ? static_cast<size_t>(view.len) : owned.size(); }
  ~Holder() {
    if (has_view) PyBuffer_Release(&view);
  }
};
using HolderPtr = std::shared_ptr<Holder>;

/// Days since 1970-01-01 of a proleptic Gregorian date, and back (H. Hinnant's algorithms).
int64_t DaysFromCivil(int64_t y, unsigned m, unsigned d);
void CivilFromDays(int64_t z, int64_t* y, unsigned* m, unsigned* d);

void BindReader(nb::module_& m);
void BindWriter(nb::module_& m);

}  // namespace zr

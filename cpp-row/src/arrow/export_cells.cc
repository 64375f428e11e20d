// The cell path of the export (export_internal.h): any column type, value by value. Each
// column is built in one pass over its cells; nested columns recurse on their children's
// cells, so a column costs one walk however deep the value.
#include <cstring>
#include <string>

#include "export_internal.h"
#include "ordinal_path.h"
#include "zerorow/decimal.h"
#include "zerorow/validate.h"

namespace zerorow::arrow_io::internal {

Result<std::span<const uint8_t>> Cells::Body(size_t k) const {
  uint64_t ref = detail::Load<uint64_t>(slot[k]);
  uint64_t off = ref >> 32, sz = ref & 0xffffffffu;
  if (off + sz > region_size[k])
    return Status::Error(
        ErrorKind::kInvalidData,
        "expected offset+size <= " + std::to_string(region_size[k]) + " but found " + std::to_string(off + sz), {},
        region_size[k], static_cast<int64_t>(off + sz));
  return std::span<const uint8_t>(region[k] + off, sz);
}

namespace {

Status OverBudget(const char* what, uint64_t count, uint64_t budget) {
  return Status::Error(ErrorKind::kInvalidData,
                       std::string("expected at most as many ") + what + " as the rows have bytes (" +
                           std::to_string(budget) + ") but found " + std::to_string(count) +
                           ": bodies are shared or overlap (SPEC §6.3 rule e)",
                       {}, static_cast<int64_t>(budget), static_cast<int64_t>(count));
}

// An array of the cells' length with `n_buffers` buffers and the cells' validity bitmap
// (omitted when nothing is null).
void InitColumn(ArrowArray* out, const Cells& cells, int n_buffers) {
  const size_t n = cells.size();
  InitArray(out, static_cast<int64_t>(n), n_buffers);
  Buffer bits((n + 7) / 8);
  int64_t nulls = 0;
  uint8_t* b = bits.data();
  for (size_t k = 0; k < n; ++k) {
    bool valid = cells.slot[k] != nullptr;
    b[k >> 3] |= static_cast<uint8_t>(valid) << (k & 7);
    nulls += !valid;
  }
  out->null_count = nulls;
  if (nulls) SetBuffer(out, 0, std::move(bits));
}

Status ExportBool(const Cells& cells, ArrowArray* out) {
  const size_t n = cells.size();
  InitColumn(out, cells, 2);
  Buffer bits((n + 7) / 8);
  for (size_t k = 0; k < n; ++k) {
    bool v = cells.slot[k] && cells.slot[k][0] != 0;
    bits.data()[k >> 3] |= static_cast<uint8_t>(v) << (k & 7);
  }
  SetBuffer(out, 1, std::move(bits));
  return Status::OK();
}

template <typename T>
Status ExportFixed(const Cells& cells, ArrowArray* out) {
  const size_t n = cells.size();
  InitColumn(out, cells, 2);
  Buffer values(n * sizeof(T));
  T* dst = reinterpret_cast<T*>(values.data());
  const uint8_t* const* src = cells.slot.data();
  for (size_t k = 0; k < n; ++k) dst[k] = src[k] ? detail::Load<T>(src[k]) : T{};
  SetBuffer(out, 1, std::move(values));
  return Status::OK();
}

// Arrow's decimal128: 16-byte little-endian values, whatever the zerorow precision.
Status ExportDecimal(const DataType& t, const Cells& cells, ArrowArray* out) {
  const size_t n = cells.size();
  InitColumn(out, cells, 2);
  Buffer values(n * 16);
  for (size_t k = 0; k < n; ++k) {
    if (!cells.slot[k]) continue;
    __int128 v;
    if (t.precision() <= 18) {
      v = detail::Load<int64_t>(cells.slot[k]);
    } else {
      ZR_ASSIGN_OR_RETURN(auto body, cells.Body(k));
      if (body.empty() || body.size() > 16) return Status::InvalidData("expected decimal byte length in [1, 16]");
      v = DecimalFromBigEndian(body.data(), static_cast<int>(body.size())).unscaled;
    }
    std::memcpy(values.data() + 16 * k, &v, 16);
  }
  SetBuffer(out, 1, std::move(values));
  return Status::OK();
}

// Valid UTF-8 as a whole with no string starting on a continuation byte: every string
// boundary is a code point boundary, so each string is valid on its own (Arrow requires
// that of every utf8 value). Otherwise the strings are checked one by one to name the bad one.
Status CheckUtf8(const uint8_t* data, const int32_t* off, const std::vector<std::span<const uint8_t>>& bodies) {
  const size_t n = bodies.size();
  bool ok = IsValidUtf8(std::span<const uint8_t>(data, static_cast<size_t>(off[n])));
  for (size_t k = 0; ok && k < n; ++k) ok = bodies[k].empty() || (data[off[k]] & 0xC0) != 0x80;
  if (ok) return Status::OK();
  for (size_t k = 0; k < n; ++k) {
    if (!IsValidUtf8(bodies[k]))
      return Status::Error(ErrorKind::kInvalidData, "string is not valid UTF-8",
                           detail::IndexPath(static_cast<int64_t>(k)));
  }
  return Status::OK();
}

Status ExportVarBinary(const Cells& cells, bool utf8, ArrowArray* out) {
  const size_t n = cells.size();
  InitColumn(out, cells, 3);
  Buffer offsets((n + 1) * 4);
  int32_t* off = reinterpret_cast<int32_t*>(offsets.data());
  std::vector<std::span<const uint8_t>> bodies(n);
  uint64_t total = 0;
  for (size_t k = 0; k < n; ++k) {
    off[k] = static_cast<int32_t>(total);
    if (!cells.slot[k]) continue;
    ZR_ASSIGN_OR_RETURN(bodies[k], cells.Body(k));
    total += bodies[k].size();
    if (total > cells.budget) return OverBudget("string/binary bytes", total, cells.budget);
    if (total > INT32_MAX)
      return Status::Unsupported("a string/binary column over 2 GiB needs large_utf8 (not exported)");
  }
  off[n] = static_cast<int32_t>(total);
  Buffer data(total, /*zero=*/false);
  for (size_t k = 0; k < n; ++k) {
    if (!bodies[k].empty()) std::memcpy(data.data() + off[k], bodies[k].data(), bodies[k].size());
  }
  if (utf8) ZR_RETURN_NOT_OK(CheckUtf8(data.data(), off, bodies));
  SetBuffer(out, 1, std::move(offsets));
  SetBuffer(out, 2, std::move(data));
  return Status::OK();
}

// Adds a cell per element of `a` (an array of elements `width` bytes wide) to `child`.
void AddElementCells(const BinaryArray& a, size_t width, Cells* child) {
  const uint8_t* values = a.data() + 8 + a.null_bitmap().size();
  for (int e = 0; e < a.size(); ++e) {
    child->Add(a.IsNullUnchecked(e) ? nullptr : values + width * e, a.data(), a.size_bytes());
  }
}

// Wraps each non-null list cell (B2/B3) and fills the int32 offsets of the list column.
Status WrapLists(const Cells& cells, const DataType& elem, int32_t* off, std::vector<BinaryArray>* arrays) {
  const size_t n = cells.size();
  int64_t total = 0;
  arrays->assign(n, BinaryArray());
  for (size_t k = 0; k < n; ++k) {
    off[k] = static_cast<int32_t>(total);
    if (!cells.slot[k]) continue;
    ZR_ASSIGN_OR_RETURN(auto body, cells.Body(k));
    ZR_ASSIGN_OR_RETURN((*arrays)[k], BinaryArray::WrapNested(body, &elem));
    total += (*arrays)[k].size();
    if (static_cast<uint64_t>(total) > cells.budget) return OverBudget("list elements", total, cells.budget);
    if (total > INT32_MAX) return Status::Unsupported("a list column over 2^31 elements (needs large_list)");
  }
  off[n] = static_cast<int32_t>(total);
  return Status::OK();
}

Status ExportList(const DataType& t, const Cells& cells, ArrowArray* out) {
  const size_t n = cells.size();
  InitColumn(out, cells, 2);
  Buffer offsets((n + 1) * 4);
  int32_t* off = reinterpret_cast<int32_t*>(offsets.data());
  std::vector<BinaryArray> arrays;
  ZR_RETURN_NOT_OK(WrapLists(cells, *t.element(), off, &arrays));
  Cells child;
  child.budget = cells.budget;
  child.Reserve(static_cast<size_t>(off[n]));
  for (size_t k = 0; k < n; ++k) {
    if (cells.slot[k]) AddElementCells(arrays[k], t.element()->element_width(), &child);
  }
  SetBuffer(out, 1, std::move(offsets));
  return ExportColumn(*t.element(), child, AddChild(out));
}

// Wraps each non-null map cell (B2/B3) and fills the int32 offsets of the map column.
Status WrapMaps(const DataType& t, const Cells& cells, int32_t* off, std::vector<BinaryMap>* maps) {
  const size_t n = cells.size();
  maps->assign(n, BinaryMap());
  uint64_t total = 0;
  for (size_t k = 0; k < n; ++k) {
    off[k] = static_cast<int32_t>(total);
    if (!cells.slot[k]) continue;
    ZR_ASSIGN_OR_RETURN(auto body, cells.Body(k));
    ZR_ASSIGN_OR_RETURN((*maps)[k], BinaryMap::Wrap(body, &t));
    total += (*maps)[k].size();
    if (total > cells.budget) return OverBudget("map entries", total, cells.budget);
  }
  if (total > INT32_MAX) return Status::Unsupported("a map column over 2^31 entries");
  off[n] = static_cast<int32_t>(total);
  return Status::OK();
}

// A map column: its key and value arrays are exported like list elements, as the two
// children of a non-nullable "entries" struct.
Status ExportMap(const DataType& t, const Cells& cells, ArrowArray* out) {
  const size_t n = cells.size();
  InitColumn(out, cells, 2);
  Buffer offsets((n + 1) * 4);
  int32_t* off = reinterpret_cast<int32_t*>(offsets.data());
  std::vector<BinaryMap> maps;
  ZR_RETURN_NOT_OK(WrapMaps(t, cells, off, &maps));
  const size_t total = static_cast<size_t>(off[n]);
  Cells keys, values;
  keys.budget = values.budget = cells.budget;
  keys.Reserve(total);
  values.Reserve(total);
  for (size_t k = 0; k < n; ++k) {
    if (!cells.slot[k]) continue;
    AddElementCells(maps[k].keys(), t.key()->element_width(), &keys);
    AddElementCells(maps[k].values(), t.value()->element_width(), &values);
  }
  SetBuffer(out, 1, std::move(offsets));
  ArrowArray* entries = AddChild(out);
  InitArray(entries, static_cast<int64_t>(total), 1);
  Status st = ExportColumn(*t.key(), keys, AddChild(entries));
  if (!st.ok()) return std::move(st).WithPathPrefix("{keys}");
  if (entries->children[0]->null_count != 0) return Status::InvalidData("map key is null");
  st = ExportColumn(*t.value(), values, AddChild(entries));
  if (!st.ok()) return std::move(st).WithPathPrefix("{values}");
  return Status::OK();
}

// Arrow's null type: no buffers, every entry null.
Status ExportNull(const Cells& cells, ArrowArray* out) {
  InitArray(out, static_cast<int64_t>(cells.size()), 0);
  out->null_count = static_cast<int64_t>(cells.size());
  return Status::OK();
}

// fixed_binary(n) and uuid as fixed_size_binary(n): n bytes per entry (B4: each body has n).
Status ExportFixedSizeBinary(const DataType& t, const Cells& cells, ArrowArray* out) {
  const size_t n = cells.size(), w = t.body_size();
  InitColumn(out, cells, 2);
  if (n * w > cells.budget) return OverBudget("fixed_binary bytes", n * w, cells.budget);
  Buffer values(n * w);
  for (size_t k = 0; k < n; ++k) {
    if (!cells.slot[k]) continue;
    ZR_ASSIGN_OR_RETURN(auto body, cells.Body(k));
    if (body.size() != w)
      return Status::Error(ErrorKind::kInvalidData,
                           "expected a " + std::string(TypeIdName(t.id())) + " body of " + std::to_string(w) +
                               " bytes but the reference size is " + std::to_string(body.size()),
                           detail::IndexPath(static_cast<int64_t>(k)), static_cast<int64_t>(w),
                           static_cast<int64_t>(body.size()));
    std::memcpy(values.data() + w * k, body.data(), w);
  }
  SetBuffer(out, 1, std::move(values));
  return Status::OK();
}

// interval as month_day_nano: int32 months, int32 days, int64 nanoseconds (µs × 1000, checked:
// SPEC §12.1).
Status ExportInterval(const Cells& cells, ArrowArray* out) {
  const size_t n = cells.size();
  InitColumn(out, cells, 2);
  Buffer values(n * 16);
  for (size_t k = 0; k < n; ++k) {
    if (!cells.slot[k]) continue;
    ZR_ASSIGN_OR_RETURN(auto body, cells.Body(k));
    if (body.size() != 16)
      return Status::Error(
          ErrorKind::kInvalidData,
          "expected an interval body of 16 bytes but the reference size is " + std::to_string(body.size()),
          detail::IndexPath(static_cast<int64_t>(k)), 16, static_cast<int64_t>(body.size()));
    const int64_t us = detail::Load<int64_t>(body.data() + 8);
    int64_t ns;
    if (__builtin_mul_overflow(us, int64_t{1000}, &ns))
      return Status::Error(ErrorKind::kInvalidData,
                           "interval of " + std::to_string(us) +
                               " microseconds does not fit month_day_nano_interval's int64 nanoseconds",
                           detail::IndexPath(static_cast<int64_t>(k)));
    std::memcpy(values.data() + 16 * k, body.data(), 8);
    std::memcpy(values.data() + 16 * k + 8, &ns, 8);
  }
  SetBuffer(out, 1, std::move(values));
  return Status::OK();
}

// variant as struct<metadata: binary, value: binary> (SPEC §12.1): each body split at 4 + V.
Status ExportVariant(const Cells& cells, ArrowArray* out) {
  const size_t n = cells.size();
  InitColumn(out, cells, 1);
  std::vector<std::span<const uint8_t>> meta(n), value(n);
  uint64_t total_meta = 0, total_value = 0;
  for (size_t k = 0; k < n; ++k) {
    if (!cells.slot[k]) continue;
    ZR_ASSIGN_OR_RETURN(auto body, cells.Body(k));
    const std::string at = detail::IndexPath(static_cast<int64_t>(k));
    if (body.size() < 4)
      return Status::Error(ErrorKind::kInvalidData,
                           "expected a variant body of at least 4 bytes but found " + std::to_string(body.size()), at,
                           4, static_cast<int64_t>(body.size()));
    const uint64_t v = detail::Load<uint32_t>(body.data());
    if (4 + v > body.size())
      return Status::Error(
          ErrorKind::kInvalidData,
          "expected 4 + variant value size <= " + std::to_string(body.size()) + " but found " + std::to_string(4 + v),
          at, static_cast<int64_t>(body.size()), static_cast<int64_t>(4 + v));
    value[k] = body.subspan(4, v);
    meta[k] = body.subspan(4 + v);
    total_meta += meta[k].size();
    total_value += value[k].size();
    if (total_meta + total_value > cells.budget)
      return OverBudget("variant bytes", total_meta + total_value, cells.budget);
  }
  if (total_meta > INT32_MAX || total_value > INT32_MAX)
    return Status::Unsupported("a variant column over 2 GiB (not exported)");
  for (auto* parts : {&meta, &value}) {
    ArrowArray* child = AddChild(out);
    InitArray(child, static_cast<int64_t>(n), 3);
    Buffer offsets((n + 1) * 4);
    int32_t* off = reinterpret_cast<int32_t*>(offsets.data());
    uint64_t total = 0;
    for (size_t k = 0; k < n; ++k) {
      off[k] = static_cast<int32_t>(total);
      total += (*parts)[k].size();
    }
    off[n] = static_cast<int32_t>(total);
    Buffer data(total, /*zero=*/false);
    for (size_t k = 0; k < n; ++k) {
      if (!(*parts)[k].empty()) std::memcpy(data.data() + off[k], (*parts)[k].data(), (*parts)[k].size());
    }
    SetBuffer(child, 1, std::move(offsets));
    SetBuffer(child, 2, std::move(data));
  }
  return Status::OK();
}

Status ExportStruct(const DataType& t, const Cells& cells, ArrowArray* out) {
  const size_t n = cells.size();
  InitColumn(out, cells, 1);
  std::vector<BinaryRow> rows(n);
  for (size_t k = 0; k < n; ++k) {
    if (!cells.slot[k]) continue;
    ZR_ASSIGN_OR_RETURN(auto body, cells.Body(k));
    ZR_ASSIGN_OR_RETURN(rows[k], BinaryRow::WrapNested(body, &t));
  }
  for (int f = 0; f < t.num_fields(); ++f) {
    Cells child;
    child.budget = cells.budget;
    child.Reserve(n);
    for (size_t k = 0; k < n; ++k) {
      const BinaryRow& r = rows[k];
      if (!cells.slot[k] || r.IsNullUnchecked(f)) {
        child.Add(nullptr, nullptr, 0);
      } else {
        child.Add(r.data() + t.bitmap_size() + 8 * static_cast<size_t>(f), r.data(), r.size_bytes());
      }
    }
    Status st = ExportColumn(*t.fields()[f].type, child, AddChild(out));
    if (!st.ok()) return std::move(st).WithPathPrefix(t.fields()[f].name);
  }
  return Status::OK();
}

}  // namespace

Status ExportColumn(const DataType& t, const Cells& cells, ArrowArray* out) {
  switch (t.id()) {
    case TypeId::kBool:
      return ExportBool(cells, out);
    case TypeId::kInt8:
      return ExportFixed<int8_t>(cells, out);
    case TypeId::kInt16:
      return ExportFixed<int16_t>(cells, out);
    case TypeId::kInt32:
    case TypeId::kDate32:
    case TypeId::kFloat32:
    case TypeId::kIntervalYm:
      return ExportFixed<int32_t>(cells, out);
    case TypeId::kInt64:
    case TypeId::kFloat64:
    case TypeId::kTime:
    case TypeId::kTimestamp:
    case TypeId::kDuration:
      return ExportFixed<int64_t>(cells, out);
    case TypeId::kDecimal:
      return ExportDecimal(t, cells, out);
    case TypeId::kString:
    case TypeId::kBinary:
      return ExportVarBinary(cells, t.id() == TypeId::kString, out);
    case TypeId::kList:
      return ExportList(t, cells, out);
    case TypeId::kMap:
      return ExportMap(t, cells, out);
    case TypeId::kStruct:
      return ExportStruct(t, cells, out);
    case TypeId::kNull:
      return ExportNull(cells, out);
    case TypeId::kInterval:
      return ExportInterval(cells, out);
    case TypeId::kFixedBinary:
    case TypeId::kUuid:
      return ExportFixedSizeBinary(t, cells, out);
    case TypeId::kVariant:
      return ExportVariant(cells, out);
  }
  return Status::Unsupported("unknown type");
}

}  // namespace zerorow::arrow_io::internal

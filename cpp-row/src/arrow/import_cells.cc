// One Arrow value -> one zerorow value through the row writers (the import's nested
// columns, whose bodies the writers lay out canonically), and the fixed-width conversions
// shared with the top-level scatter.
#include <cstring>
#include <string>
#include <string_view>

#include "import_internal.h"
#include "zerorow/decimal.h"

namespace zerorow::arrow_io::internal {

Result<uint64_t> FixedBits(const Col& c, int64_t j) {
  const int64_t p = c.Phys(j);
  const void* buf = c.a->buffers[1];
  switch (c.t->id()) {
    case TypeId::kBool:
      return (static_cast<const uint8_t*>(buf)[p >> 3] >> (p & 7)) & 1u;
    case TypeId::kInt8:
      return static_cast<uint8_t>(static_cast<const int8_t*>(buf)[p]);
    case TypeId::kInt16:
      return static_cast<uint16_t>(static_cast<const int16_t*>(buf)[p]);
    case TypeId::kInt32:
    case TypeId::kDate32:
    case TypeId::kFloat32:
      return static_cast<const uint32_t*>(buf)[p];
    case TypeId::kInt64:
    case TypeId::kFloat64:
      return static_cast<const uint64_t*>(buf)[p];
    case TypeId::kTime:
    case TypeId::kTimestamp:
    case TypeId::kDuration: {
      int64_t v = static_cast<const int64_t*>(buf)[p], out;
      if (c.div > 1) {
        if (v % c.div != 0)
          return Status::InvalidData("value " + std::to_string(v) + " is not a whole number of microseconds");
        out = v / c.div;
      } else if (__builtin_mul_overflow(v, c.mul, &out)) {
        return Status::InvalidData("value " + std::to_string(v) + " overflows int64 microseconds");
      }
      if (c.t->id() == TypeId::kTime && (out < 0 || out >= 86'400'000'000LL))
        return Status::InvalidData("time " + std::to_string(out) + " is outside [0, 86400000000)");
      return static_cast<uint64_t>(out);
    }
    case TypeId::kDecimal: {
      __int128 v;
      std::memcpy(&v, static_cast<const uint8_t*>(buf) + 16 * p, 16);
      if (!DecimalFitsPrecision(Decimal128{v}, c.t->precision()))
        return Status::InvalidData("decimal " + DecimalToString(Decimal128{v}, c.t->scale()) + " exceeds precision " +
                                   std::to_string(c.t->precision()));
      return static_cast<uint64_t>(static_cast<int64_t>(v));
    }
    default:
      return Status::Unsupported("not a fixed-width type");
  }
}

uint64_t Canonical(const DataType& t, uint64_t bits) {
  // Canonical NaN (SPEC §2.6) for values coming from Arrow.
  if (t.id() == TypeId::kFloat32) {
    uint32_t b = static_cast<uint32_t>(bits);
    if ((b & 0x7f800000u) == 0x7f800000u && (b & 0x007fffffu)) return 0x7fc00000u;
  } else if (t.id() == TypeId::kFloat64) {
    if ((bits & 0x7ff0000000000000ull) == 0x7ff0000000000000ull && (bits & 0x000fffffffffffffull))
      return 0x7ff8000000000000ull;
  }
  return bits;
}

namespace {

Status WriteList(detail::SlotWriter* w, int i, const Col& c, int64_t j) {
  auto [b, e] = c.Range(j);
  if (e < b) return Status::InvalidData("Arrow list offsets decrease");
  ArrayWriter a;
  ZR_RETURN_NOT_OK(w->BeginArray(i, e - b, &a));
  for (int64_t k = b; k < e; ++k) {
    Status st = WriteCell(&a, static_cast<int>(k - b), c.children[0], k);
    if (!st.ok()) return std::move(st).WithPathPrefix(w->PathOf(i));
  }
  return a.Finish();
}

// Entries [b, e) of column `c` (the map's keys or values) as the elements of `a`; an error
// is prefixed with the path of the map (field/element i of `w`).
Status WriteEntries(ArrayWriter* a, const Col& c, int64_t entries_offset, int64_t b, int64_t e,
                    const detail::SlotWriter& w, int i) {
  for (int64_t k = b; k < e; ++k) {
    Status st = WriteCell(a, static_cast<int>(k - b), c, entries_offset + k);
    if (!st.ok()) return std::move(st).WithPathPrefix(w.PathOf(i));
  }
  return a->Finish();
}

Status WriteMap(detail::SlotWriter* w, int i, const Col& c, int64_t j) {
  auto [b, e] = c.Range(j);
  if (e < b) return Status::InvalidData("Arrow map offsets decrease");
  MapWriter m;
  ZR_RETURN_NOT_OK(w->BeginMap(i, &m));
  ArrayWriter keys, values;
  ZR_RETURN_NOT_OK(m.BeginKeys(e - b, &keys));
  // The entries struct's offset applies to its key and value arrays.
  ZR_RETURN_NOT_OK(WriteEntries(&keys, c.children[0], c.entries_offset, b, e, *w, i));
  ZR_RETURN_NOT_OK(m.BeginValues(e - b, &values));
  ZR_RETURN_NOT_OK(WriteEntries(&values, c.children[1], c.entries_offset, b, e, *w, i));
  return m.Finish();
}

Status WriteStruct(detail::SlotWriter* w, int i, const Col& c, int64_t j) {
  RowWriter r;
  ZR_RETURN_NOT_OK(w->BeginStruct(i, &r));
  const int64_t p = c.Phys(j);  // a struct's offset applies to its children
  for (int f = 0; f < c.t->num_fields(); ++f) {
    Status st = WriteCell(&r, f, c.children[f], p);
    if (!st.ok()) return std::move(st).WithPathPrefix(w->PathOf(i));
  }
  return r.Finish();
}

Status WriteVarBinary(detail::SlotWriter* w, int i, const Col& c, int64_t j) {
  auto [b, e] = c.Range(j);
  if (e < b || b < 0) return Status::InvalidData("Arrow offsets decrease").WithPathPrefix(w->PathOf(i));
  const std::string_view value(static_cast<const char*>(c.a->buffers[2]) + b, e - b);
  return c.t->id() == TypeId::kString ? w->WriteString(i, value) : w->WriteBinary(i, value);
}

// Inlined into WriteCell: it is the per-element path of every primitive list (a call per
// element costs the nested import about 5 %).
[[gnu::always_inline]] inline Status WriteFixed(detail::SlotWriter* w, int i, const Col& c, int64_t j) {
  auto fixed = FixedBits(c, j);
  if (!fixed.ok()) return fixed.status().WithPathPrefix(w->PathOf(i));
  const uint64_t bits = *fixed;
  switch (c.t->id()) {
    case TypeId::kBool:
      return w->WriteBool(i, bits != 0);
    case TypeId::kInt8:
      return w->WriteInt8(i, static_cast<int8_t>(bits));
    case TypeId::kInt16:
      return w->WriteInt16(i, static_cast<int16_t>(bits));
    case TypeId::kInt32:
    case TypeId::kDate32:
      return w->WriteInt32(i, static_cast<int32_t>(bits));
    case TypeId::kFloat32: {
      float f;
      uint32_t b32 = static_cast<uint32_t>(bits);
      std::memcpy(&f, &b32, 4);
      return w->WriteFloat32(i, f);
    }
    case TypeId::kFloat64: {
      double d;
      std::memcpy(&d, &bits, 8);
      return w->WriteFloat64(i, d);
    }
    case TypeId::kDecimal:
      return w->WriteDecimal(i, Decimal128{static_cast<int64_t>(bits)});
    default:
      return w->WriteInt64(i, static_cast<int64_t>(bits));
  }
}

}  // namespace

Status WriteCell(detail::SlotWriter* w, int i, const Col& c, int64_t j) {
  if (!c.Valid(j)) return w->SetNull(i);
  switch (c.t->id()) {
    case TypeId::kString:
    case TypeId::kBinary:
      return WriteVarBinary(w, i, c, j);
    case TypeId::kDecimal:
      if (c.t->precision() <= 18) return WriteFixed(w, i, c, j);
      {
        __int128 v;
        std::memcpy(&v, static_cast<const uint8_t*>(c.a->buffers[1]) + 16 * c.Phys(j), 16);
        return w->WriteDecimal(i, Decimal128{v});
      }
    case TypeId::kList:
      return WriteList(w, i, c, j);
    case TypeId::kMap:
      return WriteMap(w, i, c, j);
    case TypeId::kStruct:
      return WriteStruct(w, i, c, j);
    default:
      return WriteFixed(w, i, c, j);
  }
}

}  // namespace zerorow::arrow_io::internal

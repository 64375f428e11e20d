// One Arrow value -> one zerorow value through the row writers (SPEC §12.2): the value is
// read in its Arrow layout (dictionaries and run ends looked through), converted as its
// verdict says (widened, rule 6, checked) and written with the writer of the target type,
// whose checks (range, UTF-8, sizes, precision, variants) apply.
#include <cmath>
#include <cstring>
#include <string>
#include <string_view>
#include <tuple>

#include "import_internal.h"
#include "ordinal_path.h"
#include "zerorow/decimal.h"

namespace zerorow::arrow_io::internal {
namespace {

Status Bad(const std::string& what) { return Status::InvalidData(what); }

int64_t LoadSigned(const void* buf, int width, int64_t p) {
  switch (width) {
    case 1:
      return static_cast<const int8_t*>(buf)[p];
    case 2:
      return static_cast<const int16_t*>(buf)[p];
    case 4:
      return static_cast<const int32_t*>(buf)[p];
    default:
      return static_cast<const int64_t*>(buf)[p];
  }
}

uint64_t LoadUnsigned(const void* buf, int width, int64_t p) {
  switch (width) {
    case 1:
      return static_cast<const uint8_t*>(buf)[p];
    case 2:
      return static_cast<const uint16_t*>(buf)[p];
    case 4:
      return static_cast<const uint32_t*>(buf)[p];
    default:
      return static_cast<const uint64_t*>(buf)[p];
  }
}

float HalfToFloat(uint16_t h) {
  const uint32_t sign = static_cast<uint32_t>(h & 0x8000) << 16;
  const uint32_t exp = (h >> 10) & 0x1f, mant = h & 0x3ff;
  uint32_t bits;
  if (exp == 0) {
    if (mant == 0) {
      bits = sign;
    } else {  // subnormal: exact in float32
      float f = std::ldexp(static_cast<float>(mant), -24);
      std::memcpy(&bits, &f, 4);
      bits |= sign;
    }
  } else if (exp == 31) {
    bits = sign | 0x7f800000u | (mant << 13);
  } else {
    bits = sign | ((exp + 112) << 23) | (mant << 13);
  }
  float out;
  std::memcpy(&out, &bits, 4);
  return out;
}

__int128 Pow10(int n) {
  __int128 p = 1;
  while (n-- > 0) p *= 10;
  return p;
}

// The unscaled value of a decimal32/64/128/256 entry; a decimal256 must fit 128 bits.
Result<__int128> DecimalUnscaled(const Col& c, int64_t p) {
  const uint8_t* b = static_cast<const uint8_t*>(c.a->buffers[1]) + static_cast<size_t>(c.f.width) * p;
  switch (c.f.width) {
    case 4: {
      int32_t v;
      std::memcpy(&v, b, 4);
      return v;
    }
    case 8: {
      int64_t v;
      std::memcpy(&v, b, 8);
      return v;
    }
    case 16: {
      __int128 v;
      std::memcpy(&v, b, 16);
      return v;
    }
    default: {
      __int128 lo, hi;
      std::memcpy(&lo, b, 16);
      std::memcpy(&hi, b + 16, 16);
      if (hi != (lo < 0 ? -1 : 0)) return Bad(c.arrow_name + " value has more than 38 digits");
      return lo;
    }
  }
}

// An integer-like value (ints, dates, times and durations in µs, months) written as the target
// type: the writer's integer types, a float (SPEC §13.3 int -> float), a decimal, an interval.
Status WriteInteger(detail::SlotWriter* w, int i, const Col& c, int64_t v) {
  const DataType& t = w->TypeAt(i);
  switch (t.id()) {
    case TypeId::kFloat32:
    case TypeId::kFloat64:
      return w->WriteFloat(i, static_cast<double>(v));
    case TypeId::kDecimal:
      return w->WriteDecimal(i, Decimal128{static_cast<__int128>(v) * Pow10(t.scale())});
    case TypeId::kInterval:
      if (c.f.source == Source::kMonths) return w->WriteInterval(i, Interval{static_cast<int32_t>(v), 0, 0});
      return w->WriteInterval(i, Interval{0, 0, v});  // a duration (SPEC §13.3)
    case TypeId::kBool:
    case TypeId::kInt8:
    case TypeId::kInt16:
    case TypeId::kInt32:
    case TypeId::kInt64:
    case TypeId::kString:
    case TypeId::kBinary:
    case TypeId::kDate32:
    case TypeId::kTime:
    case TypeId::kTimestamp:
    case TypeId::kDuration:
    case TypeId::kList:
    case TypeId::kMap:
    case TypeId::kStruct:
    case TypeId::kNull:
    case TypeId::kIntervalYm:
    case TypeId::kFixedBinary:
    case TypeId::kUuid:
    case TypeId::kVariant:
      return w->WriteInt(i, v);  // range-checked; other types are refused by the writer
  }
  return w->WriteInt(i, v);
}

std::span<const uint8_t> BinaryValue(const Col& c, int64_t j) {
  if (c.f.source == Source::kFixedSizeBinary) {
    const uint8_t* data = static_cast<const uint8_t*>(c.a->buffers[1]);
    return {data + static_cast<size_t>(c.f.fixed) * c.Phys(j), static_cast<size_t>(c.f.fixed)};
  }
  if (c.f.source == Source::kBinaryView) {
    const uint8_t* v = static_cast<const uint8_t*>(c.a->buffers[1]) + 16 * c.Phys(j);
    int32_t len, buf, off;
    std::memcpy(&len, v, 4);
    if (len <= 12) return {v + 4, static_cast<size_t>(len)};
    std::memcpy(&buf, v + 8, 4);
    std::memcpy(&off, v + 12, 4);
    return {static_cast<const uint8_t*>(c.a->buffers[2 + buf]) + off, static_cast<size_t>(len)};
  }
  auto [b, e] = c.Range(j);
  return {static_cast<const uint8_t*>(c.a->buffers[2]) + b, static_cast<size_t>(e - b)};
}

// Elements [b, e) of child `e` as the elements of a new array at i.
Status WriteList(detail::SlotWriter* w, int i, const Col& c, int64_t j) {
  int64_t b, e;
  switch (c.f.source) {
    case Source::kFixedSizeList:
      b = c.Phys(j) * c.f.fixed;
      e = b + c.f.fixed;
      break;
    case Source::kListView: {
      const int64_t p = c.Phys(j);
      if (c.f.width == 8) {
        b = static_cast<const int64_t*>(c.a->buffers[1])[p];
        e = b + static_cast<const int64_t*>(c.a->buffers[2])[p];
      } else {
        b = static_cast<const int32_t*>(c.a->buffers[1])[p];
        e = b + static_cast<const int32_t*>(c.a->buffers[2])[p];
      }
      break;
    }
    default:
      std::tie(b, e) = c.Range(j);
  }
  ArrayWriter a;
  ZR_RETURN_NOT_OK(w->BeginArray(i, e - b, &a));
  for (int64_t k = b; k < e; ++k) {
    Status st = WriteCell(&a, static_cast<int>(k - b), c.children[0], k);
    if (!st.ok()) return std::move(st).WithPathPrefix(w->PathOf(i));
  }
  return a.Finish();
}

// Entries [b, e) of column `c` (the map's keys or values) as the elements of `a`.
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
  MapWriter m;
  ZR_RETURN_NOT_OK(w->BeginMap(i, &m));
  ArrayWriter keys, values;
  ZR_RETURN_NOT_OK(m.BeginKeys(e - b, &keys));
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
    const Col& child = c.children[f];
    Status st = WriteCell(&r, f, child, p);
    if (!st.ok()) return std::move(st).WithPathPrefix(w->PathOf(i));
  }
  return r.Finish();
}

Status WriteVariant(detail::SlotWriter* w, int i, const Col& c, int64_t j) {
  const int64_t p = c.Phys(j);
  const Col& meta = c.children[0];
  const Col& value = c.children[1];
  if (!meta.Valid(p) || !value.Valid(p))
    return Status::Error(ErrorKind::kInvalidData, "a parquet.variant has a null metadata or value", w->PathOf(i));
  return w->WriteVariant(i, BinaryValue(meta, p), BinaryValue(value, p));
}

// The run holding logical entry j of a run-end encoded array (run ends checked by Bind).
int64_t FindRun(const Col& c, int64_t j) {
  const Col& ends = c.children[0];
  const int64_t logical = c.a->offset + j;
  int64_t lo = 0, hi = ends.a->length;
  while (lo < hi) {
    const int64_t mid = lo + (hi - lo) / 2;
    const int64_t p = ends.Phys(mid);
    const int64_t end = ends.f.width == 2   ? static_cast<const int16_t*>(ends.a->buffers[1])[p]
                        : ends.f.width == 4 ? static_cast<const int32_t*>(ends.a->buffers[1])[p]
                                            : static_cast<const int64_t*>(ends.a->buffers[1])[p];
    if (end > logical)
      hi = mid;
    else
      lo = mid + 1;
  }
  return lo;
}

}  // namespace

Result<int64_t> ToMicros(const Col& c, int64_t v) {
  if (c.f.unit_div > 1) {
    const int64_t q = v / c.f.unit_div, r = v % c.f.unit_div;
    if (r != 0 && c.strict)
      return Bad(c.arrow_name + " value " + std::to_string(v) +
                 " has nanoseconds; a zerorow value holds microseconds (strict: SPEC Appendix A rule 6)");
    return r < 0 ? q - 1 : q;  // floor, as Spark and Flink do (SPEC Appendix A rule 6)
  }
  int64_t out;
  if (__builtin_mul_overflow(v, c.f.unit_mul, &out))
    return Bad(c.arrow_name + " value " + std::to_string(v) + " does not fit int64 microseconds");
  return out;
}

Result<std::pair<const Col*, int64_t>> Resolve(const Col& c, int64_t j) {
  const Col* cur = &c;
  for (int hops = 0; hops < 256; ++hops) {
    switch (cur->f.source) {
      case Source::kDictionary: {
        if (!cur->Valid(j)) return std::pair<const Col*, int64_t>(cur, j);  // a null index
        const int64_t p = cur->Phys(j);
        const Col& values = cur->children[0];
        int64_t idx;
        if (cur->f.unsigned_index) {
          const uint64_t u = LoadUnsigned(cur->a->buffers[1], cur->f.width, p);
          idx = u > static_cast<uint64_t>(INT64_MAX) ? -1 : static_cast<int64_t>(u);
        } else {
          idx = LoadSigned(cur->a->buffers[1], cur->f.width, p);
        }
        if (idx < 0 || idx >= values.a->length)
          return Status::Error(ErrorKind::kInvalidData,
                               "Arrow array: dictionary index " + std::to_string(idx) +
                                   " is outside the dictionary's " + std::to_string(values.a->length) + " values",
                               {}, values.a->length, idx);
        cur = &values;
        j = idx;
        continue;
      }
      case Source::kRunEnd:
        j = FindRun(*cur, j);
        cur = &cur->children[1];
        continue;
      case Source::kNull:
      case Source::kBool:
      case Source::kSigned:
      case Source::kUnsigned:
      case Source::kFloat16:
      case Source::kFloat32:
      case Source::kFloat64:
      case Source::kDecimal:
      case Source::kDate32:
      case Source::kDate64:
      case Source::kTime:
      case Source::kTimestamp:
      case Source::kDuration:
      case Source::kMonths:
      case Source::kDayTime:
      case Source::kMonthDayNano:
      case Source::kBinary:
      case Source::kBinaryView:
      case Source::kFixedSizeBinary:
      case Source::kList:
      case Source::kListView:
      case Source::kFixedSizeList:
      case Source::kMap:
      case Source::kStruct:
      case Source::kVariant:
        return std::pair<const Col*, int64_t>(cur, j);
    }
  }
  return Bad("Arrow array: dictionaries nested more than 256 levels");
}

Result<uint64_t> FixedBits(const Col& c, int64_t j) {
  const int64_t p = c.Phys(j);
  const void* buf = c.a->buffers[1];
  switch (c.f.source) {
    case Source::kBool:
      return (static_cast<const uint8_t*>(buf)[p >> 3] >> (p & 7)) & 1u;
    case Source::kSigned:
    case Source::kDate32:
    case Source::kMonths:
      switch (c.f.width == 0 ? 4 : c.f.width) {
        case 1:
          return static_cast<uint8_t>(static_cast<const int8_t*>(buf)[p]);
        case 2:
          return static_cast<uint16_t>(static_cast<const int16_t*>(buf)[p]);
        case 4:
          return static_cast<uint32_t>(static_cast<const int32_t*>(buf)[p]);
        default:
          return static_cast<uint64_t>(static_cast<const int64_t*>(buf)[p]);
      }
    case Source::kFloat32: {
      uint32_t b = static_cast<const uint32_t*>(buf)[p];
      if ((b & 0x7f800000u) == 0x7f800000u && (b & 0x007fffffu)) b = 0x7fc00000u;  // canonical NaN (SPEC §2.6)
      return b;
    }
    case Source::kFloat64: {
      uint64_t b = static_cast<const uint64_t*>(buf)[p];
      if ((b & 0x7ff0000000000000ull) == 0x7ff0000000000000ull && (b & 0x000fffffffffffffull))
        b = 0x7ff8000000000000ull;
      return b;
    }
    case Source::kTime:
    case Source::kTimestamp:
    case Source::kDuration: {
      ZR_ASSIGN_OR_RETURN(int64_t us, ToMicros(c, LoadSigned(buf, c.f.width, p)));
      if (c.f.source == Source::kTime && (us < 0 || us >= 86'400'000'000LL))
        return Bad("time " + std::to_string(us) + " is outside [0, 86400000000)");
      return static_cast<uint64_t>(us);
    }
    case Source::kDecimal: {
      ZR_ASSIGN_OR_RETURN(__int128 v, DecimalUnscaled(c, p));
      if (!DecimalFitsPrecision(Decimal128{v}, c.t->precision()))
        return Bad("decimal " + DecimalToString(Decimal128{v}, c.t->scale()) + " exceeds precision " +
                   std::to_string(c.t->precision()));
      return static_cast<uint64_t>(static_cast<int64_t>(v));
    }
    case Source::kNull:
    case Source::kUnsigned:
    case Source::kFloat16:
    case Source::kDate64:
    case Source::kDayTime:
    case Source::kMonthDayNano:
    case Source::kBinary:
    case Source::kBinaryView:
    case Source::kFixedSizeBinary:
    case Source::kList:
    case Source::kListView:
    case Source::kFixedSizeList:
    case Source::kMap:
    case Source::kStruct:
    case Source::kVariant:
    case Source::kDictionary:
    case Source::kRunEnd:
      break;
  }
  return Status::Unsupported("not a fixed-width value read as itself");
}

Status WriteCell(detail::SlotWriter* w, int i, const Col& col, int64_t j) {
  auto resolved = Resolve(col, j);
  if (!resolved.ok()) return resolved.status().WithPathPrefix(w->PathOf(i));
  const Col& c = *resolved->first;
  j = resolved->second;
  if (!c.Valid(j)) return w->SetNull(i);
  const int64_t p = c.Phys(j);
  const void* buf = c.a->n_buffers > 1 ? c.a->buffers[1] : nullptr;
  auto at = [&](Status st) { return st.ok() ? st : std::move(st).WithPathPrefix(w->PathOf(i)); };
  switch (c.f.source) {
    case Source::kNull:
      return w->SetNull(i);
    case Source::kBool:
      return w->WriteBool(i, (static_cast<const uint8_t*>(buf)[p >> 3] >> (p & 7)) & 1u);
    case Source::kSigned:
    case Source::kDate32:
    case Source::kMonths:
      return WriteInteger(w, i, c, LoadSigned(buf, c.f.width == 0 ? 4 : c.f.width, p));
    case Source::kUnsigned: {
      const uint64_t u = LoadUnsigned(buf, c.f.width, p);
      if (w->TypeAt(i).id() == TypeId::kDecimal)  // uint64 -> decimal(20, 0) (SPEC §12.2)
        return w->WriteDecimal(i, Decimal128{static_cast<__int128>(u) * Pow10(w->TypeAt(i).scale())});
      if (u > static_cast<uint64_t>(INT64_MAX))
        return at(Bad("uint64 value " + std::to_string(u) + " does not fit " + w->TypeAt(i).ToJson()));
      return WriteInteger(w, i, c, static_cast<int64_t>(u));
    }
    case Source::kFloat16:
      return w->WriteFloat(i, HalfToFloat(static_cast<const uint16_t*>(buf)[p]));
    case Source::kFloat32:
      return w->WriteFloat(i, static_cast<const float*>(buf)[p]);
    case Source::kFloat64:
      return w->WriteFloat(i, static_cast<const double*>(buf)[p]);
    case Source::kDecimal: {
      auto v = DecimalUnscaled(c, p);
      if (!v.ok()) return at(v.status());
      const DataType& t = w->TypeAt(i);
      const int shift = t.id() == TypeId::kDecimal ? t.scale() - c.f.scale : 0;
      if (shift > 0 && !DecimalFitsPrecision(Decimal128{*v}, c.f.precision))
        return at(
            Bad(c.arrow_name + " value " + DecimalToString(Decimal128{*v}, c.f.scale) + " exceeds its precision"));
      return w->WriteDecimal(i, Decimal128{*v * Pow10(shift)});
    }
    case Source::kDate64: {
      const int64_t ms = static_cast<const int64_t*>(buf)[p];
      if (ms % 86'400'000 != 0)  // SPEC §12.2: checked
        return at(Bad("date64[ms] value " + std::to_string(ms) + " is not a whole number of days"));
      return WriteInteger(w, i, c, ms / 86'400'000);
    }
    case Source::kTime:
    case Source::kTimestamp:
    case Source::kDuration: {
      auto us = ToMicros(c, LoadSigned(buf, c.f.width, p));
      if (!us.ok()) return at(us.status());
      return WriteInteger(w, i, c, *us);
    }
    case Source::kDayTime: {
      int32_t days, ms;
      std::memcpy(&days, static_cast<const uint8_t*>(buf) + 8 * p, 4);
      std::memcpy(&ms, static_cast<const uint8_t*>(buf) + 8 * p + 4, 4);
      return w->WriteInterval(i, Interval{0, days, int64_t{ms} * 1000});
    }
    case Source::kMonthDayNano: {
      const uint8_t* v = static_cast<const uint8_t*>(buf) + 16 * p;
      int32_t months, days;
      int64_t ns;
      std::memcpy(&months, v, 4);
      std::memcpy(&days, v + 4, 4);
      std::memcpy(&ns, v + 8, 8);
      auto us = ToMicros(c, ns);
      if (!us.ok()) return at(us.status());
      return w->WriteInterval(i, Interval{months, days, *us});
    }
    case Source::kBinary:
    case Source::kBinaryView:
    case Source::kFixedSizeBinary: {
      std::span<const uint8_t> bytes = BinaryValue(c, j);
      if (c.f.parquet_interval) {  // SPEC §12.3: u32 months, days (< 2^31 checked) and ms
        uint32_t v[3];
        std::memcpy(v, bytes.data(), sizeof v);
        if (v[0] > INT32_MAX || v[1] > INT32_MAX)
          return at(
              Status::Error(ErrorKind::kInvalidData,
                            "the Parquet INTERVAL (" + std::to_string(v[0]) + " months, " + std::to_string(v[1]) +
                                " days) has months or days of 2^31 or more, which a zerorow interval cannot hold"));
        return w->WriteInterval(i,
                                Interval{static_cast<int32_t>(v[0]), static_cast<int32_t>(v[1]), int64_t{v[2]} * 1000});
      }
      if (w->TypeAt(i).id() == TypeId::kString)
        return w->WriteString(i, std::string_view(reinterpret_cast<const char*>(bytes.data()), bytes.size()));
      return w->WriteBinary(i, bytes);
    }
    case Source::kList:
    case Source::kListView:
    case Source::kFixedSizeList:
      return WriteList(w, i, c, j);
    case Source::kMap:
      return WriteMap(w, i, c, j);
    case Source::kStruct:
      return WriteStruct(w, i, c, j);
    case Source::kVariant:
      return WriteVariant(w, i, c, j);
    case Source::kDictionary:
    case Source::kRunEnd:
      break;  // Resolve() looked through them
  }
  return at(Status::Error(ErrorKind::kSchemaMismatch, "cannot write " + c.arrow_name + " as " + c.t->ToJson()));
}

}  // namespace zerorow::arrow_io::internal

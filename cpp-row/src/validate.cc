// The full validator (SPEC §6.3): one pass, every rule in the order the spec gives.
// Recursion follows the schema, whose depth is at most 64 (SPEC §7), so the stack is bounded.
#include "zerorow/validate.h"

#include <bit>
#include <cstring>
#include <string>

#include "ordinal_path.h"
#include "zerorow/variant.h"

namespace zerorow {

namespace {

constexpr int64_t kMicrosPerDay = 86'400'000'000LL;
constexpr uint64_t k2p31 = uint64_t{1} << 31;
constexpr uint64_t kMaxWrap = (uint64_t{1} << 31) - 8;  // the largest row (SPEC §7)

uint64_t Pad8(uint64_t x) { return (x + 7) & ~uint64_t{7}; }
uint64_t LoadU64(const uint8_t* p) { return detail::Load<uint64_t>(p); }

Status Bad(std::string path, const std::string& what, uint64_t expected, uint64_t actual) {
  return Status::Error(ErrorKind::kInvalidData, what, std::move(path), static_cast<int64_t>(expected),
                       static_cast<int64_t>(actual));
}
Status BadMsg(std::string path, const std::string& what) {
  return Status::Error(ErrorKind::kInvalidData, what, std::move(path));
}
std::string Num(uint64_t v) { return std::to_string(v); }

bool AllZero(const uint8_t* p, size_t n) {
  for (size_t k = 0; k < n; ++k) {
    if (p[k]) return false;
  }
  return true;
}

// The path component of element i (SPEC §4.3); a map's "{keys}" / "{values}" is prefixed
// by Map().
std::string ElemName(size_t i) { return detail::IndexPath(static_cast<int64_t>(i)); }

class Validator {
 public:
  /// kFull: every rule of SPEC §6.3. kReads: what a reader of every value checks at level bounds
  /// (ValidateReads in validate.h), within the decode budget of `budget` values.
  enum class Mode : uint8_t { kFull, kReads };
  Validator() = default;
  Validator(Mode mode, uint64_t budget) : mode_(mode), budget_(budget), row_bytes_(budget) {}

  // A region [0, size) holding a row of struct type t.
  Status Row(const uint8_t* p, uint64_t size, const DataType& t, bool top_level) {
    const uint64_t n = t.num_fields();
    const uint64_t fixed = t.fixed_region_size();
    if (size < fixed)
      return Status::Error(top_level ? ErrorKind::kTruncated : ErrorKind::kInvalidData,
                           "expected row size >= " + Num(fixed) + " (fixed region) but found " + Num(size), {},
                           static_cast<int64_t>(fixed), static_cast<int64_t>(size));
    if (size % 8 != 0) return Bad({}, "expected row size % 8 == 0 but found size " + Num(size), 0, size % 8);
    const uint8_t* slots = p + t.bitmap_size();
    if (mode_ == Mode::kReads) return RowReads(p, size, t, slots);
    ZR_RETURN_NOT_OK(BitmapTail(p, n));
    uint64_t cursor = fixed;
    const uint64_t* masks = t.fast_slot_masks().data();
    for (uint64_t i = 0; i < n; ++i) {
      bool is_null = (p[i >> 3] >> (i & 7)) & 1;
      // Fast path for the common case: a non-null fixed-width value whose slot has zero
      // high bytes and whose type has no value rule (SPEC §6.3 3.2). Anything else, and
      // every error, goes through Value() below.
      const uint64_t mask = masks[i];
      if (!is_null && mask != ~uint64_t{0} && (LoadU64(slots + 8 * i) & mask) == 0) continue;
      const Field& f = t.fields()[i];
      const DataType& ft = *f.type;
      Status st = Value(p, size, slots + 8 * i, 8, ft, f.nullable, is_null, /*in_row=*/true, fixed, &cursor);
      if (!st.ok()) return std::move(st).WithPathPrefix(f.name);
    }
    if (cursor != size)
      return Bad({},
                 "expected row size == " + Num(cursor) + " (end of the last body) but found " + Num(size) +
                     " (trailing bytes)",
                 cursor, size);
    return Status::OK();
  }

  Status Array(const uint8_t* p, uint64_t size, const DataType& elem, bool elem_nullable) {
    if (size < 8) return Bad({}, "expected array size >= 8 but found " + Num(size), 8, size);
    const uint64_t n = LoadU64(p);
    if (n >= k2p31) return Bad({}, "expected array count < 2^31 but found " + Num(n), k2p31, n);
    const uint64_t w = elem.element_width();
    const uint64_t bitmap = ((n + 63) / 64) * 8;
    const uint64_t fixed = 8 + bitmap + Pad8(n * w);
    if (fixed > size)
      return Bad({},
                 "array count larger than the buffer: expected 8 + bitmap + elements = " + Num(fixed) +
                     " <= " + Num(size) + " but count is " + Num(n),
                 size, fixed);
    if (size % 8 != 0) return Bad({}, "expected array size % 8 == 0 but found size " + Num(size), 0, size % 8);
    const uint8_t* elems = p + 8 + bitmap;
    if (mode_ == Mode::kReads) return ArrayReads(p, size, elem, elem_nullable, n, elems);
    ZR_RETURN_NOT_OK(BitmapTail(p + 8, n));
    if (!AllZero(elems + n * w, Pad8(n * w) - n * w))
      return BadMsg({}, "expected zero element padding after " + Num(n) + " elements");
    uint64_t cursor = fixed;
    // Fast path: fixed-width elements with nothing to check but null slots being zero.
    for (uint64_t i = 0; i < n; ++i) {
      bool is_null = (p[8 + (i >> 3)] >> (i & 7)) & 1;
      Status st = Value(p, size, elems + w * i, w, elem, elem_nullable, is_null, /*in_row=*/false, fixed, &cursor);
      if (!st.ok()) return std::move(st).WithPathPrefix(ElemName(i));
    }
    if (cursor != size)
      return Bad({},
                 "expected array size == " + Num(cursor) + " (end of the last body) but found " + Num(size) +
                     " (trailing bytes)",
                 cursor, size);
    return Status::OK();
  }

  // The fixed region of a top-level row: rules 1, 2, 3.1, 3.2 and 3.3 a-d, no body entered.
  Status FixedRegion(const uint8_t* p, uint64_t size, const DataType& t) {
    const uint64_t n = t.num_fields();
    const uint64_t fixed = t.fixed_region_size();
    if (size < fixed)
      return Status::Error(ErrorKind::kTruncated,
                           "expected row size >= " + Num(fixed) + " (fixed region) but found " + Num(size), {},
                           static_cast<int64_t>(fixed), static_cast<int64_t>(size));
    if (size % 8 != 0) return Bad({}, "expected row size % 8 == 0 but found size " + Num(size), 0, size % 8);
    ZR_RETURN_NOT_OK(BitmapTail(p, n));
    const uint8_t* slots = p + t.bitmap_size();
    for (uint64_t i = 0; i < n; ++i) {
      const Field& f = t.fields()[i];
      Status st = SlotLayout(size, slots + 8 * i, *f.type, f.nullable, (p[i >> 3] >> (i & 7)) & 1, fixed);
      if (!st.ok()) return std::move(st).WithPathPrefix(f.name);
    }
    return Status::OK();
  }

  Status Map(const uint8_t* p, uint64_t size, const DataType& t) {
    if (size < 8) return Bad({}, "expected map size >= 8 but found " + Num(size), 8, size);
    const uint64_t k = LoadU64(p);
    if (k % 8 != 0) return Bad({}, "expected key array size % 8 == 0 but found " + Num(k), 0, k % 8);
    if (k > size - 8)
      return Bad({}, "expected 8 + key array size <= " + Num(size) + " but found key array size " + Num(k), size - 8,
                 k);
    // Errors inside the key / value array are reported under "{keys}" / "{values}" (SPEC §4.3).
    // At kReads a null key is refused by ArrayReads' B5 test (keys are never nullable).
    Status st = Array(p + 8, k, *t.key(), /*nullable=*/false);
    if (!st.ok()) return std::move(st).WithPathPrefix("{keys}");
    st = Array(p + 8 + k, size - 8 - k, *t.value(), t.value_nullable());
    if (!st.ok()) return std::move(st).WithPathPrefix("{values}");
    uint64_t kn = LoadU64(p + 8), vn = LoadU64(p + 8 + k);
    if (kn != vn)
      return Bad({}, "map with key/value counts that differ: expected " + Num(kn) + " values but found " + Num(vn), kn,
                 vn);
    return Status::OK();
  }

 private:
  // Bits at positions >= n of a bitmap of ceil(n/64)*8 bytes MUST be 0.
  static Status BitmapTail(const uint8_t* bitmap, uint64_t n) {
    if (n % 64 == 0) return Status::OK();
    uint64_t last = LoadU64(bitmap + (n / 64) * 8);
    uint64_t extra = last >> (n % 64);
    if (extra != 0) return BadMsg({}, "null bitmap has bits set at positions >= " + Num(n));
    return Status::OK();
  }

  // Rules 3.1, 3.2 and 3.3 a-d of one row slot, without its body.
  static Status SlotLayout(uint64_t size, const uint8_t* slot, const DataType& t, bool nullable, bool is_null,
                           uint64_t fixed) {
    const bool big_decimal = t.id() == TypeId::kDecimal && t.precision() > 18;
    // SPEC §3.5, §3.7: a decimal p > 18 and an interval keep a 16-byte reserve in a row, null or not.
    const bool reserve = big_decimal || t.id() == TypeId::kInterval;
    if (is_null && !nullable) return BadMsg({}, "null value in a non-nullable field");
    if (is_null && !reserve) return Status::OK();  // a non-zero null slot is canonical form (full), not layout
    if (t.storage() == StorageKind::kNone) return BadMsg({}, "a value of type null must have its null bit set");
    if (t.is_fixed_width()) return Fixed(slot, 8, t);
    const uint64_t ref = LoadU64(slot);
    const uint64_t off = ref >> 32, sz = ref & 0xffffffffu;
    if (off >= k2p31) return Bad({}, "expected offset < 2^31 but found " + Num(off), k2p31, off);
    if (sz >= k2p31) return Bad({}, "expected size < 2^31 but found " + Num(sz), k2p31, sz);
    if (off % 8 != 0)
      return Bad({}, "misaligned offset: expected offset % 8 == 0 but found offset " + Num(off), 0, off % 8);
    if (off < fixed)
      return Bad({}, "offset inside the fixed region: expected offset >= " + Num(fixed) + " but found " + Num(off),
                 fixed, off);
    const uint64_t end = reserve ? off + 16 : off + Pad8(sz);
    if (end > size)
      return Bad({}, "offset/size past the end: expected offset+size <= " + Num(size) + " but found " + Num(end), size,
                 end);
    if (big_decimal && (is_null ? sz != 0 : sz < 1 || sz > 16))
      return Bad(
          {}, "expected decimal byte length in [" + std::string(is_null ? "0, 0" : "1, 16") + "] but found " + Num(sz),
          is_null ? 0 : 16, sz);
    // SPEC §6.2 B4: a body of a fixed size (an interval's, null or not, is 16); a variant's
    // value size is inside its body, read with it.
    if (t.body_size() != 0 && sz != t.body_size())
      return Bad({},
                 "expected a " + std::string(TypeIdName(t.id())) + " body of " + Num(t.body_size()) +
                     " bytes but the reference size is " + Num(sz),
                 t.body_size(), sz);
    if (t.id() == TypeId::kVariant && sz < 4)
      return Bad({}, "expected a variant body of at least 4 bytes but found " + Num(sz), 4, sz);
    return Status::OK();
  }

  // ---- Mode::kReads: the access rules at every value (SPEC §6.2 B1-B3) -------------------

  // Takes `n` values (or string/binary bytes) from the budget of SPEC §6.2: a row holds at most
  // one per byte, so a row whose references share bodies fails here instead of taking time
  // exponential in its depth.
  Status Take(uint64_t n) {
    if (n <= budget_) {
      budget_ -= n;
      return Status::OK();
    }
    return Bad({},
               "expected at most as many values as the row has bytes (" + Num(row_bytes_) +
                   ") but found more: bodies are shared or overlap (SPEC §6.2)",
               row_bytes_, row_bytes_ + 1);
  }

  Status RowReads(const uint8_t* p, uint64_t size, const DataType& t, const uint8_t* slots) {
    const uint64_t n = t.num_fields();
    ZR_RETURN_NOT_OK(Take(n));
    for (uint64_t i = 0; i < n; ++i) {
      const Field& f = t.fields()[i];
      if ((p[i >> 3] >> (i & 7)) & 1) {
        // SPEC §6.2 B5: the export never reads a null for a field that cannot be null.
        if (!f.nullable) return BadMsg({}, "null value in a non-nullable field").WithPathPrefix(f.name);
        continue;
      }
      if (f.type->is_fixed_width()) continue;
      Status st = ValueReads(p, size, slots + 8 * i, *f.type);
      if (!st.ok()) return std::move(st).WithPathPrefix(f.name);
    }
    return Status::OK();
  }

  Status ArrayReads(const uint8_t* p, uint64_t size, const DataType& elem, bool elem_nullable, uint64_t n,
                    const uint8_t* elems) {
    ZR_RETURN_NOT_OK(Take(n));
    if (!elem_nullable && elem.id() != TypeId::kNull) {  // SPEC §6.2 B5, one test per bitmap word
      for (uint64_t w = 0; w < (n + 63) / 64; ++w) {
        uint64_t bits = LoadU64(p + 8 + 8 * w);
        if (w == n / 64) bits &= (uint64_t{1} << (n % 64)) - 1;  // bits >= n are not read (full checks them)
        if (bits != 0)
          return BadMsg({}, "null value in a non-nullable element")
              .WithPathPrefix(ElemName(64 * w + static_cast<uint64_t>(std::countr_zero(bits))));
      }
    }
    if (elem.is_fixed_width()) return Status::OK();
    for (uint64_t i = 0; i < n; ++i) {
      if ((p[8 + (i >> 3)] >> (i & 7)) & 1) continue;
      Status st = ValueReads(p, size, elems + 8 * i, elem);
      if (!st.ok()) return std::move(st).WithPathPrefix(ElemName(i));
    }
    return Status::OK();
  }

  // A non-null variable-width value read as a getter reads it: B2 on its reference, B3 on the
  // body, then the body's own values; strings must be UTF-8 (what Arrow's utf8 requires).
  Status ValueReads(const uint8_t* region, uint64_t size, const uint8_t* slot, const DataType& t) {
    const uint64_t ref = LoadU64(slot);
    const uint64_t off = ref >> 32, sz = ref & 0xffffffffu;
    if (off + sz > size)
      return Bad({}, "expected offset+size <= " + Num(size) + " but found " + Num(off + sz), size, off + sz);
    const uint8_t* body = region + off;
    switch (t.id()) {
      case TypeId::kString:
        ZR_RETURN_NOT_OK(Take(sz));
        if (!IsValidUtf8(std::span<const uint8_t>(body, sz))) return BadMsg({}, "string is not valid UTF-8");
        return Status::OK();
      case TypeId::kBinary:
        return Take(sz);
      case TypeId::kDecimal:
        if (sz < 1 || sz > 16) return Bad({}, "expected decimal byte length in [1, 16] but found " + Num(sz), 16, sz);
        return Status::OK();
      case TypeId::kFixedBinary:
      case TypeId::kUuid:
      case TypeId::kInterval: {  // SPEC §6.2 B4
        if (sz != t.body_size())
          return Bad({},
                     "expected a " + std::string(TypeIdName(t.id())) + " body of " + Num(t.body_size()) +
                         " bytes but the reference size is " + Num(sz),
                     t.body_size(), sz);
        // A row that passes converts to Arrow (SPEC §12.1): an interval's microseconds must
        // fit month_day_nano_interval's int64 nanoseconds.
        int64_t ns;
        if (t.id() == TypeId::kInterval && __builtin_mul_overflow(detail::Load<int64_t>(body + 8), int64_t{1000}, &ns))
          return BadMsg({}, "interval of " + std::to_string(detail::Load<int64_t>(body + 8)) +
                                " microseconds does not fit Arrow month_day_nano_interval's int64 nanoseconds");
        return Take(sz);
      }
      case TypeId::kVariant: {  // SPEC §6.2 B4 (§3.9 rule 1): the export splits value and metadata
        if (sz < 4) return Bad({}, "expected a variant body of at least 4 bytes but found " + Num(sz), 4, sz);
        const uint64_t v = detail::Load<uint32_t>(body);
        if (4 + v > sz)
          return Bad({}, "expected 4 + variant value size <= " + Num(sz) + " but found " + Num(4 + v), sz, 4 + v);
        return Take(sz);
      }
      case TypeId::kStruct:
        return Row(body, sz, t, false);
      case TypeId::kList:
        return Array(body, sz, *t.element(), t.element_nullable());
      case TypeId::kMap:
        return Map(body, sz, t);
      default:
        return Status::OK();
    }
  }

  // One slot (row, w = 8) or element (array, w = natural width); rule 3 of SPEC §6.3.
  Status Value(const uint8_t* region, uint64_t size, const uint8_t* slot, uint64_t w, const DataType& t, bool nullable,
               bool is_null, bool in_row, uint64_t fixed, uint64_t* cursor) {
    if (is_null) return NullValue(region, size, slot, w, t, nullable, in_row, cursor);
    switch (t.storage()) {
      case StorageKind::kNone:
        return BadMsg({}, "a value of type null must have its null bit set");
      case StorageKind::kFixed:
        return Fixed(slot, w, t);
      case StorageKind::kBody:
      case StorageKind::kArray:
      case StorageKind::kMap:
      case StorageKind::kRow:
        return Reference(region, size, slot, t, in_row, fixed, cursor);
    }
    return Status::OK();
  }

  // Rule 3.1: a null value. Its slot is 0, except the 16-byte reserve a decimal p > 18 and an
  // interval keep in a row (SPEC §3.5, §3.7).
  static Status NullValue(const uint8_t* region, uint64_t size, const uint8_t* slot, uint64_t w, const DataType& t,
                          bool nullable, bool in_row, uint64_t* cursor) {
    if (!nullable) return BadMsg({}, "null value in a non-nullable field");
    const bool reserve = in_row && (t.id() == TypeId::kInterval || (t.id() == TypeId::kDecimal && t.precision() > 18));
    if (!reserve) {
      if (!AllZero(slot, w)) return BadMsg({}, "expected a zero slot for a null value");
      return Status::OK();
    }
    const uint64_t ref = LoadU64(slot), size_bits = t.id() == TypeId::kInterval ? 16 : 0;
    const uint64_t want = (*cursor << 32) | size_bits;
    const std::string what = t.id() == TypeId::kInterval ? "interval" : "decimal";
    if (ref != want)
      return Bad({},
                 "expected null " + what + " slot (offset " + Num(*cursor) + ", size " + Num(size_bits) +
                     ") but found offset " + Num(ref >> 32) + " size " + Num(ref & 0xffffffffu),
                 want, ref);
    if (*cursor + 16 > size)
      return Bad({}, "expected offset+16 <= " + Num(size) + " but found " + Num(*cursor + 16), size, *cursor + 16);
    if (!AllZero(region + *cursor, 16)) return BadMsg({}, "expected a zero 16-byte reserve for a null " + what);
    *cursor += 16;
    return Status::OK();
  }

  // Rules 3.3 a-h: a reference, its body at the cursor, the body valid for its type.
  Status Reference(const uint8_t* region, uint64_t size, const uint8_t* slot, const DataType& t, bool in_row,
                   uint64_t fixed, uint64_t* cursor) {
    const uint64_t ref = LoadU64(slot);
    const uint64_t off = ref >> 32, sz = ref & 0xffffffffu;
    if (off >= k2p31) return Bad({}, "expected offset < 2^31 but found " + Num(off), k2p31, off);
    if (sz >= k2p31) return Bad({}, "expected size < 2^31 but found " + Num(sz), k2p31, sz);
    if (off % 8 != 0)
      return Bad({}, "misaligned offset: expected offset % 8 == 0 but found offset " + Num(off), 0, off % 8);
    if (off < fixed)
      return Bad({}, "offset inside the fixed region: expected offset >= " + Num(fixed) + " but found " + Num(off),
                 fixed, off);
    if (off + Pad8(sz) > size)
      return Bad({},
                 "offset/size past the end: expected offset+size <= " + Num(size) + " but found " + Num(off + Pad8(sz)),
                 size, off + Pad8(sz));
    if (off != *cursor)
      return Bad({},
                 "expected offset " + Num(*cursor) + " (canonical order, no gaps or overlaps) but found " + Num(off),
                 *cursor, off);
    if (!AllZero(region + off + sz, Pad8(sz) - sz)) return BadMsg({}, "expected zero padding after the body");
    const uint8_t* body = region + off;
    uint64_t next = off + Pad8(sz);
    switch (t.storage()) {
      case StorageKind::kRow:
        ZR_RETURN_NOT_OK(Row(body, sz, t, false));
        break;
      case StorageKind::kArray:
        ZR_RETURN_NOT_OK(Array(body, sz, *t.element(), t.element_nullable()));
        break;
      case StorageKind::kMap:
        ZR_RETURN_NOT_OK(Map(body, sz, t));
        break;
      case StorageKind::kBody:
        ZR_RETURN_NOT_OK(Body(body, sz, t, in_row, off, size, &next));
        break;
      case StorageKind::kFixed:
      case StorageKind::kNone:
        break;  // no reference (Value() dispatched them)
    }
    *cursor = next;
    return Status::OK();
  }

  // Rule 3.3 g for the body kind: what each type's bytes must be.
  static Status Body(const uint8_t* body, uint64_t sz, const DataType& t, bool in_row, uint64_t off, uint64_t size,
                     uint64_t* next) {
    switch (t.id()) {
      case TypeId::kString:
        if (!IsValidUtf8(std::span<const uint8_t>(body, sz))) return BadMsg({}, "string is not valid UTF-8");
        return Status::OK();
      case TypeId::kBinary:
        return Status::OK();
      case TypeId::kFixedBinary:
      case TypeId::kUuid:
      case TypeId::kInterval:
        if (sz != t.body_size())
          return Bad({},
                     "expected a " + std::string(TypeIdName(t.id())) + " body of " + Num(t.body_size()) +
                         " bytes but the reference size is " + Num(sz),
                     t.body_size(), sz);
        return Status::OK();
      case TypeId::kVariant:
        return VariantBody(body, sz);
      case TypeId::kDecimal: {
        if (sz < 1 || sz > 16) return Bad({}, "expected decimal byte length in [1, 16] but found " + Num(sz), 16, sz);
        if (in_row) {
          if (off + 16 > size)
            return Bad({}, "expected offset+16 <= " + Num(size) + " but found " + Num(off + 16), size, off + 16);
          if (!AllZero(body + sz, 16 - sz))
            return BadMsg({}, "expected zero bytes after the decimal in its 16-byte reserve");
          *next = off + 16;
        }
        Decimal128 v = DecimalFromBigEndian(body, static_cast<int>(sz));
        if (!DecimalFitsPrecision(v, t.precision()))
          return Bad({}, "decimal " + DecimalToString(v, t.scale()) + " exceeds precision " + Num(t.precision()),
                     t.precision(), t.precision() + 1);
        return Status::OK();
      }
      case TypeId::kBool:
      case TypeId::kInt8:
      case TypeId::kInt16:
      case TypeId::kInt32:
      case TypeId::kInt64:
      case TypeId::kFloat32:
      case TypeId::kFloat64:
      case TypeId::kDate32:
      case TypeId::kTime:
      case TypeId::kTimestamp:
      case TypeId::kDuration:
      case TypeId::kList:
      case TypeId::kMap:
      case TypeId::kStruct:
      case TypeId::kNull:
      case TypeId::kIntervalYm:
        break;  // not of the body kind
    }
    return Status::OK();
  }

  // SPEC §3.9: [u32 V][value][metadata], rules 1-3; the variant path goes into the message.
  static Status VariantBody(const uint8_t* body, uint64_t sz) {
    if (sz < 4) return Bad({}, "expected a variant body of at least 4 bytes but found " + Num(sz), 4, sz);
    const uint64_t v = detail::Load<uint32_t>(body);
    if (v < 1) return Bad({}, "expected a variant value of at least 1 byte but found 0", 1, 0);
    if (4 + v > sz)
      return Bad({}, "expected 4 + variant value size <= " + Num(sz) + " but found " + Num(4 + v), sz, 4 + v);
    auto view =
        VariantView::Make(std::span<const uint8_t>(body + 4 + v, sz - 4 - v), std::span<const uint8_t>(body + 4, v));
    Status st = view.ok() ? view->Validate() : view.status();
    if (!st.ok())
      return Status::Error(ErrorKind::kInvalidData, st.message() + (st.path().empty() ? "" : " (at " + st.path() + ")"),
                           {}, st.expected(), st.actual());
    return Status::OK();
  }

  static Status Fixed(const uint8_t* slot, uint64_t w, const DataType& t) {
    const uint64_t nw = t.element_width();
    if (w > nw && !AllZero(slot + nw, w - nw))
      return BadMsg({}, "expected zero high bytes in the slot of " + TypeIdWithArticle(t.id()));
    switch (t.id()) {
      case TypeId::kBool:
        if (slot[0] > 1) return Bad({}, "expected bool 0 or 1 but found " + Num(slot[0]), 1, slot[0]);
        break;
      case TypeId::kTime: {
        int64_t v = detail::Load<int64_t>(slot);
        if (v < 0 || v >= kMicrosPerDay)
          return Status::Error(ErrorKind::kInvalidData,
                               "expected time in [0, 86400000000) but found " + std::to_string(v), {}, kMicrosPerDay,
                               v);
        break;
      }
      case TypeId::kDecimal: {
        Decimal128 v{detail::Load<int64_t>(slot)};
        if (!DecimalFitsPrecision(v, t.precision()))
          return Bad({}, "decimal " + DecimalToString(v, t.scale()) + " exceeds precision " + Num(t.precision()),
                     t.precision(), t.precision() + 1);
        break;
      }
      case TypeId::kInt8:
      case TypeId::kInt16:
      case TypeId::kInt32:
      case TypeId::kInt64:
      case TypeId::kFloat32:
      case TypeId::kFloat64:
      case TypeId::kDate32:
      case TypeId::kTimestamp:
      case TypeId::kDuration:
      case TypeId::kIntervalYm:
        break;  // every bit pattern is a value
      case TypeId::kString:
      case TypeId::kBinary:
      case TypeId::kList:
      case TypeId::kMap:
      case TypeId::kStruct:
      case TypeId::kNull:
      case TypeId::kInterval:
      case TypeId::kFixedBinary:
      case TypeId::kUuid:
      case TypeId::kVariant:
        break;  // not of the fixed kind
    }
    return Status::OK();
  }

  Mode mode_ = Mode::kFull;
  uint64_t budget_ = 0;
  uint64_t row_bytes_ = 0;
};

}  // namespace

std::string_view ValidationLevelName(ValidationLevel level) {
  switch (level) {
    case ValidationLevel::kNone:
      return "none";
    case ValidationLevel::kBounds:
      return "bounds";
    case ValidationLevel::kFull:
      return "full";
  }
  return "full";
}

Status Validate(const Schema& schema, std::span<const uint8_t> bytes, ValidationLevel level) {
  return Validate(*schema.struct_type(), bytes, level);
}

Status Validate(const DataType& struct_type, std::span<const uint8_t> bytes, ValidationLevel level) {
  switch (level) {
    case ValidationLevel::kNone:
      return Status::OK();
    case ValidationLevel::kBounds: {
      const uint64_t fixed = struct_type.fixed_region_size();
      if (bytes.size() < fixed)
        return Status::Error(ErrorKind::kTruncated,
                             "expected row size >= " + Num(fixed) + " (fixed region) but found " + Num(bytes.size()),
                             {}, static_cast<int64_t>(fixed), static_cast<int64_t>(bytes.size()));
      if (bytes.size() % 8 != 0)
        return Bad({}, "expected row size % 8 == 0 but found size " + Num(bytes.size()), 0, bytes.size() % 8);
      if (bytes.size() > (uint64_t{1} << 31) - 8)
        return Bad({}, "expected row size <= 2^31-8 but found " + Num(bytes.size()), (uint64_t{1} << 31) - 8,
                   bytes.size());
      // W1-W2 only: the access rules B1-B5 are checked when a value is read (B5 by Wrap).
      return Status::OK();
    }
    case ValidationLevel::kFull:
      if (bytes.size() > (uint64_t{1} << 31) - 8)
        return Bad({}, "expected row size <= 2^31-8 but found " + Num(bytes.size()), (uint64_t{1} << 31) - 8,
                   bytes.size());
      return Validator().Row(bytes.data(), bytes.size(), struct_type, true);
  }
  return Status::OK();
}

Status ValidateFixedRegion(const DataType& struct_type, std::span<const uint8_t> bytes) {
  if (bytes.size() > kMaxWrap)
    return Bad({}, "expected row size <= 2^31-8 but found " + Num(bytes.size()), kMaxWrap, bytes.size());
  return Validator().FixedRegion(bytes.data(), bytes.size(), struct_type);
}

Status ValidateReads(const DataType& struct_type, std::span<const uint8_t> bytes) {
  if (bytes.size() > kMaxWrap)
    return Bad({}, "expected row size <= 2^31-8 but found " + Num(bytes.size()), kMaxWrap, bytes.size());
  return Validator(Validator::Mode::kReads, bytes.size()).Row(bytes.data(), bytes.size(), struct_type, true);
}

Result<BinaryRow> ValidateAndWrap(const Schema& schema, std::span<const uint8_t> bytes, ValidationLevel level) {
  if (level == ValidationLevel::kNone)
    return BinaryRow::WrapUnchecked(bytes.data(), bytes.size(), schema.struct_type().get());
  ZR_RETURN_NOT_OK(Validate(schema, bytes, level));
  return BinaryRow::Wrap(bytes, schema);
}

Status ValidateStructBody(const DataType& struct_type, std::span<const uint8_t> bytes) {
  return Validator().Row(bytes.data(), bytes.size(), struct_type, false);
}
Status ValidateArrayBody(const DataType& element_type, std::span<const uint8_t> bytes) {
  return Validator().Array(bytes.data(), bytes.size(), element_type, true);
}
Status ValidateMapBody(const DataType& map_type, std::span<const uint8_t> bytes) {
  return Validator().Map(bytes.data(), bytes.size(), map_type);
}

bool IsValidUtf8(std::span<const uint8_t> s) {
  const uint8_t* p = s.data();
  const uint8_t* end = p + s.size();
  while (p < end) {
    // ASCII fast path, 8 bytes at a time.
    while (end - p >= 8) {
      uint64_t v;
      std::memcpy(&v, p, 8);
      if (v & 0x8080808080808080ull) break;
      p += 8;
    }
    if (p >= end) break;
    uint8_t c = *p;
    if (c < 0x80) {
      ++p;
      continue;
    }
    int len;
    uint32_t cp;
    if (c >= 0xC2 && c <= 0xDF) {
      len = 2;
      cp = c & 0x1F;
    } else if (c >= 0xE0 && c <= 0xEF) {
      len = 3;
      cp = c & 0x0F;
    } else if (c >= 0xF0 && c <= 0xF4) {
      len = 4;
      cp = c & 0x07;
    } else
      return false;
    if (end - p < len) return false;
    for (int k = 1; k < len; ++k) {
      if ((p[k] & 0xC0) != 0x80) return false;
      cp = (cp << 6) | (p[k] & 0x3F);
    }
    if ((len == 3 && (cp < 0x800 || (cp >= 0xD800 && cp <= 0xDFFF))) || (len == 4 && (cp < 0x10000 || cp > 0x10FFFF)))
      return false;
    p += len;
  }
  return true;
}

}  // namespace zerorow

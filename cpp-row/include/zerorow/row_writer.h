// Writers that build canonical rows (SPEC §2.6) into a growable buffer.
//
// A top-level RowWriter owns (or borrows) a std::vector<uint8_t>. Reset() starts a row and
// reserves its zeroed fixed region; Write*(ordinal, value) fill slots; variable-width values
// append their bodies at the cursor. Nested values are written with child writers that
// append into the same buffer:
//
//   zerorow::RowWriter w(schema);
//   w.Reset();
//   ZR_RETURN_NOT_OK(w.WriteInt32(0, 7));
//   zerorow::ArrayWriter a;
//   ZR_RETURN_NOT_OK(w.BeginArray(1, /*count=*/3, &a));
//   for (int i = 0; i < 3; ++i) ZR_RETURN_NOT_OK(a.WriteInt32(i, i));
//   ZR_RETURN_NOT_OK(a.Finish());          // patches the reference in w's slot 1
//   ZR_RETURN_NOT_OK(w.Finish());
//   zerorow::BinaryRow row = w.row();      // valid until the next Reset()
//
// A writer never returns OK from Finish() for bytes that Validate(kFull) refuses:
//  - variable-width values (string, binary, list, map, struct, decimal with precision > 18)
//    are written at most once each, in increasing ordinal order (canonical layout puts
//    bodies in ordinal order); a write out of order is refused with invalid_argument;
//  - a nullable field or element that was never written is null (its null bit is set from the
//    start and every write clears it); a non-nullable one, of any type, is an
//    invalid_argument error at Finish() naming it: no value silently reads as 0;
//  - a child writer must be Finish()ed before its parent writes another variable-width
//    value or finishes; a child destroyed unfinished makes the parent's Finish() fail;
//  - no write is accepted after Finish(): call Reset() (top level) to start the next row;
//    Reset() detaches any child writer still open, whose later calls are refused.
// Fixed-width fields may be written in any order and again (the last write wins; writing a
// value clears a null set before). Every write checks the ordinal (out_of_range), the field
// type (schema_mismatch), the value (invalid_data: range, UTF-8, decimal precision) and the
// 32-bit offset limit (invalid_data "row larger than 2^31-8 bytes", SPEC §7) before it
// writes: an error is returned, never undefined behaviour.
#pragma once

#include <cstdint>
#include <cstring>
#include <limits>
#include <span>
#include <string>
#include <string_view>
#include <type_traits>
#include <vector>

#include "zerorow/binary_row.h"
#include "zerorow/decimal.h"
#include "zerorow/interval.h"
#include "zerorow/schema.h"
#include "zerorow/status.h"
#include "zerorow/variant.h"

namespace zerorow {

class RowWriter;
class ArrayWriter;
class MapWriter;

/// Largest top-level row a writer produces (SPEC §7).
inline constexpr uint64_t kMaxRowSize = (uint64_t{1} << 31) - 8;

namespace detail {

/// The parent/child link between writers that write into one buffer. It is what lets a
/// writer refuse calls that would leave the row invalid: writes to a finished or detached
/// writer, a parent finishing while a child is open, a child destroyed before Finish().
class WriterLink {
 public:
  WriterLink(const WriterLink&) = delete;
  WriterLink& operator=(const WriterLink&) = delete;

 protected:
  enum class State : uint8_t { kIdle, kOpen, kFinished, kDetached, kMovedFrom };
  WriterLink() = default;
  /// Takes `o`'s place: its parent (if `o` is an open child) now links to this writer. A child
  /// `o` had open is detached, and this writer's Finish() then fails (as after a child
  /// destroyed unfinished); `o` refuses every later call.
  WriterLink(WriterLink&& o) noexcept { TakeFrom(o); }
  WriterLink& operator=(WriterLink&& o) noexcept;
  ~WriterLink();
  void TakeFrom(WriterLink& o) noexcept;
  /// OK when this writer is open and no child is open; else the error saying what to do.
  Status Usable() const;
  /// Refused when `child` is open (in use by another value).
  Status CanAttach(const WriterLink* child) const;
  /// Makes `child` this writer's open child, written at ordinal `ordinal`.
  void Attach(WriterLink* child, int ordinal);
  /// Marks this writer finished and tells the parent its child is done.
  void Complete();
  /// Detaches the chain of open children (their later calls are refused).
  void DetachChildren();
  virtual void OnStateChange() {}

  WriterLink* parent_ = nullptr;
  WriterLink* child_ = nullptr;
  int child_ordinal_ = -1;
  State state_ = State::kIdle;
  bool child_dropped_ = false;
  bool top_level_ = false;
};

/// What RowWriter and ArrayWriter share: bitmap + slots/elements in a growing buffer.
class SlotWriter : public WriterLink {
 public:
  SlotWriter() = default;
  SlotWriter(SlotWriter&& o) noexcept : WriterLink(std::move(o)) { TakeSlots(o); }
  SlotWriter& operator=(SlotWriter&& o) noexcept {
    if (this != &o) {
      WriterLink::operator=(std::move(o));
      TakeSlots(o);
    }
    return *this;
  }

  /// Marks ordinal i null and zeroes its slot. Decimal p > 18 in a row keeps its 16-byte
  /// reserve (SPEC §3.5), so call SetNull for those in ordinal order like any body.
  Status SetNull(int i);

  // Fixed-width writes are inline: a range and type check (one load), then a store.
  // The slot is already zero, so a narrow value leaves its high bytes 0 (SPEC §3: no sign
  // extension), which keeps equal values byte-equal.
  Status WriteBool(int i, bool v) { return Fixed<uint8_t>(i, v ? 1 : 0, TypeId::kBool, TypeId::kBool); }
  Status WriteInt8(int i, int8_t v) { return Fixed<int8_t>(i, v, TypeId::kInt8, TypeId::kInt8); }
  Status WriteInt16(int i, int16_t v) { return Fixed<int16_t>(i, v, TypeId::kInt16, TypeId::kInt16); }
  /// int32, date32 or interval_ym (months)
  Status WriteInt32(int i, int32_t v) {
    if (!IsIn(i, TypeMask(TypeId::kInt32, TypeId::kDate32, TypeId::kIntervalYm)))
      return Check(i, TypeId::kInt32, TypeId::kDate32, TypeId::kIntervalYm, TypeId::kIntervalYm);
    std::memcpy(slot(i), &v, 4);
    SetNotNull(i);
    return Status::OK();
  }
  /// int64, timestamp, duration, time (time is range-checked: 0 <= v < 86400000000)
  Status WriteInt64(int i, int64_t v) {
    if (Is(i, TypeId::kInt64, TypeId::kTimestamp) || Is(i, TypeId::kDuration, TypeId::kDuration)) {
      std::memcpy(slot(i), &v, 8);
      SetNotNull(i);
      return Status::OK();
    }
    return WriteInt64Slow(i, v);
  }
  /// NaN written as 0x7fc00000 (SPEC §2.6)
  Status WriteFloat32(int i, float v) {
    uint32_t bits;
    std::memcpy(&bits, &v, 4);
    if (v != v) bits = 0x7fc00000u;
    return Fixed<uint32_t>(i, bits, TypeId::kFloat32, TypeId::kFloat32);
  }
  /// NaN written as 0x7ff8000000000000 (SPEC §2.6)
  Status WriteFloat64(int i, double v) {
    if (!Is(i, TypeId::kFloat64, TypeId::kFloat64)) return Check(i, TypeId::kFloat64);
    return StoreFloat64(i, v);
  }
  Status WriteDate32(int i, int32_t days) { return WriteInt32(i, days); }
  Status WriteTime(int i, int64_t micros) { return WriteInt64(i, micros); }
  Status WriteTimestamp(int i, int64_t micros) { return WriteInt64(i, micros); }
  Status WriteDuration(int i, int64_t micros) { return WriteInt64(i, micros); }
  /// Any integer-typed field (int8..int64, date32, time, timestamp, duration, interval_ym), range-checked
  /// against the field's type (invalid_data naming the value). For bindings.
  Status WriteInt(int i, int64_t v) {
    // Inline for the common types (bindings call this once per integer); the rest, and
    // every error, take WriteIntSlow.
    if (static_cast<unsigned>(i) < static_cast<unsigned>(limit_)) {
      TypeId t = IdAt(i);
      if (t == TypeId::kInt64 || t == TypeId::kTimestamp || t == TypeId::kDuration) {
        std::memcpy(slot(i), &v, 8);
        SetNotNull(i);
        return Status::OK();
      }
      if ((t == TypeId::kInt32 || t == TypeId::kDate32) && v == static_cast<int32_t>(v)) {
        int32_t x = static_cast<int32_t>(v);
        std::memcpy(slot(i), &x, 4);
        SetNotNull(i);
        return Status::OK();
      }
    }
    return WriteIntSlow(i, v);
  }
  /// float32 or float64 field. float32 rounds to nearest; a finite value beyond the
  /// float32 range is invalid_data (not silently infinity).
  Status WriteFloat(int i, double v) {
    if (Is(i, TypeId::kFloat64, TypeId::kFloat64)) return StoreFloat64(i, v);
    return WriteFloatSlow(i, v);
  }
  /// Unscaled value at the field's scale; invalid_data if |v| >= 10^precision.
  Status WriteDecimal(int i, Decimal128 unscaled);
  /// string: must be valid UTF-8 (invalid_data otherwise).
  Status WriteString(int i, std::string_view utf8);
  /// binary; also fixed_binary(n) and uuid, whose values must have n (16) bytes (invalid_data).
  Status WriteBinary(int i, std::span<const uint8_t> bytes);
  Status WriteBinary(int i, std::string_view bytes) {
    return WriteBinary(i, std::span<const uint8_t>(reinterpret_cast<const uint8_t*>(bytes.data()), bytes.size()));
  }
  /// uuid: exactly 16 bytes in RFC 9562 order (SPEC §3.8).
  Status WriteUuid(int i, std::span<const uint8_t> bytes);
  /// interval: months, days, microseconds (SPEC §3.7), a 16-byte body.
  Status WriteInterval(int i, Interval v);
  /// variant (SPEC §3.9): the metadata and value byte strings, checked against every rule of
  /// §3.9 (invalid_data naming the field, the variant path inside the message) before they
  /// are written as [u32 V][value][metadata].
  Status WriteVariant(int i, std::span<const uint8_t> metadata, std::span<const uint8_t> value);
  /// The same for a view: a whole variant is copied as is; a value inside one (a view from
  /// Get/AtPath) is written with its bytes and the variant's metadata.
  Status WriteVariant(int i, const VariantView& v);
  /// Copies an already-encoded body (string/binary bytes, an array or a map) into the
  /// slot's body: copies nested values between rows without re-encoding. The bytes are not
  /// validated here; validate them first (ValidateArrayBody / ValidateMapBody).
  Status WriteRawBody(int i, std::span<const uint8_t> body);
  /// Same for a struct field / element: `row` is an encoded row of the field's struct type
  /// (validate it first with ValidateStructBody).
  Status WriteRawStruct(int i, std::span<const uint8_t> row);

  /// Starts a nested struct / list / map value at ordinal i; `child` writes into the same
  /// buffer and its Finish() stores the reference in this writer's slot i.
  Status BeginStruct(int i, RowWriter* child);
  Status BeginArray(int i, int64_t count, ArrayWriter* child);
  Status BeginMap(int i, MapWriter* child);

  /// Number of ordinals: fields (RowWriter::num_fields()) or elements (ArrayWriter::size()).
  int size() const { return n_; }
  /// How ordinal i is named in an error path: field name, "[i]", "{keys}[i]" or "{values}[i]".
  std::string PathOf(int i) const;
  /// Type of ordinal i (field type or element type).
  const DataType& TypeAt(int i) const { return is_row_ ? *type_->fields()[i].type : *type_; }
  /// TypeId of ordinal i (no check on i).
  TypeId IdAt(int i) const { return is_row_ ? field_ids_[i] : type_->id(); }
  /// Bytes this region holds so far (fixed region + bodies written).
  uint64_t size_so_far() const { return buf_->size() - base_; }

 protected:
  friend class ::zerorow::MapWriter;
  enum class Patch : uint8_t { kNone, kReference, kSize };
  // OK when ordinal i has one of the given types, else the error naming both. (No default
  // type arguments: a default of kStruct once let every struct field pass any check.)
  Status Check(int i, TypeId a) const { return Check(i, a, a, a, a); }
  Status Check(int i, TypeId a, TypeId b) const { return Check(i, a, b, b, b); }
  Status Check(int i, TypeId a, TypeId b, TypeId c, TypeId d) const;
  Status IndexError(int i) const;
  // limit_ is n_ while the writer is open and 0 otherwise, so the one range check of the
  // inline writes also refuses writes to a finished or detached writer.
  bool Is(int i, TypeId a, TypeId b) const {
    if (static_cast<unsigned>(i) >= static_cast<unsigned>(limit_)) return false;
    TypeId t = IdAt(i);
    return t == a || t == b;
  }
  // The same for a set of types (TypeMask): one shift and test.
  bool IsIn(int i, uint32_t mask) const {
    if (static_cast<unsigned>(i) >= static_cast<unsigned>(limit_)) return false;
    return (mask >> static_cast<unsigned>(IdAt(i))) & 1u;
  }
  Status WriteBinarySlow(int i, std::span<const uint8_t> bytes);
  // A null value at ordinal i keeps a 16-byte reserve: decimal p > 18 and interval in a row
  // (SPEC §3.5, §3.7).
  bool KeepsReserve(int i) const;
  template <typename T>
  Status Fixed(int i, T v, TypeId a, TypeId b) {
    if (!Is(i, a, b)) return Check(i, a, b);
    std::memcpy(slot(i), &v, sizeof(T));
    SetNotNull(i);
    return Status::OK();
  }
  Status WriteInt64Slow(int i, int64_t v);
  Status WriteIntSlow(int i, int64_t v);
  Status WriteFloatSlow(int i, double v);
  // Ordinal i must be a float64 slot (checked by the caller).
  Status StoreFloat64(int i, double v) {
    uint64_t bits;
    std::memcpy(&bits, &v, 8);
    if (v != v) bits = 0x7ff8000000000000ull;
    std::memcpy(slot(i), &bits, 8);
    SetNotNull(i);
    return Status::OK();
  }
  Status CopyBody(int i, std::span<const uint8_t> b);
  // Ordinal i may take a body now (open, no open child, in ordinal order); on OK the next
  // body must come at a later ordinal.
  Status ClaimBody(int i);
  // At Finish(): nullable variable-width values never written become null; a missing
  // non-nullable one is an error.
  Status CloseUnwritten();
  bool HasRefSlot(int i) const;
  bool Nullable(int i) const { return is_row_ ? type_->fields()[i].nullable : !no_nulls_ && elem_nullable_; }
  bool IsNullBit(int i) const { return ((*buf_)[bitmap_pos_ + (i >> 3)] >> (i & 7)) & 1; }
  Status Overflow(uint64_t need) const;
  uint8_t* slot(int i) { return buf_->data() + values_pos_ + stride_ * static_cast<size_t>(i); }
  void SetNotNull(int i) { buf_->data()[bitmap_pos_ + (i >> 3)] &= static_cast<uint8_t>(~(1u << (i & 7))); }
  // Appends a zeroed body of pad8(size) bytes at the cursor; returns its absolute position.
  Result<size_t> AppendBody(int i, uint64_t size, uint64_t reserve = 0);
  void StoreRef(int i, size_t abs_pos, uint64_t size);
  // Sets this writer up as a region starting at the buffer's end.
  Status Start(std::vector<uint8_t>* buf, const DataType* type, bool is_row, int64_t count, size_t row_base,
               Patch patch, size_t patch_pos, size_t parent_base);
  Status FinishRegion();
  void OnStateChange() override { limit_ = state_ == State::kOpen ? n_ : 0; }
  // Copies `o`'s region (after WriterLink took its links); `o` then takes no writes.
  void TakeSlots(SlotWriter& o) noexcept;
  // Sets the null bits of the ordinals [0, n) (a bitmap at `bitmap`): unwritten is null.
  void MarkAllNull(size_t bitmap, int64_t n);

  std::vector<uint8_t>* buf_ = nullptr;
  const DataType* type_ = nullptr;     // struct type (row) or element type (array)
  const TypeId* field_ids_ = nullptr;  // rows: type_->field_ids().data()
  size_t base_ = 0, bitmap_pos_ = 0, values_pos_ = 0;
  size_t row_base_ = 0;  // start of the top-level row (2^31 limit)
  size_t patch_pos_ = 0, parent_base_ = 0;
  uint32_t stride_ = 8;
  int n_ = 0;
  int limit_ = 0;      // n_ while open, else 0 (see Is())
  int next_body_ = 0;  // lowest ordinal that may take a body next
  bool is_row_ = true;
  bool no_nulls_ = false;      // map keys
  bool elem_nullable_ = true;  // arrays: the list's element_nullable
  PathStyle path_style_ = PathStyle::kField;
  Patch patch_ = Patch::kNone;
};

}  // namespace detail

/// Writes one row (SPEC §2.1): top level (owns or appends to a buffer) or nested.
class RowWriter : public detail::SlotWriter {
 public:
  /// A nested writer, set up by BeginStruct().
  RowWriter() = default;
  /// A top-level writer with its own buffer, reused across rows.
  explicit RowWriter(const Schema& schema);
  /// A top-level writer that appends rows one after another to `out` (not owned); each
  /// Reset() starts a new row at out->size(). Rows stay 8-aligned relative to out->data().
  RowWriter(const Schema& schema, std::vector<uint8_t>* out);
  RowWriter(const RowWriter&) = delete;
  RowWriter& operator=(const RowWriter&) = delete;
  /// A writer moves with its buffer, its row in progress and its state (a vector of writers,
  /// a factory returning one); rows viewed from it stay valid. A child writer the moved-from
  /// writer had open is detached (Finish() then fails: write the row again after Reset()), and
  /// the moved-from writer refuses every call.
  RowWriter(RowWriter&& o) noexcept;
  RowWriter& operator=(RowWriter&& o) noexcept;

  /// Top level: starts a new row. Own buffer: cleared (capacity kept). Append mode: a row
  /// that was not Finish()ed is dropped first, so Reset() also recovers from an error.
  /// Child writers still open are detached (their later calls are refused).
  /// The constructor already started the first row.
  void Reset();
  /// Top level: completes the row. Nested: stores the reference in the parent.
  Status Finish();

  /// Top level, after Finish(): a view of the row (valid until the buffer changes).
  BinaryRow row() const;
  /// Top level, after Finish(): the row's bytes.
  std::span<const uint8_t> bytes() const { return {buf_->data() + base_, buf_->size() - base_}; }
  /// Offset of the current row in the buffer (0 unless appending).
  size_t offset() const { return base_; }
  /// The whole buffer (all rows appended so far in append mode).
  const std::vector<uint8_t>& buffer() const { return *buf_; }
  const Schema& schema() const { return schema_; }
  int num_fields() const { return n_; }
  int size() const = delete;  // a row has num_fields() (SPEC §1.1)

 private:
  friend class detail::SlotWriter;
  Schema schema_;
  std::vector<uint8_t> own_;
  bool finished_ = false;
};

/// Writes one array (SPEC §2.2), set up by BeginArray() or MapWriter.
class ArrayWriter : public detail::SlotWriter {
 public:
  ArrayWriter() = default;
  ArrayWriter(const ArrayWriter&) = delete;
  ArrayWriter& operator=(const ArrayWriter&) = delete;
  /// Stores the reference (or the map's key-array size) in the parent.
  Status Finish();

  /// Writes all n elements of a fixed-width array at once (one copy, e.g. from a NumPy
  /// array): T must match the element type (int8_t..int64_t for the integer types, float
  /// / double for float32 / float64, bool or uint8_t for bool) and values.size() == size().
  /// NaNs are canonicalised; time and bool values are range-checked. Elements stay non-null.
  template <typename T>
  Status WriteValues(std::span<const T> values) {
    ZR_RETURN_NOT_OK(Usable());
    if (values.size() != static_cast<size_t>(n_))
      return Status::Error(ErrorKind::kSchemaMismatch,
                           "expected " + std::to_string(n_) + " values but found " + std::to_string(values.size()), {},
                           n_, static_cast<int64_t>(values.size()));
    const TypeId t = type_->id();
    bool ok;
    if constexpr (std::is_same_v<T, float>)
      ok = t == TypeId::kFloat32;
    else if constexpr (std::is_same_v<T, double>)
      ok = t == TypeId::kFloat64;
    else if constexpr (std::is_same_v<T, bool> || std::is_same_v<T, uint8_t>)
      ok = t == TypeId::kBool;
    else if constexpr (std::is_same_v<T, int8_t>)
      ok = t == TypeId::kInt8;
    else if constexpr (std::is_same_v<T, int16_t>)
      ok = t == TypeId::kInt16;
    else if constexpr (std::is_same_v<T, int32_t>)
      ok = t == TypeId::kInt32 || t == TypeId::kDate32 || t == TypeId::kIntervalYm;
    else if constexpr (std::is_same_v<T, int64_t>)
      ok = t == TypeId::kInt64 || t == TypeId::kTimestamp || t == TypeId::kDuration || t == TypeId::kTime;
    else
      ok = false;
    if (!ok || static_cast<size_t>(type_->element_width()) != sizeof(T))
      return Status::Error(ErrorKind::kSchemaMismatch,
                           "cannot bulk-write these values into a list of " + std::string(TypeIdName(t)));
    for (size_t k = 0; k < values.size(); ++k) {  // value checks first: nothing is written on error
      if constexpr (std::is_same_v<T, uint8_t>) {
        if (values[k] > 1)
          return Status::Error(ErrorKind::kInvalidData, "bool value must be 0 or 1", PathOf(static_cast<int>(k)));
      } else if constexpr (std::is_same_v<T, int64_t>) {
        if (t == TypeId::kTime && (values[k] < 0 || values[k] >= 86'400'000'000LL))
          return Status::Error(ErrorKind::kInvalidData,
                               "value " + std::to_string(values[k]) + " is out of range for time",
                               PathOf(static_cast<int>(k)));
      }
    }
    if (!values.empty()) std::memcpy(slot(0), values.data(), values.size() * sizeof(T));
    std::memset(buf_->data() + bitmap_pos_, 0, values_pos_ - bitmap_pos_);  // every element is non-null
    if constexpr (std::is_floating_point_v<T>) {
      for (size_t k = 0; k < values.size(); ++k) {
        if (values[k] != values[k]) {
          if constexpr (sizeof(T) == 4) {
            uint32_t nan = 0x7fc00000u;
            std::memcpy(slot(static_cast<int>(k)), &nan, 4);
          } else {
            uint64_t nan = 0x7ff8000000000000ull;
            std::memcpy(slot(static_cast<int>(k)), &nan, 8);
          }
        }
      }
    }
    return Status::OK();
  }
  const DataType& element_type() const { return *type_; }

 private:
  friend class detail::SlotWriter;
  friend class MapWriter;
};

/// Writes one map (SPEC §2.3): BeginKeys, write keys, keys.Finish(); BeginValues, write
/// values, values.Finish(); then Finish(). Counts must be equal; keys must not be null.
class MapWriter : public detail::WriterLink {
 public:
  MapWriter() = default;
  Status BeginKeys(int64_t count, ArrayWriter* keys);
  Status BeginValues(int64_t count, ArrayWriter* values);
  Status Finish();
  const DataType& map_type() const { return *type_; }

 private:
  friend class detail::SlotWriter;
  std::vector<uint8_t>* buf_ = nullptr;
  const DataType* type_ = nullptr;
  size_t base_ = 0, row_base_ = 0, patch_pos_ = 0, parent_base_ = 0;
  int64_t key_count_ = -1, value_count_ = -1;
  enum class Step : uint8_t { kBegun, kKeys, kValues };
  Step step_ = Step::kBegun;
};

}  // namespace zerorow

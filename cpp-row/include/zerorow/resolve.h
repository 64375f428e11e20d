// Schema evolution (SPEC §13): a writer schema resolved once to a reader schema, and rows of
// the writer read in place through the reader's field names, ordinals and types.
//
//   ZR_ASSIGN_OR_RETURN(zerorow::Resolution res, zerorow::Resolve(writer, reader));
//   ZR_ASSIGN_OR_RETURN(zerorow::ResolvedRow row, res.View(bytes));   // bytes laid out by `writer`
//   ZR_ASSIGN_OR_RETURN(int64_t qty, row.GetInt64(2));               // reader ordinal 2, widened
//
// Resolve() checks the pair once (SPEC §13.1-§13.3) and refuses it with schema_mismatch at the
// schema path of the reader's value; after that, reading a row valid for the writer schema
// never gives an evolution error. A resolved view borrows the bytes and the Resolution's tables
// (each access is one table lookup over a direct read): the bytes and the Resolution (or a
// copy of it, which shares the tables) must outlive every view taken from it. View() on a
// temporary Resolution does not compile, as BinaryRow::Wrap refuses a temporary Schema.
//
// Getters take reader ordinals and follow the reader's types: GetInt64(i) on a reader int64
// field reads the writer's int8/16/32/64 and widens it; GetDecimal rescales; GetBinary reads a
// writer string's bytes; GetInterval a writer interval_ym or duration. A reader field the
// writer lacks reads as its default (SPEC §13.7) when it has one, else as null (IsNull is
// true; a fixed-width getter returns 0, string/binary empty, a nested getter an error, as for
// a null value of a BinaryRow); so does a writer field of type null. Bounds are checked as by
// the BinaryRow getters (SPEC §6.2 B1-B5, against the writer's bytes); errors name the
// reader's path.
#pragma once

#include <cstdint>
#include <memory>
#include <span>
#include <string>
#include <string_view>
#include <vector>

#include "zerorow/binary_row.h"
#include "zerorow/decimal.h"
#include "zerorow/interval.h"
#include "zerorow/schema.h"
#include "zerorow/status.h"
#include "zerorow/validate.h"
#include "zerorow/variant.h"

namespace zerorow {

class Resolution;
class ResolvedRow;
class ResolvedArray;
class ResolvedMap;
class RowWriter;

namespace detail {

struct ResolvedNode;

/// How one reader value is read from the writer's value (built by Resolve).
struct ValuePlan {
  int32_t writer_ordinal = -1;  ///< struct fields: the writer field read, or -1 (absent: the default, or null)
  TypeId reader_id = TypeId::kInt64;
  TypeId writer_id = TypeId::kInt64;
  int8_t decimal_shift = 0;              ///< decimal: reader scale - writer scale (× 10^shift)
  bool widened = false;                  ///< the writer's value has another type than the reader's (§13.3)
  bool direct = false;                   ///< present and not widened: a fixed-width value is one load
  uint8_t sign_shift = 0;                ///< an integer writer: 64 - its width in bits (sign extension)
  const ResolvedNode* nested = nullptr;  ///< struct, list and map values: their resolution
  /// An absent reader field with a default (SPEC §13.7): a one-field row holding it; `nested`
  /// is then the identity resolution of the reader's type (the default is laid out by it).
  const DefaultValue* default_value = nullptr;
};

/// The resolution of one struct, list or map type of the reader.
struct ResolvedNode {
  const DataType* reader = nullptr;
  const DataType* writer = nullptr;
  /// struct: one plan per reader field; list: {element}; map: {key, value}.
  std::vector<ValuePlan> values;
  /// struct: the writer's null bitmap bytes (where its slots start), kept here so that making a
  /// resolved row reads no type.
  uint32_t writer_bitmap_size = 0;
};

/// The set of TypeIds `ids` as bits, for a getter's one-instruction type check.
template <typename... Id>
constexpr uint32_t Ids(Id... ids) {
  return TypeMask(ids...);
}

/// The type a default-constructed resolved view reports (a struct of no fields), so that no
/// accessor of one dereferences a null pointer.
const DataType* EmptyStructType();
/// `t`, or EmptyStructType() for a default-constructed view.
inline const DataType& OrEmpty(const DataType* t) { return t != nullptr ? *t : *EmptyStructType(); }

/// What ResolvedRow (kRow) and ResolvedArray share: the writer's bytes, the reader's plans,
/// and the checked getters. Not used directly.
template <bool kRow>
class ResolvedSlots {
 public:
  /// Number of reader ordinals: reader fields (row) or elements (array).
  int size() const { return n_; }
  /// The reader's type of ordinal i (no check on i).
  const DataType& TypeAt(int i) const { return kRow ? *reader_->fields()[static_cast<size_t>(i)].type : *reader_; }
  /// The reader's TypeId of ordinal i (no check on i).
  TypeId IdAt(int i) const { return Plan(i).reader_id; }
  /// The path component of ordinal i in the reader's names (SPEC §4.3).
  std::string PathOf(int i) const;

  /// True for a reader field that reads as null without a byte of the row: the writer lacks
  /// it and it has no default, or the writer's field has type null.
  bool IsAbsent(int i) const { return kRow && InRange(i) && plans_[i].writer_ordinal < 0 && !plans_[i].default_value; }
  /// True for a reader field the writer lacks that reads as its default (SPEC §13.7).
  bool IsDefault(int i) const { return kRow && InRange(i) && plans_[i].default_value != nullptr; }
  /// The default a reader field reads (IsDefault), else nullptr.
  const DefaultValue* DefaultOf(int i) const { return IsDefault(i) ? plans_[i].default_value : nullptr; }
  /// True for a null value and for a reader field that reads as null (IsAbsent). B5: a null
  /// bit on a writer value that is not nullable is invalid_data.
  Result<bool> IsNull(int i) const {
    if (!InRange(i)) return IndexError(i);
    int o = Ordinal(i);
    if (o < 0) return Plan(i).default_value == nullptr;
    if (!((data_[(kRow ? 0 : 8) + (o >> 3)] >> (o & 7)) & 1)) return false;
    return WriterView().IsNull(o);  // B5 and the writer's path, on the null path only
  }

  Result<bool> GetBool(int i) const {
    if (!InRange(i)) return IndexError(i);
    const ValuePlan& p = Plan(i);
    if (p.reader_id != TypeId::kBool) return TypeError(i, TypeId::kBool);
    int o = Ordinal(i);
    if (o < 0) return p.default_value != nullptr && DefaultSlot(p)[0] != 0;
    return values_[static_cast<size_t>(o) * (kRow ? 8 : 1)] != 0;
  }
  Result<int8_t> GetInt8(int i) const { return Integer<int8_t, Ids(TypeId::kInt8)>(i, TypeId::kInt8); }
  /// Reader int16 (a writer int8 widens).
  Result<int16_t> GetInt16(int i) const { return Integer<int16_t, Ids(TypeId::kInt16)>(i, TypeId::kInt16); }
  /// Reader int32, date32 and interval_ym (a writer int8/int16 widens).
  Result<int32_t> GetInt32(int i) const {
    return Integer<int32_t, Ids(TypeId::kInt32, TypeId::kDate32, TypeId::kIntervalYm)>(i, TypeId::kInt32);
  }
  /// Reader int64, time, timestamp and duration (a writer int8/16/32 widens).
  Result<int64_t> GetInt64(int i) const {
    return Integer<int64_t, Ids(TypeId::kInt64, TypeId::kTimestamp, TypeId::kDuration, TypeId::kTime)>(i,
                                                                                                       TypeId::kInt64);
  }
  Result<int32_t> GetDate32(int i) const {
    return Integer<int32_t, Ids(TypeId::kDate32, TypeId::kInt32)>(i, TypeId::kDate32);
  }
  Result<int64_t> GetTime(int i) const {
    return Integer<int64_t, Ids(TypeId::kTime, TypeId::kInt64)>(i, TypeId::kTime);
  }
  Result<int64_t> GetTimestamp(int i) const {
    return Integer<int64_t, Ids(TypeId::kTimestamp, TypeId::kInt64)>(i, TypeId::kTimestamp);
  }
  Result<int64_t> GetDuration(int i) const {
    return Integer<int64_t, Ids(TypeId::kDuration, TypeId::kInt64)>(i, TypeId::kDuration);
  }
  /// Reader float32: a writer int8/int16 widens exactly.
  Result<float> GetFloat32(int i) const {
    if (!InRange(i)) return IndexError(i);
    const ValuePlan& p = Plan(i);
    if (p.reader_id != TypeId::kFloat32) return TypeError(i, TypeId::kFloat32);
    if (p.direct) [[likely]]
      return detail::Load<float>(At(Ordinal(i, p), 4));
    return static_cast<float>(WidenedFloat(i, p));
  }
  /// Reader float64: a writer int8/16/32 or float32 widens exactly.
  Result<double> GetFloat64(int i) const {
    if (!InRange(i)) return IndexError(i);
    const ValuePlan& p = Plan(i);
    if (p.reader_id != TypeId::kFloat64) return TypeError(i, TypeId::kFloat64);
    if (p.direct) [[likely]]
      return detail::Load<double>(At(Ordinal(i, p), 8));
    return WidenedFloat(i, p);
  }
  /// Reader decimal: the writer's unscaled value × 10^(reader scale − writer scale).
  Result<Decimal128> GetDecimal(int i) const;
  Result<std::string_view> GetString(int i) const;
  /// Reader binary: a writer binary, fixed_binary or uuid, or a writer string's UTF-8 bytes;
  /// reader fixed_binary(n) and uuid: the writer's n bytes (a writer uuid for a fixed_binary(16)).
  Result<std::span<const uint8_t>> GetBinary(int i) const;
  /// Reader interval: a writer interval, interval_ym (m months is (m, 0, 0)) or duration
  /// (d µs is (0, 0, d)), SPEC §13.3.
  Result<Interval> GetInterval(int i) const;
  Result<std::array<uint8_t, 16>> GetUuid(int i) const;
  Result<VariantView> GetVariant(int i) const;
  Result<ResolvedRow> GetStruct(int i) const;
  Result<ResolvedArray> GetArray(int i) const;
  Result<ResolvedMap> GetMap(int i) const;

 protected:
  bool InRange(int i) const { return static_cast<unsigned>(i) < static_cast<unsigned>(n_); }
  /// The plan of ordinal i: a row's field plan, or an array's one element plan.
  const ValuePlan& Plan(int i) const { return plans_[kRow ? i : 0]; }
  /// The writer ordinal of reader ordinal i (-1: absent), `p` being Plan(i).
  int Ordinal(int i, const ValuePlan& p) const { return kRow ? p.writer_ordinal : i; }
  int Ordinal(int i) const { return Ordinal(i, Plan(i)); }
  /// The writer's slot (row) or element (array, of `width` bytes) at ordinal o. It lies in the
  /// fixed region that W1 / B3 checked when the view was made: no bounds check is needed.
  const uint8_t* At(int o, size_t width) const { return values_ + static_cast<size_t>(o) * (kRow ? 8 : width); }
  /// The writer's view (BinaryRow or BinaryArray), for the getters that check bodies.
  SlotView WriterView() const;
  Status IndexError(int i) const;
  Status TypeError(int i, TypeId want) const;
  /// An error of the writer's view at ordinal o, moved to the reader's path of ordinal i.
  Status Renamed(const Status& st, int i, int o) const;
  /// A nested getter on a reader field the writer lacks (it is null, SPEC §13.4).
  Status AbsentError(int i) const;

  // Reader types in kAccepts are read with T. A value stored in the reader's own type is one
  // predictable branch and one load (`direct`); absent and widened values take LoadInteger.
  template <typename T, uint32_t kAccepts>
  Result<T> Integer(int i, TypeId named) const {
    if (!InRange(i)) return IndexError(i);
    const ValuePlan& p = Plan(i);
    if (!((kAccepts >> static_cast<unsigned>(p.reader_id)) & 1u)) [[unlikely]]
      return TypeError(i, named);
    if (p.direct) [[likely]]
      return detail::Load<T>(At(Ordinal(i, p), sizeof(T)));
    int o = Ordinal(i, p);
    if (o < 0) return p.default_value ? detail::Load<T>(DefaultSlot(p)) : T{0};
    if constexpr (kRow) {
      // A row slot is 8 bytes with the value in its low bytes, the rest zero (SPEC §3): the
      // shifts sign-extend it from the writer's width without a branch on that width.
      uint64_t slot = detail::Load<uint64_t>(At(o, 8)) << p.sign_shift;
      return static_cast<T>(static_cast<int64_t>(slot) >> p.sign_shift);
    } else {
      return static_cast<T>(LoadInteger(p.writer_id, o));
    }
  }
  /// The writer's integer at ordinal o, any integer or temporal type, sign-extended (the
  /// writer types an integer reader type widens from, SPEC §13.3).
  int64_t LoadInteger(TypeId writer, int o) const {
    switch (NaturalWidth(writer)) {
      case 1:
        return detail::Load<int8_t>(At(o, 1));
      case 2:
        return detail::Load<int16_t>(At(o, 2));
      case 4:
        return detail::Load<int32_t>(At(o, 4));
      case 8:
        return detail::Load<int64_t>(At(o, 8));
    }
    return 0;
  }
  /// Slot 0 of the default's one-field row (after its 8-byte bitmap): a fixed-width default.
  static const uint8_t* DefaultSlot(const ValuePlan& p) { return p.default_value->row_bytes().data() + 8; }
  /// The default's one-field row, read with the ordinary getters at ordinal 0.
  static BinaryRow DefaultRow(const ValuePlan& p) {
    return BinaryRow::WrapUnchecked(p.default_value->row_bytes().data(), p.default_value->row_bytes().size(),
                                    &p.default_value->row_type());
  }
  /// A float of the reader read from an absent value (its default, or 0), a writer float32 or
  /// an integer.
  double WidenedFloat(int i, const ValuePlan& p) const {
    int o = Ordinal(i, p);
    if (o < 0) {
      if (p.default_value == nullptr) return 0;
      return p.reader_id == TypeId::kFloat32 ? detail::Load<float>(DefaultSlot(p))
                                             : detail::Load<double>(DefaultSlot(p));
    }
    if (p.writer_id == TypeId::kFloat32) return detail::Load<float>(At(o, 4));
    return static_cast<double>(LoadInteger(p.writer_id, o));
  }

  const uint8_t* data_ = nullptr;     // the writer's row or array
  const uint8_t* values_ = nullptr;   // its slots or elements
  const ValuePlan* plans_ = nullptr;  // row: one per reader field; array: the element's
  const DataType* reader_ = nullptr;  // reader struct type (row) or element type (array); null: default
  const DataType* writer_ = nullptr;  // writer struct type (row) or element type (array)
  uint32_t size_ = 0;                 // bytes of the writer's row or array
  int n_ = 0;
  PathStyle path_style_ = kRow ? PathStyle::kField : PathStyle::kElement;
};

}  // namespace detail

/// A writer row read as a row of the reader schema (SPEC §13.4). Reader ordinals and names.
class ResolvedRow : public detail::ResolvedSlots<true> {
 public:
  ResolvedRow() = default;
  int num_fields() const { return n_; }
  int size() const = delete;  // a row has num_fields() (SPEC §1.1)
  /// The reader's struct type.
  const DataType& struct_type() const { return detail::OrEmpty(reader_); }
  /// Reader field i (no check on i).
  const Field& field(int i) const { return struct_type().fields()[static_cast<size_t>(i)]; }
  /// Reader ordinal of the field `name`, or -1.
  int FieldIndex(std::string_view name) const { return struct_type().FieldIndex(name); }
  /// The writer's row, laid out by the writer schema (no copy).
  BinaryRow writer_row() const {
    return data_ == nullptr ? BinaryRow() : BinaryRow::WrapUnchecked(data_, size_, writer_);
  }
  /// The writer's bytes of this row.
  std::span<const uint8_t> bytes() const { return {data_, size_}; }

 private:
  template <bool>
  friend class detail::ResolvedSlots;
  friend class Resolution;
  static ResolvedRow Make(const BinaryRow& row, const detail::ResolvedNode* node) {
    ResolvedRow r;
    r.data_ = row.data();
    r.values_ = row.data() + node->writer_bitmap_size;
    r.size_ = row.size_bytes();
    r.plans_ = node->values.data();
    r.reader_ = node->reader;
    r.writer_ = node->writer;
    r.n_ = static_cast<int>(node->values.size());
    return r;
  }
};

/// A writer array read as an array of the reader's element type.
class ResolvedArray : public detail::ResolvedSlots<false> {
 public:
  ResolvedArray() = default;
  /// The reader's element type.
  const DataType& element_type() const { return detail::OrEmpty(reader_); }
  /// The writer's array (no copy).
  BinaryArray writer_array() const {
    return data_ == nullptr ? BinaryArray() : BinaryArray::WrapUnchecked(data_, size_, writer_);
  }
  /// True when the elements need no widening: writer_array().Values<T>() gives the reader's
  /// values too, zero-copy (a timestamp whose zone changed stores the same instants).
  bool same_element_type() const { return !plans_->widened; }
  /// The writer's bytes of this array.
  std::span<const uint8_t> bytes() const { return {data_, size_}; }

 private:
  template <bool>
  friend class detail::ResolvedSlots;
  friend class ResolvedMap;
  /// `plan` is the element's; `reader` / `writer` the element types; `style` names elements.
  static ResolvedArray Make(const BinaryArray& array, const detail::ValuePlan* plan, const DataType* reader,
                            const DataType* writer, detail::PathStyle style);
};

/// A writer map read as a map of the reader's key and value types.
class ResolvedMap {
 public:
  ResolvedMap() = default;
  int size() const { return keys_.size(); }
  const ResolvedArray& keys() const { return keys_; }
  const ResolvedArray& values() const { return values_; }
  /// The reader's map type.
  const DataType& map_type() const { return detail::OrEmpty(reader_); }
  /// The writer's map (no copy).
  const BinaryMap& writer_map() const { return map_; }
  /// The writer's bytes of this map.
  std::span<const uint8_t> bytes() const { return map_.bytes(); }

 private:
  template <bool>
  friend class detail::ResolvedSlots;
  static ResolvedMap Make(const BinaryMap& map, const detail::ResolvedNode* node);
  BinaryMap map_;
  const DataType* reader_ = nullptr;
  ResolvedArray keys_, values_;
};

namespace detail {
struct ResolutionState;
}

/// A writer schema resolved to a reader schema (SPEC §13). Immutable; copies share it.
class Resolution {
 public:
  /// The identity resolution of the empty schema (so that Result<Resolution> works).
  Resolution();
  const Schema& writer() const;
  const Schema& reader() const;
  /// True when writer and reader have the same fingerprint: every field is read as written.
  bool is_identity() const;

  /// A resolved view of a row of the writer schema. A row wrapped with writer() (or a Schema
  /// sharing its types) is checked by a pointer compare; another is compared by layout once
  /// per call (schema_mismatch if it is not the writer's).
  Result<ResolvedRow> View(const BinaryRow& row) const&;
  /// Wraps `bytes` as a row of the writer schema, checks them at `level` (SPEC §6.2), then
  /// resolves the view. Bytes carry no schema, so the check is what refuses bytes of another:
  /// kBounds (the default) checks the row's fixed region (ValidateFixedRegion: sizes, null
  /// bits, fixed-width slots, each reference's offset and size), so bytes of another schema are
  /// refused where their fixed region shows it; only kFull sees the rest (nested bodies,
  /// canonical order, padding, UTF-8). kNone checks only the wrap rules W1-W2 (O(1)), for rows
  /// already checked, e.g. those of a row file. Reads are bounds-checked at every level.
  Result<ResolvedRow> View(std::span<const uint8_t> bytes, ValidationLevel level = ValidationLevel::kBounds) const&;
  /// Refused at compile time: the view borrows the Resolution's tables. Keep it in a variable.
  Result<ResolvedRow> View(const BinaryRow& row) && = delete;
  Result<ResolvedRow> View(std::span<const uint8_t> bytes,
                           ValidationLevel level = ValidationLevel::kBounds) && = delete;
  /// Refused at compile time: the view would borrow the bytes of a temporary container (a
  /// std::vector a function returns), freed at the end of the statement.
  template <detail::TemporaryBytes R>
  Result<ResolvedRow> View(R&& bytes, ValidationLevel level = ValidationLevel::kBounds) const& = delete;

 private:
  friend Result<Resolution> Resolve(const Schema& writer, const Schema& reader);
  explicit Resolution(std::shared_ptr<const detail::ResolutionState> state);
  std::shared_ptr<const detail::ResolutionState> state_;
  // Into *state_, for the inline View: the writer schema and the top-level struct's plan.
  const Schema* writer_ = nullptr;
  const detail::ResolvedNode* top_ = nullptr;
};

/// A Resolution lends its tables to every view (Result<Resolution>'s `->` on a temporary is refused).
template <>
struct LendsViews<Resolution> : std::true_type {};

/// True when a value of the non-nested type `writer` reads as `reader`: the same type, or a
/// widening of SPEC §13.3 with its parameters (decimal scale and digits, timestamp zones,
/// fixed_binary size); a writer null reads as anything. The one table Resolve and the Arrow
/// import (a column read into a given schema) both use. False for struct, list and map.
bool ReadsAs(const DataType& writer, const DataType& reader);

/// Resolves `writer` to `reader` by field name, aliases, widenings and nullability (SPEC
/// §13.1-§13.3). A pair that cannot be read is refused with schema_mismatch at the schema path
/// of the reader's value (`orders[].qty`, `m{values}`; the whole row is `<row>`), naming both
/// types in canonical JSON.
Result<Resolution> Resolve(const Schema& writer, const Schema& reader);

/// Writes the values of `row` as the reader reads them into `out`, a RowWriter of the reader
/// schema (Reset() first; Finish() after): a row laid out by the reader schema, for encoders
/// and Arrow. Like every whole-row decoder below level full, it refuses (invalid_data) a row
/// that would read more values and string/binary bytes than it has bytes (SPEC §6.2).
Status WriteReaderRow(const ResolvedRow& row, RowWriter* out);

}  // namespace zerorow

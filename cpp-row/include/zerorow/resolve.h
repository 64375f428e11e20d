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
// writer string's bytes. A reader field the writer lacks reads as null (IsNull is true; a
// fixed-width getter returns 0, string/binary empty, a nested getter an error, as for a null
// value of a BinaryRow). Bounds are checked as by the BinaryRow getters (SPEC §6.2 B1-B3,
// against the writer's bytes); errors name the reader's path.
#pragma once

#include <cstdint>
#include <memory>
#include <span>
#include <string>
#include <string_view>
#include <vector>

#include "zerorow/binary_row.h"
#include "zerorow/decimal.h"
#include "zerorow/schema.h"
#include "zerorow/status.h"

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
  int32_t writer_ordinal = -1;  ///< struct fields: the writer field read, or -1 (absent: null)
  TypeId reader_id = TypeId::kInt64;
  TypeId writer_id = TypeId::kInt64;
  int8_t decimal_shift = 0;              ///< decimal: reader scale - writer scale (× 10^shift)
  const ResolvedNode* nested = nullptr;  ///< struct, list and map values: their resolution
};

/// The resolution of one struct, list or map type of the reader.
struct ResolvedNode {
  const DataType* reader = nullptr;
  const DataType* writer = nullptr;
  /// struct: one plan per reader field; list: {element}; map: {key, value}.
  std::vector<ValuePlan> values;
};

/// The type a default-constructed resolved view reports (a struct of no fields), so that no
/// accessor of one dereferences a null pointer.
const DataType* EmptyStructType();

/// What ResolvedRow and ResolvedArray share: the writer's row or array, the reader's plans,
/// and the checked getters. Not used directly.
class ResolvedSlots {
 public:
  /// Number of reader ordinals: reader fields (row) or elements (array).
  int size() const { return n_; }
  /// The reader's type of ordinal i (no check on i).
  const DataType& TypeAt(int i) const { return is_row_ ? *reader_->fields()[static_cast<size_t>(i)].type : *reader_; }
  /// The reader's TypeId of ordinal i (no check on i).
  TypeId IdAt(int i) const { return Plan(i).reader_id; }
  /// The path component of ordinal i in the reader's names (SPEC §4.3).
  std::string PathOf(int i) const;

  /// True for a null value and for a reader field the writer lacks.
  Result<bool> IsNull(int i) const {
    if (!InRange(i)) return IndexError(i);
    int o = Ordinal(i);
    return o < 0 || view_.IsNullUnchecked(o);
  }

  Result<bool> GetBool(int i) const {
    if (!InRange(i)) return IndexError(i);
    if (Plan(i).reader_id != TypeId::kBool) return TypeError(i, TypeId::kBool);
    int o = Ordinal(i);
    return o >= 0 && view_.GetBoolUnchecked(o);
  }
  Result<int8_t> GetInt8(int i) const { return Integer<int8_t>(i, TypeId::kInt8, TypeId::kInt8, TypeId::kInt8); }
  /// Reader int16 (a writer int8 widens).
  Result<int16_t> GetInt16(int i) const { return Integer<int16_t>(i, TypeId::kInt16, TypeId::kInt16, TypeId::kInt16); }
  /// Reader int32 and date32 (a writer int8/int16 widens).
  Result<int32_t> GetInt32(int i) const {
    return Integer<int32_t>(i, TypeId::kInt32, TypeId::kDate32, TypeId::kDate32);
  }
  /// Reader int64, time, timestamp and duration (a writer int8/16/32 widens).
  Result<int64_t> GetInt64(int i) const {
    return Integer<int64_t>(i, TypeId::kInt64, TypeId::kTimestamp, TypeId::kDuration, TypeId::kTime);
  }
  Result<int32_t> GetDate32(int i) const {
    return Integer<int32_t>(i, TypeId::kDate32, TypeId::kInt32, TypeId::kInt32);
  }
  Result<int64_t> GetTime(int i) const { return Integer<int64_t>(i, TypeId::kTime, TypeId::kInt64, TypeId::kInt64); }
  Result<int64_t> GetTimestamp(int i) const {
    return Integer<int64_t>(i, TypeId::kTimestamp, TypeId::kInt64, TypeId::kInt64);
  }
  Result<int64_t> GetDuration(int i) const {
    return Integer<int64_t>(i, TypeId::kDuration, TypeId::kInt64, TypeId::kInt64);
  }
  /// Reader float32: a writer int8/int16 widens exactly.
  Result<float> GetFloat32(int i) const {
    if (!InRange(i)) return IndexError(i);
    if (Plan(i).reader_id != TypeId::kFloat32) return TypeError(i, TypeId::kFloat32);
    return static_cast<float>(LoadFloat(i));
  }
  /// Reader float64: a writer int8/16/32 or float32 widens exactly.
  Result<double> GetFloat64(int i) const {
    if (!InRange(i)) return IndexError(i);
    if (Plan(i).reader_id != TypeId::kFloat64) return TypeError(i, TypeId::kFloat64);
    return LoadFloat(i);
  }
  /// Reader decimal: the writer's unscaled value × 10^(reader scale − writer scale).
  Result<Decimal128> GetDecimal(int i) const;
  Result<std::string_view> GetString(int i) const;
  /// Reader binary: a writer binary, or a writer string's UTF-8 bytes.
  Result<std::span<const uint8_t>> GetBinary(int i) const;
  Result<ResolvedRow> GetStruct(int i) const;
  Result<ResolvedArray> GetArray(int i) const;
  Result<ResolvedMap> GetMap(int i) const;

 protected:
  bool InRange(int i) const { return static_cast<unsigned>(i) < static_cast<unsigned>(n_); }
  const ValuePlan& Plan(int i) const { return plans_[is_row_ ? i : 0]; }
  /// The writer ordinal of reader ordinal i (-1: absent).
  int Ordinal(int i) const { return is_row_ ? plans_[i].writer_ordinal : i; }
  Status IndexError(int i) const;
  Status TypeError(int i, TypeId want) const;
  /// An error of the writer's view at ordinal o, moved to the reader's path of ordinal i.
  Status Renamed(const Status& st, int i, int o) const;
  /// The writer's value at reader ordinal i, or an error when it is absent (a nested getter
  /// on a null value fails the same way, SPEC §13.4).
  Status AbsentError(int i) const;

  template <typename T>
  Result<T> Integer(int i, TypeId a, TypeId b, TypeId c) const {
    return Integer<T>(i, a, b, c, c);
  }
  template <typename T>
  Result<T> Integer(int i, TypeId a, TypeId b, TypeId c, TypeId d) const {
    if (!InRange(i)) return IndexError(i);
    const ValuePlan& p = Plan(i);
    TypeId r = p.reader_id;
    if (r != a && r != b && r != c && r != d) return TypeError(i, a);
    int o = Ordinal(i);
    if (o < 0) return T{0};
    return static_cast<T>(LoadInteger(p.writer_id, o));
  }
  /// The writer's integer at ordinal o, any integer or temporal type. Its slot or element lies
  /// in the fixed region that W1 / B3 checked when the view was made: no bounds check needed.
  int64_t LoadInteger(TypeId writer, int o) const {
    switch (writer) {
      case TypeId::kInt8:
        return view_.GetInt8Unchecked(o);
      case TypeId::kInt16:
        return view_.GetInt16Unchecked(o);
      case TypeId::kInt32:
      case TypeId::kDate32:
        return view_.GetInt32Unchecked(o);
      default:
        return view_.GetInt64Unchecked(o);
    }
  }
  double LoadFloat(int i) const {
    int o = Ordinal(i);
    if (o < 0) return 0;
    TypeId w = Plan(i).writer_id;
    if (w == TypeId::kFloat64) return view_.GetFloat64Unchecked(o);
    if (w == TypeId::kFloat32) return view_.GetFloat32Unchecked(o);
    return static_cast<double>(LoadInteger(w, o));
  }

  SlotView view_;                               // the writer's row or array
  const ValuePlan* plans_ = nullptr;            // row: one per reader field; array: the element's
  const DataType* reader_ = EmptyStructType();  // reader struct type (row) or element type (array)
  const DataType* writer_ = EmptyStructType();  // writer struct type (row) or element type (array)
  int n_ = 0;
  bool is_row_ = true;
};

}  // namespace detail

/// A writer row read as a row of the reader schema (SPEC §13.4). Reader ordinals and names.
class ResolvedRow : public detail::ResolvedSlots {
 public:
  ResolvedRow() = default;
  int num_fields() const { return n_; }
  int size() const = delete;  // a row has num_fields() (SPEC §1.1)
  /// The reader's struct type.
  const DataType& struct_type() const { return *reader_; }
  /// Reader field i (no check on i).
  const Field& field(int i) const { return reader_->fields()[static_cast<size_t>(i)]; }
  /// Reader ordinal of the field `name`, or -1.
  int FieldIndex(std::string_view name) const { return reader_->FieldIndex(name); }
  /// The writer's row, laid out by the writer schema (no copy).
  BinaryRow writer_row() const { return BinaryRow::WrapUnchecked(view_.data(), view_.size_bytes(), writer_); }
  /// The writer's bytes of this row.
  std::span<const uint8_t> bytes() const { return view_.bytes(); }

 private:
  friend class detail::ResolvedSlots;
  friend class Resolution;
  static ResolvedRow Make(const BinaryRow& row, const detail::ResolvedNode* node);
};

/// A writer array read as an array of the reader's element type.
class ResolvedArray : public detail::ResolvedSlots {
 public:
  ResolvedArray() = default;
  /// The reader's element type.
  const DataType& element_type() const { return *reader_; }
  /// The writer's array (no copy).
  BinaryArray writer_array() const { return BinaryArray::WrapUnchecked(view_.data(), view_.size_bytes(), writer_); }
  /// True when the elements need no widening: writer_array().Values<T>() gives the reader's
  /// values too, zero-copy (a timestamp whose zone changed stores the same instants).
  bool same_element_type() const { return plans_->reader_id == plans_->writer_id && plans_->decimal_shift == 0; }
  /// The writer's bytes of this array.
  std::span<const uint8_t> bytes() const { return view_.bytes(); }

 private:
  friend class detail::ResolvedSlots;
  friend class ResolvedMap;
  /// `plan` is the element's; `reader` / `writer` the element types.
  static ResolvedArray Make(const detail::SlotView& array, const detail::ValuePlan* plan, const DataType* reader,
                            const DataType* writer);
};

/// A writer map read as a map of the reader's key and value types.
class ResolvedMap {
 public:
  ResolvedMap() = default;
  int size() const { return keys_.size(); }
  const ResolvedArray& keys() const { return keys_; }
  const ResolvedArray& values() const { return values_; }
  /// The reader's map type.
  const DataType& map_type() const { return *reader_; }
  /// The writer's map (no copy).
  const BinaryMap& writer_map() const { return map_; }
  /// The writer's bytes of this map.
  std::span<const uint8_t> bytes() const { return map_.bytes(); }

 private:
  friend class detail::ResolvedSlots;
  static ResolvedMap Make(const BinaryMap& map, const detail::ResolvedNode* node);
  BinaryMap map_;
  const DataType* reader_ = detail::EmptyStructType();
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
  /// Wraps `bytes` with the writer schema (SPEC §6.2 W1-W2), then resolves the view.
  Result<ResolvedRow> View(std::span<const uint8_t> bytes) const&;
  /// Refused at compile time: the view borrows the Resolution's tables. Keep it in a variable.
  Result<ResolvedRow> View(const BinaryRow& row) && = delete;
  Result<ResolvedRow> View(std::span<const uint8_t> bytes) && = delete;
  /// Refused at compile time: the view borrows the bytes, which a temporary vector frees.
  Result<ResolvedRow> View(std::vector<uint8_t>&& bytes) const& = delete;

 private:
  friend Result<Resolution> Resolve(const Schema& writer, const Schema& reader);
  explicit Resolution(std::shared_ptr<const detail::ResolutionState> state) : state_(std::move(state)) {}
  std::shared_ptr<const detail::ResolutionState> state_;
};

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

// Non-owning views over encoded rows, arrays and maps (SPEC §2), with typed getters.
//
// A view is (pointer, size, type). It never owns or copies bytes: strings come back as
// std::string_view, binary and primitive arrays as std::span, nested values as views.
// The type (a struct type for rows, the element type for arrays) is borrowed: the Schema
// it comes from must outlive the view.
//
// Checks (SPEC §6.2). Wrap() applies the wrap rules W1-W2, and B5 to the row's non-nullable
// fields (one test of the null bitmap); a nested array of non-nullable elements is checked
// likewise when a getter wraps it. Every default getter applies the access rules B1-B4 for
// the value it reads, in O(1), and returns an error instead of reading outside the view:
// whatever the bytes, a default getter never reads outside, and never reports a null where
// the schema says none can be.
// A default getter also checks that the field's type is one the getter reads (as the
// writers do): GetString on an int32 field is a schema_mismatch naming the field and both
// types. `...Unchecked` getters skip every check; use them on rows that passed
// Validate(level=full) (see validate.h) or that you wrote yourself. The README gives the
// measured cost of the checks.
//
// Getters on a null value: fixed-width getters return 0 (the slot is zero); string and
// binary return empty; nested getters return an invalid_data error. Check IsNull first.
#pragma once

#include <bit>
#include <cstddef>
#include <cstdint>
#include <cstring>
#include <ranges>
#include <span>
#include <string>
#include <string_view>

#include "zerorow/decimal.h"
#include "zerorow/interval.h"
#include "zerorow/schema.h"
#include "zerorow/status.h"
#include "zerorow/variant.h"

namespace zerorow {

static_assert(std::endian::native == std::endian::little, "zerorow's C++ core assumes a little-endian host");

class BinaryRow;
class BinaryArray;
class BinaryMap;

namespace detail {

/// How ordinal i of a region is named in an error path (SPEC §4.3).
enum class PathStyle : uint8_t {
  kField,     ///< struct fields: the field name
  kElement,   ///< list elements: "[i]"
  kMapKey,    ///< the key array of a map: "{keys}[i]"
  kMapValue,  ///< the value array of a map: "{values}[i]"
};

/// A temporary container of bytes, e.g. the std::vector a function returns: a view of its bytes
/// would dangle at the end of the statement. Borrowed ranges (std::span, std::string_view) and
/// containers held in variables (lvalues) are not temporaries. The entry points that return a
/// view of their bytes have a deleted overload for these (SPEC §6.2 views borrow their bytes).
template <typename R>
concept TemporaryBytes = !std::is_lvalue_reference_v<R> && !std::ranges::borrowed_range<R> &&
                         std::is_convertible_v<R, std::span<const uint8_t>>;

template <typename T>
inline T Load(const uint8_t* p) {
  T v;
  std::memcpy(&v, p, sizeof(T));
  return v;
}

/// What rows and arrays share: a null bitmap and n fixed-size slots/elements.
/// Not used directly; see BinaryRow and BinaryArray.
class SlotView {
 public:
  /// Pointer to the first byte of the region.
  const uint8_t* data() const { return data_; }
  /// Size of the region in bytes.
  uint32_t size_bytes() const { return size_; }
  std::span<const uint8_t> bytes() const { return {data_, size_}; }
  /// Number of ordinals: fields (a row; BinaryRow calls it num_fields()) or elements (array).
  int size() const { return n_; }
  /// False for a default-constructed view (no type: TypeAt and struct_type must not be called).
  bool has_type() const { return type_ != nullptr; }

  /// How ordinal i is named in an error path (SPEC §4.3): the field name (row), "[i]"
  /// (list), "{keys}[i]" / "{values}[i]" (the key / value array of a map).
  std::string PathOf(int i) const;

  /// Type of ordinal i: the field type (row) or the element type (array). No check on i.
  const DataType& TypeAt(int i) const { return is_row_ ? *type_->fields()[i].type : *type_; }
  /// TypeId of ordinal i (no check on i); one load for a row.
  TypeId IdAt(int i) const { return is_row_ ? type_->field_ids()[i] : type_->id(); }

  /// B5: a null bit on a non-nullable field or element is invalid_data (one load of the
  /// nullability, on the null path only).
  Result<bool> IsNull(int i) const {
    if (!InRange(i)) return IndexError(i);
    if (!IsNullUnchecked(i)) return false;
    if (!NullableAt(i)) [[unlikely]]
      return NullError(i);
    return true;
  }
  bool IsNullUnchecked(int i) const { return (bitmap_[i >> 3] >> (i & 7)) & 1; }

  // Checked getters check the ordinal (out_of_range) and the type (schema_mismatch naming
  // the field and both types). The accepted types mirror the writers': Int32 reads int32 and
  // date32, Int64 reads int64, time, timestamp and duration.
#define ZR_FIXED_GETTER(Name, T, A, B, C, D)                                                                  \
  Result<T> Get##Name(int i) const {                                                                          \
    if (!InRange(i)) return IndexError(i);                                                                    \
    TypeId t = IdAt(i);                                                                                       \
    if (t != TypeId::A && t != TypeId::B && t != TypeId::C && t != TypeId::D) return TypeError(i, TypeId::A); \
    return Get##Name##Unchecked(i);                                                                           \
  }                                                                                                           \
  T Get##Name##Unchecked(int i) const { return Load<T>(values_ + stride_ * static_cast<size_t>(i)); }
  ZR_FIXED_GETTER(Int8, int8_t, kInt8, kInt8, kInt8, kInt8)
  ZR_FIXED_GETTER(Int16, int16_t, kInt16, kInt16, kInt16, kInt16)
  ZR_FIXED_GETTER(Int32, int32_t, kInt32, kDate32, kIntervalYm, kIntervalYm)  ///< also interval_ym: months
  ZR_FIXED_GETTER(Int64, int64_t, kInt64, kTimestamp, kDuration, kTime)
  ZR_FIXED_GETTER(Float32, float, kFloat32, kFloat32, kFloat32, kFloat32)
  ZR_FIXED_GETTER(Float64, double, kFloat64, kFloat64, kFloat64, kFloat64)
  ZR_FIXED_GETTER(Date32, int32_t, kDate32, kInt32, kInt32, kInt32)        ///< days since 1970-01-01
  ZR_FIXED_GETTER(Time, int64_t, kTime, kInt64, kInt64, kInt64)            ///< µs since midnight
  ZR_FIXED_GETTER(Timestamp, int64_t, kTimestamp, kInt64, kInt64, kInt64)  ///< µs since epoch
  ZR_FIXED_GETTER(Duration, int64_t, kDuration, kInt64, kInt64, kInt64)    ///< µs
#undef ZR_FIXED_GETTER
  /// Any nonzero byte reads as true (full validation rejects bytes other than 0/1).
  Result<bool> GetBool(int i) const {
    if (!InRange(i)) return IndexError(i);
    if (IdAt(i) != TypeId::kBool) return TypeError(i, TypeId::kBool);
    return GetBoolUnchecked(i);
  }
  bool GetBoolUnchecked(int i) const { return values_[stride_ * static_cast<size_t>(i)] != 0; }

  /// Decimal (the field's type must be decimal): p <= 18 reads the slot; p > 18 the body.
  Result<Decimal128> GetDecimal(int i) const;
  Decimal128 GetDecimalUnchecked(int i) const;

  /// UTF-8 bytes of a string (not re-checked for UTF-8 here; full validation does that).
  Result<std::string_view> GetString(int i) const;
  std::string_view GetStringUnchecked(int i) const;
  /// Bytes of a binary, fixed_binary or uuid (B4: the reference size of a fixed_binary(n) is n,
  /// of a uuid 16).
  Result<std::span<const uint8_t>> GetBinary(int i) const;
  std::span<const uint8_t> GetBinaryUnchecked(int i) const;
  /// interval (SPEC §3.7; B4: a 16-byte body). A null value reads as {0, 0, 0}.
  Result<Interval> GetInterval(int i) const;
  Interval GetIntervalUnchecked(int i) const;
  /// uuid: the 16 bytes in RFC 9562 order (B4: a 16-byte body). A null value reads as zeros.
  Result<std::array<uint8_t, 16>> GetUuid(int i) const;
  std::array<uint8_t, 16> GetUuidUnchecked(int i) const;
  /// variant (SPEC §3.9; B4: size >= 4 and 4 + V <= size, the metadata header and offsets in
  /// bounds): a view over the value and metadata in place. A null value is an error.
  Result<VariantView> GetVariant(int i) const;
  VariantView GetVariantUnchecked(int i) const;

  /// Nested values. The type at i must be struct / list / map (else schema_mismatch).
  Result<BinaryRow> GetStruct(int i) const;
  BinaryRow GetStructUnchecked(int i) const;
  Result<BinaryArray> GetArray(int i) const;
  BinaryArray GetArrayUnchecked(int i) const;
  Result<BinaryMap> GetMap(int i) const;
  BinaryMap GetMapUnchecked(int i) const;

  /// The encoded bytes of a variable-width value (every storage kind but fixed and none,
  /// decimal with precision > 18 included): the span its reference points at, checked against the
  /// view (B2). Nothing is copied; RowWriter::WriteRawBody takes it to copy a nested value
  /// into another row. A fixed-width field has no body (schema_mismatch); a null value's
  /// body is empty.
  Result<std::span<const uint8_t>> GetBody(int i) const;

  /// Byte equality (SPEC §2.6: equal values have equal bytes).
  bool BytesEqual(const SlotView& other) const {
    return size_ == other.size_ && (size_ == 0 || std::memcmp(data_, other.data_, size_) == 0);
  }
  /// Hash of the bytes (FNV-1a 64; stable across runs and languages).
  uint64_t Hash() const;

 protected:
  bool InRange(int i) const { return static_cast<unsigned>(i) < static_cast<unsigned>(n_); }
  Status IndexError(int i) const;
  Status WidthError(int i, size_t want) const;
  /// schema_mismatch: "cannot read a <want> value from a field of type <actual>" at PathOf(i).
  Status TypeError(int i, TypeId want) const;
  /// B5: invalid_data "null value in a non-nullable field" at PathOf(i).
  Status NullError(int i) const;
  bool NullableAt(int i) const { return is_row_ ? type_->fields()[i].nullable : nullable_elems_; }
  /// B4 for a body of fixed size `want` (fixed_binary n, uuid and interval 16).
  Result<std::span<const uint8_t>> SizedBody(int i, uint32_t want) const;
  // B2: the body of the reference at ordinal i, within [0, size_).
  Result<std::span<const uint8_t>> BodyChecked(int i) const;
  std::span<const uint8_t> BodyUnchecked(int i) const {
    uint64_t ref = Load<uint64_t>(values_ + stride_ * static_cast<size_t>(i));
    return {data_ + (ref >> 32), static_cast<size_t>(ref & 0xffffffffu)};
  }
  Status NestedTypeCheck(int i, TypeId want) const;

  const uint8_t* data_ = nullptr;
  const uint8_t* bitmap_ = nullptr;
  const uint8_t* values_ = nullptr;
  const DataType* type_ = nullptr;  // struct type (row) or element type (array)
  uint32_t size_ = 0;
  int n_ = 0;
  uint32_t stride_ = 8;
  bool is_row_ = true;
  bool nullable_elems_ = true;  // arrays: whether elements may be null (B5)
  PathStyle path_style_ = PathStyle::kField;
};

}  // namespace detail

/// A view over one encoded row (SPEC §2.1) of a struct type.
class BinaryRow : public detail::SlotView {
 public:
  BinaryRow() = default;
  /// Top-level wrap: W1 (`truncated` if size < fixed region), W2 (size % 8) and B5 (no null
  /// bit on a non-nullable field).
  static Result<BinaryRow> Wrap(std::span<const uint8_t> bytes, const Schema& schema);
  static Result<BinaryRow> Wrap(const uint8_t* data, size_t size, const Schema& schema) {
    return Wrap(std::span<const uint8_t>(data, size), schema);
  }
  /// Refused at compile time: the view borrows the schema's types, so a temporary schema
  /// (e.g. `*Schema::FromJson(json)`) would leave it dangling. Keep the Schema in a variable.
  static Result<BinaryRow> Wrap(std::span<const uint8_t> bytes, Schema&& schema) = delete;
  static Result<BinaryRow> Wrap(const uint8_t* data, size_t size, Schema&& schema) = delete;
  /// Refused at compile time: the view would borrow the bytes of a temporary container (e.g.
  /// `Wrap(Fetch(key), schema)` with a std::vector), freed at the end of the statement. Keep
  /// the bytes in a variable.
  template <detail::TemporaryBytes R>
  static Result<BinaryRow> Wrap(R&& bytes, const Schema& schema) = delete;
  /// Wrap of a nested row body (W1 failure is invalid_data; B5 too). `struct_type` must be a struct.
  static Result<BinaryRow> WrapNested(std::span<const uint8_t> bytes, const DataType* struct_type);
  template <detail::TemporaryBytes R>
  static Result<BinaryRow> WrapNested(R&& bytes, const DataType* struct_type) = delete;
  /// No checks at all (SPEC §6.2 level none). Inline and cheap: a binding can build a
  /// view per access from (pointer, size, struct type) and use the checked getters.
  static BinaryRow WrapUnchecked(const uint8_t* data, size_t size, const DataType* struct_type) {
    BinaryRow r;
    r.data_ = data;
    r.size_ = static_cast<uint32_t>(size);
    r.type_ = struct_type;
    r.n_ = struct_type->num_fields();
    r.bitmap_ = data;
    r.values_ = data + struct_type->bitmap_size();
    r.stride_ = 8;
    r.is_row_ = true;
    return r;
  }

  int num_fields() const { return n_; }
  int size() const = delete;  // one name per concept (SPEC §1.1): a row has num_fields()
  const DataType& struct_type() const { return *type_; }
  const Field& field(int i) const { return type_->fields()[i]; }

  bool operator==(const BinaryRow& o) const { return BytesEqual(o); }
};

/// A view over one encoded array (SPEC §2.2) of an element type.
class BinaryArray : public detail::SlotView {
 public:
  BinaryArray() = default;
  /// W1-W2 for a top-level array buffer; count < 2^31 and the fixed region must fit (B3).
  /// A buffer shorter than 8 bytes is truncated.
  static Result<BinaryArray> Wrap(std::span<const uint8_t> bytes, const DataType* element_type);
  /// Refused at compile time: a view of a temporary container's bytes (see BinaryRow::Wrap).
  template <detail::TemporaryBytes R>
  static Result<BinaryArray> Wrap(R&& bytes, const DataType* element_type) = delete;
  /// The same for the body of a list inside a row (what GetArray does): a body shorter than
  /// 8 bytes is invalid_data, since the enclosing row's reference says where it ends.
  static Result<BinaryArray> WrapNested(std::span<const uint8_t> bytes, const DataType* element_type);
  template <detail::TemporaryBytes R>
  static Result<BinaryArray> WrapNested(R&& bytes, const DataType* element_type) = delete;
  /// No checks (the count is read from the first 8 bytes). Inline, like BinaryRow's.
  static BinaryArray WrapUnchecked(const uint8_t* data, size_t size, const DataType* element_type) {
    BinaryArray a;
    uint64_t n = detail::Load<uint64_t>(data);
    a.data_ = data;
    a.size_ = static_cast<uint32_t>(size);
    a.type_ = element_type;
    a.n_ = static_cast<int>(n);
    a.bitmap_ = data + 8;
    a.values_ = data + 8 + ((n + 63) / 64) * 8;
    a.stride_ = static_cast<uint32_t>(element_type->element_width());
    a.is_row_ = false;
    a.path_style_ = detail::PathStyle::kElement;
    return a;
  }

  const DataType& element_type() const { return *type_; }
  /// Whether elements may be null (B5); a view made by a getter knows it from its list or map
  /// type, one made by Wrap/WrapUnchecked says true.
  bool elements_nullable() const { return nullable_elems_; }
  /// `this` with elements declared non-nullable (B5): invalid_data when a null bit is set.
  Result<BinaryArray> WithNonNullableElements() const;
  /// Null bitmap, ceil(n/64)*8 bytes (bit i set = element i null).
  std::span<const uint8_t> null_bitmap() const { return {bitmap_, static_cast<size_t>(values_ - bitmap_)}; }
  /// True if any element is null.
  bool HasNulls() const;

  /// Zero-copy view of the elements of a fixed-width array (T's size must equal the element
  /// width; the buffer must be aligned for T). Null elements read as 0.
  template <typename T>
  Result<std::span<const T>> Values() const {
    if (type_ == nullptr) return std::span<const T>();  // default-constructed: empty
    if (!type_->is_fixed_width() || stride_ != sizeof(T)) return WidthError(0, sizeof(T));
    if (reinterpret_cast<uintptr_t>(values_) % alignof(T) != 0)
      return Status::InvalidData("array elements are not aligned in memory for a zero-copy span");
    return std::span<const T>(reinterpret_cast<const T*>(values_), static_cast<size_t>(n_));
  }

  bool operator==(const BinaryArray& o) const { return BytesEqual(o); }

 private:
  friend class BinaryMap;
};

/// A view over one encoded map (SPEC §2.3): a key array and a value array of equal count.
class BinaryMap {
 public:
  BinaryMap() = default;
  /// Checks K (aligned, fits), wraps both arrays, checks equal counts. `map_type` is a map.
  static Result<BinaryMap> Wrap(std::span<const uint8_t> bytes, const DataType* map_type);
  /// Refused at compile time: a view of a temporary container's bytes (see BinaryRow::Wrap).
  template <detail::TemporaryBytes R>
  static Result<BinaryMap> Wrap(R&& bytes, const DataType* map_type) = delete;
  static BinaryMap WrapUnchecked(const uint8_t* data, size_t size, const DataType* map_type);

  int size() const { return keys_.size(); }
  const BinaryArray& keys() const { return keys_; }
  const BinaryArray& values() const { return values_; }
  const uint8_t* data() const { return data_; }
  uint32_t size_bytes() const { return size_; }
  std::span<const uint8_t> bytes() const { return {data_, size_}; }
  const DataType& map_type() const { return *type_; }
  bool operator==(const BinaryMap& o) const {
    return size_ == o.size_ && (size_ == 0 || std::memcmp(data_, o.data_, size_) == 0);
  }
  uint64_t Hash() const;

 private:
  const uint8_t* data_ = nullptr;
  uint32_t size_ = 0;
  const DataType* type_ = nullptr;
  BinaryArray keys_, values_;
};

/// Fixed region size of an array of n elements of width w: 8 + ceil(n/64)*8 + pad8(n*w).
inline uint64_t ArrayFixedSize(uint64_t n, uint64_t w) {
  return 8 + ((n + 63) / 64) * 8 + ((n * w + 7) & ~uint64_t{7});
}

}  // namespace zerorow

template <>
struct std::hash<zerorow::BinaryRow> {
  size_t operator()(const zerorow::BinaryRow& r) const { return static_cast<size_t>(r.Hash()); }
};

// Schema, Field and DataType (SPEC §3, §4): canonical JSON and fingerprint.
#pragma once

#include <cstdint>
#include <memory>
#include <span>
#include <string>
#include <string_view>
#include <vector>

#include "zerorow/status.h"
#include "zerorow/types.h"

namespace zerorow {

/// The type's name with its article, for messages: "an int32", "a string", "an interval".
std::string TypeIdWithArticle(TypeId id);

class DataType;
class DefaultValue;
class JsonValue;
struct Field;
using DataTypePtr = std::shared_ptr<const DataType>;

/// A field of a struct: name, type, nullability (SPEC §1), and the names it had before
/// (SPEC §13.2: a reader matches a writer field by name, then by these aliases in order).
/// Aliases are written in the canonical JSON but left out of the fingerprint (§4.2).
/// `default_value` (SPEC §13.7) is what a reader reads when the writer has no such field; like
/// aliases it is in the canonical JSON and not in the fingerprint. Make one with
/// DefaultValue::FromJson (the values.json form of SPEC §10) or WithDefault.
struct Field {
  std::string name;
  DataTypePtr type;
  bool nullable = true;
  std::vector<std::string> aliases = {};
  std::shared_ptr<const DefaultValue> default_value = nullptr;
};

/// An immutable type. Parameterised types hold their parameters; compare with Equals.
class DataType {
 public:
  TypeId id() const { return id_; }
  /// How the value is stored (SPEC §3 "Storage kinds"); decimal p > 18 is kBody.
  StorageKind storage() const { return storage_; }
  /// Width of the value in an array element (1, 2, 4 or 8; references are 8), SPEC §3.
  int element_width() const { return width_; }
  /// True when the value lives in the slot/element itself (storage kFixed or kNone): no
  /// reference, no body. Decimal with precision > 18 is variable-width.
  bool is_fixed_width() const { return storage_ == StorageKind::kFixed || storage_ == StorageKind::kNone; }
  /// True for a reference to a body, array, map or row (every kind but kFixed and kNone).
  bool has_body() const { return !is_fixed_width(); }
  /// The size of a body of fixed size (SPEC §6.2 B4): fixed_binary n; uuid and interval 16;
  /// else 0 (any size).
  uint32_t body_size() const { return body_size_; }

  // timestamp
  const std::string& tz() const { return tz_; }  ///< empty for a naive timestamp
  // fixed_binary
  int byte_width() const { return static_cast<int>(body_size_); }  ///< n of fixed_binary(n)
  // decimal
  int precision() const { return precision_; }
  int scale() const { return scale_; }
  // list
  const DataTypePtr& element() const { return child1_; }
  bool element_nullable() const { return nullable1_; }
  // map
  const DataTypePtr& key() const { return child1_; }
  const DataTypePtr& value() const { return child2_; }
  bool value_nullable() const { return nullable2_; }
  // struct
  const std::vector<Field>& fields() const { return fields_; }
  int num_fields() const { return static_cast<int>(fields_.size()); }
  /// Index of the field named `name`, or -1.
  int FieldIndex(std::string_view name) const;
  /// Row fixed region size for a struct: ceil(n/64)*8 + 8n (SPEC §2.1).
  uint32_t fixed_region_size() const { return fixed_size_; }
  /// Null bitmap bytes of a struct: ceil(n/64)*8.
  uint32_t bitmap_size() const { return bitmap_size_; }

  /// Struct: for each field, the mask of slot bits that must be 0 when the field is a
  /// non-null fixed-width value with no value rule (int, float, date, timestamp, duration),
  /// or nullopt-like ~0 when full validation must look closer. Used by the validator.
  const std::vector<uint64_t>& fast_slot_masks() const { return fast_masks_; }
  /// Struct: the TypeId of each field, contiguous (writers check types with one load).
  const std::vector<TypeId>& field_ids() const { return field_ids_; }
  /// Struct: bit i & 63 of word i >> 6 is set when field i is not nullable, so that a row's
  /// null bitmap can be checked against it a word at a time (SPEC §6.2 B5).
  const std::vector<uint64_t>& non_nullable_mask() const { return non_nullable_; }

  /// Canonical JSON text of this type (SPEC §4.1), field aliases and defaults included.
  std::string ToJson() const;
  /// The canonical JSON without field aliases and defaults: what the fingerprint covers
  /// (SPEC §4.2), the layout of the bytes.
  std::string LayoutJson() const;
  /// Same layout: the canonical JSON without aliases and defaults is equal (they change no
  /// byte, so they are left out of equality as of the fingerprint, SPEC §4.2).
  bool Equals(const DataType& other) const;

  // Factories. Composite factories do not validate; Schema::Make does (SPEC §4.1 rules).
  static DataTypePtr Primitive(TypeId id);  ///< any parameterless id (timestamp = naive)
  static DataTypePtr Timestamp(std::string tz = {});
  static DataTypePtr Decimal(int precision, int scale);
  static DataTypePtr FixedBinary(int64_t size);
  static DataTypePtr List(DataTypePtr element, bool element_nullable = true);
  static DataTypePtr Map(DataTypePtr key, DataTypePtr value, bool value_nullable = true);
  static DataTypePtr Struct(std::vector<Field> fields);

  DataType(const DataType&) = delete;
  DataType& operator=(const DataType&) = delete;

 private:
  explicit DataType(TypeId id);
  void Finish();
  TypeId id_;
  StorageKind storage_ = StorageKind::kFixed;
  int width_ = 8;
  uint32_t body_size_ = 0;
  std::string tz_;
  int precision_ = 0, scale_ = 0;
  DataTypePtr child1_, child2_;
  bool nullable1_ = true, nullable2_ = true;
  std::vector<Field> fields_;
  uint32_t fixed_size_ = 0, bitmap_size_ = 0;
  std::vector<uint64_t> fast_masks_;
  std::vector<TypeId> field_ids_;
  std::vector<uint64_t> non_nullable_;
};

// Short factories, for readable test and user code.
DataTypePtr bool_();  ///< bool (the trailing underscore avoids the keyword)
DataTypePtr int8();
DataTypePtr int16();
DataTypePtr int32();
DataTypePtr int64();
DataTypePtr float32();
DataTypePtr float64();
DataTypePtr string();  ///< UTF-8 string
DataTypePtr binary();
DataTypePtr date32();
DataTypePtr time();  ///< time of day, µs
DataTypePtr timestamp(std::string tz = {});
DataTypePtr duration();
DataTypePtr decimal(int precision, int scale);
DataTypePtr null_type();                 ///< null: always null (SPEC §3.6)
DataTypePtr interval_ym();               ///< months, int32 (SPEC §3.7)
DataTypePtr interval();                  ///< months, days, microseconds (SPEC §3.7)
DataTypePtr fixed_binary(int64_t size);  ///< exactly `size` bytes (SPEC §3.8)
DataTypePtr uuid();                      ///< 16 bytes, RFC 9562 order (SPEC §3.8)
DataTypePtr variant();                   ///< Parquet Variant encoding (SPEC §3.9)
DataTypePtr list(DataTypePtr element, bool element_nullable = true);
DataTypePtr map(DataTypePtr key, DataTypePtr value, bool value_nullable = true);
DataTypePtr struct_(std::vector<Field> fields);
Field field(std::string name, DataTypePtr type, bool nullable = true, std::vector<std::string> aliases = {});
/// `f` with the default given in the values.json form (SPEC §10, §13.7), e.g. `"0"` for an
/// int64 or `"\"EUR\""` for a string; invalid_data naming the field when it is not a value of
/// the field's type.
Result<Field> WithDefault(Field f, std::string_view default_json);

/// A field's default (SPEC §13.7): a non-null value of the field's type, held as a one-field
/// row of that type (so that every reader reads it with the ordinary getters), and its
/// canonical values.json text. Immutable; shared by the copies of a Field.
class DefaultValue {
 public:
  /// Parses `json` (the values.json form of `type`, SPEC §10) and checks it is a non-null
  /// value of the type: in range, exact at a decimal's scale, of a fixed_binary's size, valid
  /// UTF-8, a valid variant, a struct object giving every field. invalid_data otherwise.
  static Result<std::shared_ptr<const DefaultValue>> FromJson(const DataTypePtr& type, std::string_view json);
  /// The canonical values.json text of the value (SPEC §4.1 "default").
  const std::string& json() const { return json_; }
  /// A row of the struct {"default": type} holding the value in field 0.
  std::span<const uint8_t> row_bytes() const { return {row_.data(), row_.size()}; }
  /// That one-field struct type.
  const DataType& row_type() const { return *row_type_; }

  /// FromJson for an already parsed value (the schema reader's).
  static Result<std::shared_ptr<const DefaultValue>> FromJsonValue(const DataTypePtr& type, const JsonValue& v);

 private:
  DefaultValue() = default;
  std::string json_;
  std::vector<uint8_t> row_;
  DataTypePtr row_type_;
};

/// The top-level struct type of a row, validated (SPEC §4.1 schema rules) with its
/// canonical JSON and fingerprint computed once. Cheap to copy (shared).
class Schema {
 public:
  Schema();  ///< an empty struct, 0 fields
  /// Validates names (non-empty, unique), aliases, type parameters, null-type placement and
  /// depth <= 64 (SPEC §4.1 schema rules).
  static Result<Schema> Make(std::vector<Field> fields);
  /// `type` must be a struct type.
  static Result<Schema> FromStructType(DataTypePtr type);
  /// Parses any valid JSON with the canonical content (SPEC §4.1).
  static Result<Schema> FromJson(std::string_view json);

  const std::vector<Field>& fields() const { return type_->fields(); }
  int num_fields() const { return type_->num_fields(); }
  const Field& field(int i) const { return type_->fields()[i]; }
  int FieldIndex(std::string_view name) const { return type_->FieldIndex(name); }
  /// The struct type (what BinaryRow views carry).
  const DataTypePtr& struct_type() const { return type_; }
  /// Canonical JSON (SPEC §4.1), aliases and defaults included.
  const std::string& ToJson() const { return info_->json; }
  /// FNV-1a 64 of the canonical JSON without aliases and defaults (SPEC §4.2).
  uint64_t fingerprint() const { return info_->fingerprint; }
  /// The fingerprint as 16 lowercase hex digits.
  std::string fingerprint_hex() const;
  /// Same layout (aliases and defaults left out, as DataType::Equals).
  bool Equals(const Schema& other) const { return type_->Equals(*other.type_); }

 private:
  struct Info {
    std::string json;
    uint64_t fingerprint;
  };
  Schema(DataTypePtr type, std::shared_ptr<const Info> info) : type_(std::move(type)), info_(std::move(info)) {}
  DataTypePtr type_;
  std::shared_ptr<const Info> info_;
};

/// FNV-1a 64 (SPEC §4.2) of arbitrary bytes.
uint64_t Fnv1a64(std::string_view bytes);
/// Parses one type from JSON text (SPEC §4.1 `type`), validated like a schema.
Result<DataTypePtr> DataTypeFromJson(std::string_view json);
/// Maximum nesting depth (SPEC §7).
inline constexpr int kMaxDepth = 64;
/// Largest fixed_binary size (SPEC §3.8, §7).
inline constexpr int64_t kMaxFixedBinarySize = (int64_t{1} << 31) - 8;
/// The format version this library reads and writes (SPEC §8).
inline constexpr int kFormatVersion = 1;

}  // namespace zerorow

// Schema, Field and DataType (SPEC §3, §4): canonical JSON and fingerprint.
#pragma once

#include <cstdint>
#include <memory>
#include <string>
#include <string_view>
#include <vector>

#include "zerorow/status.h"

namespace zerorow {

/// One id per spec type (SPEC §3). Names match the JSON names.
enum class TypeId : uint8_t {
  kBool,
  kInt8,
  kInt16,
  kInt32,
  kInt64,
  kFloat32,
  kFloat64,
  kString,
  kBinary,
  kDate32,
  kTime,
  kTimestamp,
  kDuration,
  kDecimal,
  kList,
  kMap,
  kStruct,
};

/// "bool", "int8", ..., "list", "map", "struct".
std::string_view TypeIdName(TypeId id);
/// The name with its article, for messages: "an int32", "a string".
std::string TypeIdWithArticle(TypeId id);

class DataType;
struct Field;
using DataTypePtr = std::shared_ptr<const DataType>;

/// A field of a struct: name, type, nullability (SPEC §1), and the names it had before
/// (SPEC §13.2: a reader matches a writer field by name, then by these aliases in order).
/// Aliases are written in the canonical JSON but left out of the fingerprint (§4.2).
struct Field {
  std::string name;
  DataTypePtr type;
  bool nullable = true;
  std::vector<std::string> aliases = {};
};

/// An immutable type. Parameterised types hold their parameters; compare with Equals.
class DataType {
 public:
  TypeId id() const { return id_; }
  /// Width of the value in an array element (1, 2, 4 or 8; references are 8), SPEC §3.
  int element_width() const { return width_; }
  /// True when the value lives in the slot/element itself (SPEC §1 "fixed-width type").
  /// Decimal with precision > 18 is variable-width.
  bool is_fixed_width() const { return fixed_; }

  // timestamp
  const std::string& tz() const { return tz_; }  ///< empty for a naive timestamp
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

  /// Canonical JSON text of this type (SPEC §4.1), field aliases included.
  std::string ToJson() const;
  /// The canonical JSON without field aliases: what the fingerprint covers (SPEC §4.2), the
  /// layout of the bytes.
  std::string LayoutJson() const;
  /// Same layout: the canonical JSON without aliases is equal (aliases change no byte, so
  /// they are left out of equality as of the fingerprint, SPEC §4.2).
  bool Equals(const DataType& other) const;

  // Factories. Composite factories do not validate; Schema::Make does (SPEC §4.1 rules).
  static DataTypePtr Primitive(TypeId id);  ///< any parameterless id (timestamp = naive)
  static DataTypePtr Timestamp(std::string tz = {});
  static DataTypePtr Decimal(int precision, int scale);
  static DataTypePtr List(DataTypePtr element, bool element_nullable = true);
  static DataTypePtr Map(DataTypePtr key, DataTypePtr value, bool value_nullable = true);
  static DataTypePtr Struct(std::vector<Field> fields);

  DataType(const DataType&) = delete;
  DataType& operator=(const DataType&) = delete;

 private:
  explicit DataType(TypeId id);
  void Finish();
  TypeId id_;
  bool fixed_ = true;
  int width_ = 8;
  std::string tz_;
  int precision_ = 0, scale_ = 0;
  DataTypePtr child1_, child2_;
  bool nullable1_ = true, nullable2_ = true;
  std::vector<Field> fields_;
  uint32_t fixed_size_ = 0, bitmap_size_ = 0;
  std::vector<uint64_t> fast_masks_;
  std::vector<TypeId> field_ids_;
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
DataTypePtr list(DataTypePtr element, bool element_nullable = true);
DataTypePtr map(DataTypePtr key, DataTypePtr value, bool value_nullable = true);
DataTypePtr struct_(std::vector<Field> fields);
Field field(std::string name, DataTypePtr type, bool nullable = true, std::vector<std::string> aliases = {});

/// The top-level struct type of a row, validated (SPEC §4.1 schema rules) with its
/// canonical JSON and fingerprint computed once. Cheap to copy (shared).
class Schema {
 public:
  Schema();  ///< an empty struct, 0 fields
  /// Validates names (non-empty, unique), decimal parameters and depth <= 64.
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
  /// Canonical JSON (SPEC §4.1), aliases included.
  const std::string& ToJson() const { return info_->json; }
  /// FNV-1a 64 of the canonical JSON without aliases (SPEC §4.2).
  uint64_t fingerprint() const { return info_->fingerprint; }
  /// The fingerprint as 16 lowercase hex digits.
  std::string fingerprint_hex() const;
  /// Same layout (aliases left out, as DataType::Equals).
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
/// The format version this library reads and writes (SPEC §8).
inline constexpr int kFormatVersion = 1;

}  // namespace zerorow

// Variant values (SPEC §3.9): the Variant binary encoding of the Apache Parquet format
// (VariantEncoding.md, encoding version 1), a `metadata` byte string (the dictionary of object
// keys) and a `value` byte string, read in place and built canonically.
//
//   VariantView v = ...;                                  // row.GetVariant(i), or a Variant's view()
//   ZR_ASSIGN_OR_RETURN(VariantType t, v.type());
//   ZR_ASSIGN_OR_RETURN(VariantView price, v.AtPath("$.items[0].price"));
//   ZR_ASSIGN_OR_RETURN(std::string json, v.ToJson());
//   ZR_ASSIGN_OR_RETURN(Variant built, VariantFromJson(R"({"a":[1,2.5,"x"]})"));
//
// A VariantView never reads outside its two spans, whatever the bytes: every accessor checks
// the offsets and sizes it follows (SPEC §6.2 B4) and returns invalid_data naming the variant
// path (`$.items[0]`) and the numbers. Validate() checks every rule of SPEC §3.9 in one pass.
#pragma once

#include <array>
#include <cstdint>
#include <span>
#include <string>
#include <string_view>
#include <vector>

#include "zerorow/decimal.h"
#include "zerorow/status.h"

namespace zerorow {

/// The type of a variant value: the primitive types of the encoding (a short string is a
/// kString), an object or an array.
enum class VariantType : uint8_t {
  kNull,
  kBool,
  kInt8,
  kInt16,
  kInt32,
  kInt64,
  kDouble,
  kDecimal4,
  kDecimal8,
  kDecimal16,
  kDate,               ///< int32 days since 1970-01-01
  kTimestamp,          ///< int64 µs since the epoch, UTC (a zoned timestamp)
  kTimestampNtz,       ///< int64 µs, naive
  kFloat,              ///< 32-bit float
  kBinary,             ///< bytes
  kString,             ///< UTF-8 (short or long string)
  kTimeNtz,            ///< int64 µs since midnight
  kTimestampNanos,     ///< int64 ns since the epoch, UTC
  kTimestampNtzNanos,  ///< int64 ns, naive
  kUuid,               ///< 16 bytes, RFC 9562 order
  kObject,
  kArray,
};

/// "null", "bool", "int8", ..., "object", "array".
std::string_view VariantTypeName(VariantType t);

/// Most object and array levels inside one variant value (SPEC §7).
inline constexpr int kMaxVariantDepth = 1000;

/// A decimal read from a variant: the unscaled value and its scale.
struct VariantDecimal {
  Decimal128 unscaled;
  int scale = 0;
};

/// A non-owning view of one variant value (and of the metadata it uses). Cheap to copy.
class VariantView {
 public:
  VariantView() = default;
  /// A view over a whole variant: checks the metadata header and dictionary offsets (every
  /// later key lookup is then in bounds) and that the value is not empty (SPEC §3.9 rule 1-2
  /// as far as reading needs; Validate() checks the rest).
  static Result<VariantView> Make(std::span<const uint8_t> metadata, std::span<const uint8_t> value);

  std::span<const uint8_t> metadata() const { return metadata_; }
  /// The bytes from this value's first byte to the end of the region that holds it.
  std::span<const uint8_t> value() const { return value_; }
  /// The path of this value inside its variant, `$` for the top ($.a[2].b).
  const std::string& path() const { return path_; }

  Result<VariantType> type() const;
  /// The number of bytes this value takes (its header says it).
  Result<size_t> ValueSize() const;

  // Objects and arrays.
  /// Fields of an object, elements of an array (schema_mismatch for a scalar).
  Result<int> size() const;
  /// The value of key `key` of an object (out_of_range when it has none).
  Result<VariantView> Get(std::string_view key) const;
  /// Element `index` of an array (out_of_range outside [0, size())).
  Result<VariantView> Get(int index) const;
  /// Field `i` of an object, in stored order (increasing key order).
  Result<std::string_view> KeyAt(int i) const;
  Result<VariantView> ValueAt(int i) const;
  /// The value at `path`: `$`, then `.key`, `["key"]` or `[index]` steps ("$.a[0].b").
  Result<VariantView> AtPath(std::string_view path) const;

  // Scalars (schema_mismatch when the value has another type).
  Result<bool> GetBool() const;
  /// Any of int8, int16, int32, int64.
  Result<int64_t> GetInt() const;
  /// A double, or a float widened.
  Result<double> GetDouble() const;
  Result<float> GetFloat() const;
  Result<VariantDecimal> GetDecimal() const;
  Result<std::string_view> GetString() const;
  Result<std::span<const uint8_t>> GetBinary() const;
  Result<std::array<uint8_t, 16>> GetUuid() const;
  /// Date (days), time_ntz (µs), and the timestamps (µs, or ns for the nanosecond types).
  Result<int64_t> GetTemporal() const;

  /// The value as JSON text (SPEC §3.9 "To JSON text").
  Result<std::string> ToJson() const;
  /// Every rule of SPEC §3.9 over the whole variant (metadata and value), nesting included.
  Status Validate() const;

 private:
  friend class VariantReader;
  std::span<const uint8_t> metadata_, value_;
  std::string path_ = "$";
};

/// An owning variant: its metadata and value byte strings.
struct Variant {
  std::vector<uint8_t> metadata;
  std::vector<uint8_t> value;
  /// A view of it (valid while the Variant lives and is not changed). The bytes of a built
  /// Variant are valid, so this does not fail.
  VariantView view() const;
  bool operator==(const Variant&) const = default;
};

/// Builds a canonical variant (SPEC §3.9 "Canonical variants") from values given in document
/// order: scalars, and objects / arrays opened and closed around their contents. Object keys
/// may come in any order; Finish() sorts them. Errors (a key outside an object, a duplicate
/// key, nesting past 1,000 levels, a decimal beyond 38 digits) are invalid_data.
class VariantBuilder {
 public:
  VariantBuilder();
  ~VariantBuilder();
  VariantBuilder(const VariantBuilder&) = delete;
  VariantBuilder& operator=(const VariantBuilder&) = delete;

  Status Null();
  Status Bool(bool v);
  /// The smallest of int8, int16, int32, int64 that holds v.
  Status Int(int64_t v);
  Status Double(double v);
  Status Float(float v);
  /// decimal4 / 8 / 16 by the unscaled value's digits (< 10^9, 10^18, 10^38), scale <= 38.
  Status Decimal(Decimal128 unscaled, int scale);
  /// A short string up to 63 bytes, else a long string; must be valid UTF-8.
  Status String(std::string_view utf8);
  Status Binary(std::span<const uint8_t> bytes);
  Status Date(int32_t days);
  /// µs since the epoch; `utc`: a zoned timestamp (adjusted to UTC), else naive.
  Status Timestamp(int64_t micros, bool utc);
  Status TimeNtz(int64_t micros);
  Status Uuid(std::span<const uint8_t, 16> bytes);
  /// Appends an already-encoded value (with its own metadata), re-keyed into this variant.
  Status Append(const VariantView& v);

  Status BeginObject();
  /// The key of the next value of the open object.
  Status Key(std::string_view utf8);
  Status EndObject();
  Status BeginArray();
  Status EndArray();

  /// The variant, once exactly one top-level value was given.
  Result<Variant> Finish();

 private:
  struct Impl;
  Impl* impl_;
};

/// A canonical variant of JSON text, as Spark's parse_json reads it (SPEC §3.9 "From JSON
/// text"); malformed JSON and duplicate keys are invalid_data.
Result<Variant> VariantFromJson(std::string_view json);

}  // namespace zerorow

// A small JSON reader (RFC 8259) for schemas and golden-vector values. Not a general
// purpose library: it keeps numbers as text (so int64 stays exact) and objects in order.
#pragma once

#include <cstdint>
#include <string>
#include <string_view>
#include <utility>
#include <vector>

#include "zerorow/status.h"

namespace zerorow {

class JsonValue {
 public:
  enum class Kind : uint8_t { kNull, kBool, kNumber, kString, kArray, kObject };

  Kind kind() const { return kind_; }
  bool is_null() const { return kind_ == Kind::kNull; }
  bool is_bool() const { return kind_ == Kind::kBool; }
  bool is_number() const { return kind_ == Kind::kNumber; }
  bool is_string() const { return kind_ == Kind::kString; }
  bool is_array() const { return kind_ == Kind::kArray; }
  bool is_object() const { return kind_ == Kind::kObject; }

  bool bool_value() const { return bool_; }
  /// Number: the literal text as written ("-12", "1.5e3"); string: the decoded UTF-8.
  const std::string& text() const { return text_; }
  const std::vector<JsonValue>& array() const { return array_; }
  const std::vector<std::pair<std::string, JsonValue>>& object() const { return object_; }
  /// Member named `key` of an object, or nullptr (the first one if repeated).
  const JsonValue* Find(std::string_view key) const;

  /// Number as an exact int64 (no fraction or exponent allowed), else invalid_data.
  Result<int64_t> AsInt64() const;
  /// Number as a double (nearest).
  Result<double> AsDouble() const;

  static JsonValue Null() { return JsonValue(Kind::kNull); }
  static JsonValue Bool(bool b) {
    JsonValue v(Kind::kBool);
    v.bool_ = b;
    return v;
  }
  static JsonValue Number(std::string text) {
    JsonValue v(Kind::kNumber);
    v.text_ = std::move(text);
    return v;
  }
  static JsonValue String(std::string s) {
    JsonValue v(Kind::kString);
    v.text_ = std::move(s);
    return v;
  }
  static JsonValue Array(std::vector<JsonValue> a) {
    JsonValue v(Kind::kArray);
    v.array_ = std::move(a);
    return v;
  }
  static JsonValue Object(std::vector<std::pair<std::string, JsonValue>> o) {
    JsonValue v(Kind::kObject);
    v.object_ = std::move(o);
    return v;
  }
  JsonValue() = default;

 private:
  explicit JsonValue(Kind k) : kind_(k) {}
  Kind kind_ = Kind::kNull;
  bool bool_ = false;
  std::string text_;
  std::vector<JsonValue> array_;
  std::vector<std::pair<std::string, JsonValue>> object_;
};

/// Parses one JSON text (surrounding whitespace allowed). invalid_data on malformed input,
/// with the byte position; nesting deeper than `max_depth` is rejected (variants may nest
/// 1,000 levels, SPEC §7).
Result<JsonValue> ParseJson(std::string_view text, int max_depth = 512);

/// Appends `s` as a canonical JSON string (SPEC §4.1 escaping) to `out`.
void AppendJsonString(std::string* out, std::string_view s);

/// Appends a finite number as the shortest text that reads back to it (as a float32 when
/// `is_float32`), in the notation of ECMAScript's Number::toString (SPEC §3.9 "To JSON text"):
/// plain digits while the decimal exponent n is in (-6, 21] (`0.1`, `100`, `0.000001`),
/// else `1e+21`, `1.5e-7`; negative zero as `-0.0`.
void AppendShortestNumber(std::string* out, double v, bool is_float32 = false);

}  // namespace zerorow

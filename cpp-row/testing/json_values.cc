// values.json (SPEC §10) <-> rows, driven by the schema.
#include "zerorow/testing/json_values.h"

#include <charconv>
#include <cmath>
#include <cstdlib>
#include <cstring>
#include <string>

#include "zerorow/value_json.h"
#include "zerorow/variant.h"

namespace zerorow::testing {

namespace {

using detail::SlotView;
using detail::SlotWriter;

// `"s"`. Built by appending: gcc 12 at -O2 and above reports a false -Wrestrict on
// `"\"" + s` (a one-byte literal + a string).
std::string Quoted(std::string_view s) {
  std::string out(1, '"');
  out += s;
  out += '"';
  return out;
}

Status Mismatch(const std::string& what) { return Status::Error(ErrorKind::kSchemaMismatch, what); }

Result<int64_t> ParseInt64Text(const std::string& s) {
  int64_t v = 0;
  auto [p, ec] = std::from_chars(s.data(), s.data() + s.size(), v);
  if (ec != std::errc() || p != s.data() + s.size())
    return Status::InvalidData("expected an int64 in decimal digits but found \"" + s + "\"");
  return v;
}

// int64-like values are strings in values.json; accept numbers too.
Result<int64_t> JsonInt(const JsonValue& v) {
  if (v.is_string()) return ParseInt64Text(v.text());
  if (v.is_number()) return v.AsInt64();
  return Mismatch("expected an integer");
}

Result<double> JsonFloat(const JsonValue& v) {
  if (v.is_number()) return v.AsDouble();
  if (v.is_string()) {
    const std::string& s = v.text();
    if (s == "NaN") return std::nan("");
    if (s == "Infinity") return INFINITY;
    if (s == "-Infinity") return -INFINITY;
    if (s == "-0.0") return -0.0;
  }
  return Mismatch("expected a float");
}

Status Differ(const std::string& expected, const std::string& actual) {
  return Status::Error(ErrorKind::kSchemaMismatch, "expected " + expected + " but found " + actual);
}

Status CheckStruct(const BinaryRow& row, const JsonValue& obj);

// A JSON number's exact value as (digits without leading/trailing zeros, decimal exponent,
// sign), so that "1.50", "1.5" and "15e-1" compare equal (SPEC §10: numbers by exact value).
struct ExactNumber {
  bool negative = false;
  std::string digits;
  int64_t exponent = 0;
  bool operator==(const ExactNumber&) const = default;
};

ExactNumber Exact(const std::string& text) {
  ExactNumber n;
  size_t p = 0;
  if (p < text.size() && text[p] == '-') {
    n.negative = true;
    ++p;
  }
  int64_t frac = 0;
  bool point = false;
  for (; p < text.size() && text[p] != 'e' && text[p] != 'E'; ++p) {
    if (text[p] == '.') {
      point = true;
      continue;
    }
    n.digits.push_back(text[p]);
    if (point) ++frac;
  }
  int64_t exp = 0;
  if (p < text.size()) exp = std::strtoll(text.c_str() + p + 1, nullptr, 10);
  n.exponent = exp - frac;
  size_t first = n.digits.find_first_not_of('0');
  if (first == std::string::npos) return ExactNumber{};  // zero (sign dropped)
  n.digits = n.digits.substr(first);
  while (!n.digits.empty() && n.digits.back() == '0') {
    n.digits.pop_back();
    ++n.exponent;
  }
  return n;
}

// JSON values compared as values: objects by key (in order), numbers by exact value.
bool SameJson(const JsonValue& a, const JsonValue& b) {
  if (a.kind() != b.kind()) return false;
  switch (a.kind()) {
    case JsonValue::Kind::kNull:
      return true;
    case JsonValue::Kind::kBool:
      return a.bool_value() == b.bool_value();
    case JsonValue::Kind::kNumber:
      return Exact(a.text()) == Exact(b.text());
    case JsonValue::Kind::kString:
      return a.text() == b.text();
    case JsonValue::Kind::kArray:
      if (a.array().size() != b.array().size()) return false;
      for (size_t k = 0; k < a.array().size(); ++k) {
        if (!SameJson(a.array()[k], b.array()[k])) return false;
      }
      return true;
    case JsonValue::Kind::kObject:
      if (a.object().size() != b.object().size()) return false;
      for (size_t k = 0; k < a.object().size(); ++k) {
        if (a.object()[k].first != b.object()[k].first || !SameJson(a.object()[k].second, b.object()[k].second))
          return false;
      }
      return true;
  }
  return false;
}

// A variant: the metadata and value bytes as hex, and its JSON text compared as JSON values.
Status CheckVariant(const SlotView& view, int i, const JsonValue& v) {
  if (!v.is_object()) return Mismatch("expected {\"metadata\", \"value\", \"json\"}");
  ZR_ASSIGN_OR_RETURN(VariantView got, view.GetVariant(i));
  const JsonValue* meta = v.Find("metadata");
  const JsonValue* value = v.Find("value");
  const JsonValue* json = v.Find("json");
  if (meta && (!meta->is_string() || meta->text() != BytesToHex(got.metadata())))
    return Differ("metadata " + (meta->is_string() ? meta->text() : "?"), BytesToHex(got.metadata()));
  if (value && (!value->is_string() || value->text() != BytesToHex(got.value())))
    return Differ("value " + (value->is_string() ? value->text() : "?"), BytesToHex(got.value()));
  if (json) {
    if (!json->is_string()) return Mismatch("expected \"json\" to be a string");
    ZR_ASSIGN_OR_RETURN(std::string text, got.ToJson());
    ZR_ASSIGN_OR_RETURN(JsonValue want, ParseJson(json->text(), kMaxVariantDepth + 2));
    ZR_ASSIGN_OR_RETURN(JsonValue have, ParseJson(text, kMaxVariantDepth + 2));
    if (!SameJson(want, have)) return Differ("json " + json->text(), text);
  }
  return Status::OK();
}

Status CheckValueInner(const SlotView& view, int i, const DataType& t, const JsonValue& v);

// Errors come back relative to view, starting with view.PathOf(i).
Status CheckValue(const SlotView& view, int i, const DataType& t, const JsonValue& v) {
  Status st = CheckValueInner(view, i, t, v);
  if (st.ok() || st.path().rfind(view.PathOf(i), 0) == 0) return st;
  return std::move(st).WithPathPrefix(view.PathOf(i));
}

Status CheckValueInner(const SlotView& view, int i, const DataType& t, const JsonValue& v) {
  ZR_ASSIGN_OR_RETURN(bool is_null, view.IsNull(i));
  if (v.is_null() != is_null) return Differ(v.is_null() ? "null" : "a value", is_null ? "null" : "a value");
  if (is_null) return Status::OK();
  switch (t.id()) {
    case TypeId::kBool: {
      ZR_ASSIGN_OR_RETURN(bool b, view.GetBool(i));
      if (!v.is_bool() || v.bool_value() != b)
        return Differ(v.is_bool() ? (v.bool_value() ? "true" : "false") : "?", b ? "true" : "false");
      return Status::OK();
    }
    case TypeId::kInt8:
    case TypeId::kInt16:
    case TypeId::kInt32:
    case TypeId::kInt64:
    case TypeId::kDate32:
    case TypeId::kTime:
    case TypeId::kTimestamp:
    case TypeId::kDuration:
    case TypeId::kIntervalYm: {
      ZR_ASSIGN_OR_RETURN(int64_t want, JsonInt(v));
      int64_t got = 0;
      switch (t.element_width()) {
        case 1: {
          ZR_ASSIGN_OR_RETURN(int8_t x, view.GetInt8(i));
          got = x;
          break;
        }
        case 2: {
          ZR_ASSIGN_OR_RETURN(int16_t x, view.GetInt16(i));
          got = x;
          break;
        }
        case 4: {
          ZR_ASSIGN_OR_RETURN(int32_t x, view.GetInt32(i));
          got = x;
          break;
        }
        default: {
          ZR_ASSIGN_OR_RETURN(int64_t x, view.GetInt64(i));
          got = x;
          break;
        }
      }
      if (want != got) return Differ(std::to_string(want), std::to_string(got));
      return Status::OK();
    }
    case TypeId::kFloat32: {
      ZR_ASSIGN_OR_RETURN(double want, JsonFloat(v));
      ZR_ASSIGN_OR_RETURN(float got, view.GetFloat32(i));
      float wf = static_cast<float>(want);
      if (std::isnan(wf) ? !std::isnan(got) : std::memcmp(&wf, &got, 4) != 0)
        return Differ(v.text(), std::to_string(got));
      return Status::OK();
    }
    case TypeId::kFloat64: {
      ZR_ASSIGN_OR_RETURN(double want, JsonFloat(v));
      ZR_ASSIGN_OR_RETURN(double got, view.GetFloat64(i));
      if (std::isnan(want) ? !std::isnan(got) : std::memcmp(&want, &got, 8) != 0)
        return Differ(v.text(), std::to_string(got));
      return Status::OK();
    }
    case TypeId::kString: {
      ZR_ASSIGN_OR_RETURN(std::string_view got, view.GetString(i));
      if (!v.is_string() || v.text() != got) return Differ(Quoted(v.text()), Quoted(got));
      return Status::OK();
    }
    case TypeId::kNull:
      return Differ("null", "a value");  // IsNull was false
    case TypeId::kInterval:
    case TypeId::kUuid: {
      std::string got;
      ZR_RETURN_NOT_OK(AppendJsonValue(view, i, t, &got));
      ZR_ASSIGN_OR_RETURN(JsonValue parsed, ParseJson(got));
      if (!SameJson(v, parsed)) return Differ(v.is_string() ? v.text() : "?", got);
      return Status::OK();
    }
    case TypeId::kVariant:
      return CheckVariant(view, i, v);
    case TypeId::kBinary:
    case TypeId::kFixedBinary: {
      ZR_ASSIGN_OR_RETURN(auto got, view.GetBinary(i));
      std::string hex = BytesToHex(got);
      if (!v.is_string() || v.text() != hex) return Differ(v.text(), hex);
      return Status::OK();
    }
    case TypeId::kDecimal: {
      ZR_ASSIGN_OR_RETURN(Decimal128 got, view.GetDecimal(i));
      std::string s = DecimalToString(got, t.scale());
      if (!v.is_string() || v.text() != s) return Differ(v.text(), s);
      return Status::OK();
    }
    case TypeId::kList: {
      ZR_ASSIGN_OR_RETURN(BinaryArray a, view.GetArray(i));
      if (!v.is_array()) return Mismatch("expected a list");
      if (static_cast<size_t>(a.size()) != v.array().size())
        return Differ(std::to_string(v.array().size()) + " elements", std::to_string(a.size()));
      for (int k = 0; k < a.size(); ++k) {
        Status st = CheckValue(a, k, *t.element(), v.array()[k]);
        if (!st.ok()) return std::move(st).WithPathPrefix(view.PathOf(i));
      }
      return Status::OK();
    }
    case TypeId::kMap: {
      ZR_ASSIGN_OR_RETURN(BinaryMap m, view.GetMap(i));
      if (!v.is_array()) return Mismatch("expected a map");
      if (static_cast<size_t>(m.size()) != v.array().size())
        return Differ(std::to_string(v.array().size()) + " entries", std::to_string(m.size()));
      for (int k = 0; k < m.size(); ++k) {
        const JsonValue& e = v.array()[k];
        if (!e.is_array() || e.array().size() != 2) return Mismatch("expected [key, value] pairs");
        Status st = CheckValue(m.keys(), k, *t.key(), e.array()[0]);
        if (st.ok()) st = CheckValue(m.values(), k, *t.value(), e.array()[1]);
        if (!st.ok()) return std::move(st).WithPathPrefix(view.PathOf(i));
      }
      return Status::OK();
    }
    case TypeId::kStruct: {
      ZR_ASSIGN_OR_RETURN(BinaryRow r, view.GetStruct(i));
      Status st = CheckStruct(r, v);
      if (!st.ok()) return std::move(st).WithPathPrefix(view.PathOf(i));
      return st;
    }
  }
  return Status::Unsupported("unknown type");
}

Status CheckStruct(const BinaryRow& row, const JsonValue& obj) {
  if (!obj.is_object()) return Mismatch("expected a JSON object for a struct");
  for (int i = 0; i < row.num_fields(); ++i) {
    const JsonValue* v = obj.Find(row.field(i).name);
    static const JsonValue kNull;
    ZR_RETURN_NOT_OK(CheckValue(row, i, *row.field(i).type, v ? *v : kNull));
  }
  return Status::OK();
}

}  // namespace

Status WriteRowFromJson(const JsonValue& values, RowWriter* writer) {
  writer->Reset();
  if (!values.is_object()) return Mismatch("expected a JSON object for a struct");
  const DataType& t = *writer->schema().struct_type();
  for (int i = 0; i < t.num_fields(); ++i) {
    const JsonValue* v = values.Find(t.fields()[i].name);
    static const JsonValue kNull;
    ZR_RETURN_NOT_OK(WriteJsonValue(writer, i, *t.fields()[i].type, v ? *v : kNull));
  }
  return writer->Finish();
}

Status CheckRowAgainstJson(const BinaryRow& row, const JsonValue& values) { return CheckStruct(row, values); }

Result<std::string> RowToJson(const BinaryRow& row) {
  std::string out = "{";
  for (int i = 0; i < row.num_fields(); ++i) {
    if (i) out += ",";
    AppendJsonString(&out, row.field(i).name);
    out += ":";
    ZR_RETURN_NOT_OK(AppendJsonValue(row, i, *row.field(i).type, &out));
  }
  out += "}";
  return out;
}

}  // namespace zerorow::testing

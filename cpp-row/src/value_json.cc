// values.json (SPEC §10) <-> one value of a row, driven by its type.
#include "zerorow/value_json.h"

#include <charconv>
#include <cmath>
#include <string>

#include "zerorow/interval.h"
#include "zerorow/variant.h"

namespace zerorow {

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

// int64-like values are strings in values.json; numbers are accepted too.
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

int HexDigit(char c) {
  if (c >= '0' && c <= '9') return c - '0';
  if (c >= 'a' && c <= 'f') return c - 'a' + 10;
  if (c >= 'A' && c <= 'F') return c - 'A' + 10;
  return -1;
}

Result<std::vector<uint8_t>> JsonHex(const JsonValue& v) {
  if (!v.is_string() || v.text().size() % 2) return Mismatch("expected a hex string");
  std::vector<uint8_t> out(v.text().size() / 2);
  for (size_t k = 0; k < out.size(); ++k) {
    int hi = HexDigit(v.text()[2 * k]), lo = HexDigit(v.text()[2 * k + 1]);
    if (hi < 0 || lo < 0) return Mismatch("expected a hex string");
    out[k] = static_cast<uint8_t>(hi * 16 + lo);
  }
  return out;
}

// SPEC §10: a number in the notation of §3.9's JSON text, the specials as strings.
std::string FloatText(double d, bool is32) {
  if (std::isnan(d)) return "\"NaN\"";
  if (std::isinf(d)) return d > 0 ? "\"Infinity\"" : "\"-Infinity\"";
  if (d == 0 && std::signbit(d)) return "\"-0.0\"";
  std::string out;
  AppendShortestNumber(&out, d, is32);
  return out;
}

// {"months": n, "days": n, "microseconds": "n"} (SPEC §10).
Result<Interval> JsonInterval(const JsonValue& v) {
  if (!v.is_object()) return Mismatch("expected {\"months\", \"days\", \"microseconds\"}");
  const JsonValue* m = v.Find("months");
  const JsonValue* d = v.Find("days");
  const JsonValue* us = v.Find("microseconds");
  if (!m || !d || !us) return Mismatch("expected {\"months\", \"days\", \"microseconds\"}");
  ZR_ASSIGN_OR_RETURN(int64_t months, JsonInt(*m));
  ZR_ASSIGN_OR_RETURN(int64_t days, JsonInt(*d));
  ZR_ASSIGN_OR_RETURN(int64_t micros, JsonInt(*us));
  if (months != static_cast<int32_t>(months) || days != static_cast<int32_t>(days))
    return Status::InvalidData("interval months and days must fit int32");
  return Interval{static_cast<int32_t>(months), static_cast<int32_t>(days), micros};
}

Status WriteStructFields(const JsonValue& obj, const DataType& t, RowWriter* w, bool all_fields) {
  if (!obj.is_object()) return Mismatch("expected a JSON object for a struct");
  if (all_fields) {  // a default names every field, and nothing else (SPEC §13.7)
    for (const auto& [key, value] : obj.object()) {
      if (t.FieldIndex(key) < 0) return Mismatch("the struct has no field \"" + key + "\"");
    }
  }
  for (int i = 0; i < t.num_fields(); ++i) {
    const Field& f = t.fields()[i];
    const JsonValue* v = obj.Find(f.name);
    if (v == nullptr && all_fields) return Mismatch("missing field \"" + f.name + "\"").WithPathPrefix(f.name);
    static const JsonValue kNull;
    ZR_RETURN_NOT_OK(WriteJsonValue(w, i, *f.type, v ? *v : kNull, all_fields));
  }
  return Status::OK();
}

Status WriteList(SlotWriter* w, int i, const DataType& t, const JsonValue& v, bool all_fields) {
  if (!v.is_array()) return Mismatch("expected a JSON array").WithPathPrefix(w->PathOf(i));
  ArrayWriter a;
  ZR_RETURN_NOT_OK(w->BeginArray(i, static_cast<int64_t>(v.array().size()), &a));
  for (size_t k = 0; k < v.array().size(); ++k) {
    Status st = WriteJsonValue(&a, static_cast<int>(k), *t.element(), v.array()[k], all_fields);
    if (!st.ok()) return std::move(st).WithPathPrefix(w->PathOf(i));
  }
  return a.Finish();
}

Status WriteMap(SlotWriter* w, int i, const DataType& t, const JsonValue& v, bool all_fields) {
  auto bad = [&](const std::string& what) { return Mismatch(what).WithPathPrefix(w->PathOf(i)); };
  if (!v.is_array()) return bad("expected an array of [key, value] pairs");
  const auto& entries = v.array();
  for (const JsonValue& e : entries) {
    if (!e.is_array() || e.array().size() != 2) return bad("expected [key, value] pairs");
  }
  MapWriter m;
  ZR_RETURN_NOT_OK(w->BeginMap(i, &m));
  ArrayWriter keys, values;
  const int64_t n = static_cast<int64_t>(entries.size());
  ZR_RETURN_NOT_OK(m.BeginKeys(n, &keys));
  for (int64_t k = 0; k < n; ++k) {
    Status st = WriteJsonValue(&keys, static_cast<int>(k), *t.key(), entries[k].array()[0], all_fields);
    if (!st.ok()) return std::move(st).WithPathPrefix(w->PathOf(i));
  }
  ZR_RETURN_NOT_OK(keys.Finish());
  ZR_RETURN_NOT_OK(m.BeginValues(n, &values));
  for (int64_t k = 0; k < n; ++k) {
    Status st = WriteJsonValue(&values, static_cast<int>(k), *t.value(), entries[k].array()[1], all_fields);
    if (!st.ok()) return std::move(st).WithPathPrefix(w->PathOf(i));
  }
  ZR_RETURN_NOT_OK(values.Finish());
  return m.Finish();
}

// {"metadata": hex, "value": hex, "json": text}: the two byte strings are written (and checked
// by the writer); an object with "json" alone is built canonically from the text.
Status WriteVariantJson(SlotWriter* w, int i, const JsonValue& v) {
  auto nested = [&](Status st) { return std::move(st).WithPathPrefix(w->PathOf(i)); };
  if (!v.is_object()) return nested(Mismatch("expected {\"metadata\", \"value\", \"json\"}"));
  const JsonValue* meta = v.Find("metadata");
  const JsonValue* value = v.Find("value");
  if (meta == nullptr && value == nullptr) {
    const JsonValue* json = v.Find("json");
    if (json == nullptr || !json->is_string()) return nested(Mismatch("expected {\"metadata\", \"value\", \"json\"}"));
    auto built = VariantFromJson(json->text());
    if (!built.ok()) return nested(built.status());
    return w->WriteVariant(i, built->metadata, built->value);
  }
  if (meta == nullptr || value == nullptr) return nested(Mismatch("expected both \"metadata\" and \"value\""));
  auto m = JsonHex(*meta);
  if (!m.ok()) return nested(m.status());
  auto val = JsonHex(*value);
  if (!val.ok()) return nested(val.status());
  return w->WriteVariant(i, *m, *val);
}

}  // namespace

std::string BytesToHex(std::span<const uint8_t> b) {
  static const char* k = "0123456789abcdef";
  std::string s;
  s.reserve(2 * b.size());
  for (uint8_t c : b) {
    s.push_back(k[c >> 4]);
    s.push_back(k[c & 15]);
  }
  return s;
}

Result<std::array<uint8_t, 16>> UuidFromText(std::string_view text) {
  std::array<uint8_t, 16> out{};
  int n = 0;
  for (size_t p = 0; p < text.size(); ++p) {
    char c = text[p];
    if (c == '-' && (p == 8 || p == 13 || p == 18 || p == 23)) continue;
    int hi = HexDigit(c);
    int lo = p + 1 < text.size() ? HexDigit(text[p + 1]) : -1;
    if (hi < 0 || lo < 0 || n >= 16) return Status::InvalidData("not a UUID: \"" + std::string(text) + "\"");
    out[n++] = static_cast<uint8_t>(hi * 16 + lo);
    ++p;
  }
  if (n != 16) return Status::InvalidData("not a UUID: \"" + std::string(text) + "\"");
  return out;
}

std::string UuidToText(std::span<const uint8_t, 16> b) {
  std::string hex = BytesToHex(b);
  return hex.substr(0, 8) + "-" + hex.substr(8, 4) + "-" + hex.substr(12, 4) + "-" + hex.substr(16, 4) + "-" +
         hex.substr(20);
}

Status WriteJsonValue(SlotWriter* w, int i, const DataType& t, const JsonValue& v, bool all_fields) {
  auto bad = [&](const std::string& what) { return Mismatch(what).WithPathPrefix(w->PathOf(i)); };
  auto nested = [&](Status st) { return std::move(st).WithPathPrefix(w->PathOf(i)); };
  if (v.is_null()) return w->SetNull(i);
  switch (t.id()) {
    case TypeId::kNull:
      return bad("a value of type null is always null");
    case TypeId::kBool:
      if (!v.is_bool()) return bad("expected true/false");
      return w->WriteBool(i, v.bool_value());
    case TypeId::kInt8:
    case TypeId::kInt16:
    case TypeId::kInt32:
    case TypeId::kInt64:
    case TypeId::kDate32:
    case TypeId::kTime:
    case TypeId::kTimestamp:
    case TypeId::kDuration:
    case TypeId::kIntervalYm: {
      // The values.json form exactly, for a default: int64-like values are strings, the
      // narrower integers numbers (SPEC §10).
      const bool as_string = NaturalWidth(t.id()) == 8;
      if (all_fields && v.is_string() != as_string)
        return bad(std::string("expected ") + (as_string ? "a string of decimal digits" : "a JSON number") + " for " +
                   std::string(TypeIdName(t.id())));
      auto x = JsonInt(v);
      if (!x.ok()) return nested(x.status());
      return w->WriteInt(i, *x);
    }
    case TypeId::kFloat32: {
      auto x = JsonFloat(v);
      if (!x.ok()) return nested(x.status());
      return w->WriteFloat(i, *x);
    }
    case TypeId::kFloat64: {
      auto x = JsonFloat(v);
      if (!x.ok()) return nested(x.status());
      return w->WriteFloat64(i, *x);
    }
    case TypeId::kString:
      if (!v.is_string()) return bad("expected a string");
      return w->WriteString(i, v.text());
    case TypeId::kBinary:
    case TypeId::kFixedBinary: {
      auto bytes = JsonHex(v);
      if (!bytes.ok()) return nested(bytes.status());
      return w->WriteBinary(i, std::span<const uint8_t>(*bytes));
    }
    case TypeId::kUuid: {
      if (!v.is_string()) return bad("expected a UUID string");
      auto u = UuidFromText(v.text());
      if (!u.ok()) return nested(u.status());
      return w->WriteUuid(i, *u);
    }
    case TypeId::kInterval: {
      auto iv = JsonInterval(v);
      if (!iv.ok()) return nested(iv.status());
      return w->WriteInterval(i, *iv);
    }
    case TypeId::kVariant:
      return WriteVariantJson(w, i, v);
    case TypeId::kDecimal: {
      if (!v.is_string()) return bad("expected a decimal string");
      auto d = DecimalFromString(v.text(), t.precision(), t.scale());
      if (!d.ok()) return nested(d.status());
      return w->WriteDecimal(i, *d);
    }
    case TypeId::kList:
      return WriteList(w, i, t, v, all_fields);
    case TypeId::kMap:
      return WriteMap(w, i, t, v, all_fields);
    case TypeId::kStruct: {
      RowWriter child;
      ZR_RETURN_NOT_OK(w->BeginStruct(i, &child));
      Status st = WriteStructFields(v, t, &child, all_fields);
      if (!st.ok()) return nested(std::move(st));
      return child.Finish();
    }
  }
  return Status::Unsupported("unknown type");
}

namespace {

Status AppendStruct(const BinaryRow& row, std::string* out) {
  *out += "{";
  for (int i = 0; i < row.num_fields(); ++i) {
    if (i) *out += ",";
    AppendJsonString(out, row.field(i).name);
    *out += ":";
    ZR_RETURN_NOT_OK(AppendJsonValue(row, i, *row.field(i).type, out));
  }
  *out += "}";
  return Status::OK();
}

}  // namespace

Status AppendJsonValue(const SlotView& view, int i, const DataType& t, std::string* out) {
  ZR_ASSIGN_OR_RETURN(bool is_null, view.IsNull(i));
  if (is_null) {
    *out += "null";
    return Status::OK();
  }
  auto nested = [&](Status st) { return std::move(st).WithPathPrefix(view.PathOf(i)); };
  switch (t.id()) {
    case TypeId::kNull:
      *out += "null";  // never reached: IsNull is true (full validation checks the bit)
      break;
    case TypeId::kBool: {
      ZR_ASSIGN_OR_RETURN(bool b, view.GetBool(i));
      *out += b ? "true" : "false";
      break;
    }
    case TypeId::kInt8: {
      ZR_ASSIGN_OR_RETURN(int8_t x, view.GetInt8(i));
      *out += std::to_string(x);
      break;
    }
    case TypeId::kInt16: {
      ZR_ASSIGN_OR_RETURN(int16_t x, view.GetInt16(i));
      *out += std::to_string(x);
      break;
    }
    case TypeId::kInt32:
    case TypeId::kDate32:
    case TypeId::kIntervalYm: {
      ZR_ASSIGN_OR_RETURN(int32_t x, view.GetInt32(i));
      *out += std::to_string(x);
      break;
    }
    case TypeId::kInt64:
    case TypeId::kTime:
    case TypeId::kTimestamp:
    case TypeId::kDuration: {
      ZR_ASSIGN_OR_RETURN(int64_t x, view.GetInt64(i));
      *out += Quoted(std::to_string(x));
      break;
    }
    case TypeId::kFloat32: {
      ZR_ASSIGN_OR_RETURN(float x, view.GetFloat32(i));
      *out += FloatText(x, true);
      break;
    }
    case TypeId::kFloat64: {
      ZR_ASSIGN_OR_RETURN(double x, view.GetFloat64(i));
      *out += FloatText(x, false);
      break;
    }
    case TypeId::kString: {
      ZR_ASSIGN_OR_RETURN(std::string_view s, view.GetString(i));
      AppendJsonString(out, s);
      break;
    }
    case TypeId::kBinary:
    case TypeId::kFixedBinary: {
      ZR_ASSIGN_OR_RETURN(auto b, view.GetBinary(i));
      *out += Quoted(BytesToHex(b));
      break;
    }
    case TypeId::kUuid: {
      ZR_ASSIGN_OR_RETURN(auto u, view.GetUuid(i));
      *out += Quoted(UuidToText(u));
      break;
    }
    case TypeId::kInterval: {
      ZR_ASSIGN_OR_RETURN(Interval iv, view.GetInterval(i));
      *out += "{\"months\":" + std::to_string(iv.months) + ",\"days\":" + std::to_string(iv.days) +
              ",\"microseconds\":" + Quoted(std::to_string(iv.microseconds)) + "}";
      break;
    }
    case TypeId::kVariant: {
      ZR_ASSIGN_OR_RETURN(VariantView v, view.GetVariant(i));
      auto json = v.ToJson();
      if (!json.ok()) return nested(json.status());
      *out += "{\"metadata\":" + Quoted(BytesToHex(v.metadata())) + ",\"value\":" + Quoted(BytesToHex(v.value())) +
              ",\"json\":";
      AppendJsonString(out, *json);
      *out += "}";
      break;
    }
    case TypeId::kDecimal: {
      ZR_ASSIGN_OR_RETURN(Decimal128 d, view.GetDecimal(i));
      *out += Quoted(DecimalToString(d, t.scale()));
      break;
    }
    case TypeId::kList: {
      ZR_ASSIGN_OR_RETURN(BinaryArray a, view.GetArray(i));
      *out += "[";
      for (int k = 0; k < a.size(); ++k) {
        if (k) *out += ",";
        Status st = AppendJsonValue(a, k, *t.element(), out);
        if (!st.ok()) return nested(std::move(st));
      }
      *out += "]";
      break;
    }
    case TypeId::kMap: {
      ZR_ASSIGN_OR_RETURN(BinaryMap m, view.GetMap(i));
      *out += "[";
      for (int k = 0; k < m.size(); ++k) {
        *out += k ? ",[" : "[";
        Status st = AppendJsonValue(m.keys(), k, *t.key(), out);
        *out += ",";
        if (st.ok()) st = AppendJsonValue(m.values(), k, *t.value(), out);
        if (!st.ok()) return nested(std::move(st));
        *out += "]";
      }
      *out += "]";
      break;
    }
    case TypeId::kStruct: {
      ZR_ASSIGN_OR_RETURN(BinaryRow r, view.GetStruct(i));
      Status st = AppendStruct(r, out);
      if (!st.ok()) return nested(std::move(st));
      break;
    }
  }
  return Status::OK();
}

}  // namespace zerorow

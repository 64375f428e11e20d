// values.json (SPEC §10) <-> rows, driven by the schema.
#include "zerorow/testing/json_values.h"

#include <charconv>
#include <cmath>
#include <cstring>
#include <string>

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

std::string ToHex(std::span<const uint8_t> b) {
  static const char* k = "0123456789abcdef";
  std::string s;
  for (uint8_t c : b) {
    s.push_back(k[c >> 4]);
    s.push_back(k[c & 15]);
  }
  return s;
}

// ---- write ----------------------------------------------------------------------------------

Status WriteStructFields(const JsonValue& obj, const DataType& t, RowWriter* w);

// Errors come back relative to w, starting with w->PathOf(i) (SPEC §4.3 paths).
Status WriteValue(SlotWriter* w, int i, const DataType& t, const JsonValue& v) {
  auto bad = [&](const std::string& what) { return Mismatch(what).WithPathPrefix(w->PathOf(i)); };
  auto nested = [&](Status st) { return std::move(st).WithPathPrefix(w->PathOf(i)); };
  if (v.is_null()) return w->SetNull(i);
  switch (t.id()) {
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
    case TypeId::kDuration: {
      auto x = JsonInt(v);
      if (!x.ok()) return nested(x.status());
      return w->WriteInt(i, *x);
    }
    case TypeId::kFloat32: {
      auto x = JsonFloat(v);
      if (!x.ok()) return nested(x.status());
      return w->WriteFloat32(i, static_cast<float>(*x));
    }
    case TypeId::kFloat64: {
      auto x = JsonFloat(v);
      if (!x.ok()) return nested(x.status());
      return w->WriteFloat64(i, *x);
    }
    case TypeId::kString:
      if (!v.is_string()) return bad("expected a string");
      return w->WriteString(i, v.text());
    case TypeId::kBinary: {
      auto bytes = JsonHex(v);
      if (!bytes.ok()) return nested(bytes.status());
      return w->WriteBinary(i, std::span<const uint8_t>(*bytes));
    }
    case TypeId::kDecimal: {
      if (!v.is_string()) return bad("expected a decimal string");
      auto d = DecimalFromString(v.text(), t.precision(), t.scale());
      if (!d.ok()) return nested(d.status());
      return w->WriteDecimal(i, *d);
    }
    case TypeId::kList: {
      if (!v.is_array()) return bad("expected a JSON array");
      ArrayWriter a;
      ZR_RETURN_NOT_OK(w->BeginArray(i, static_cast<int64_t>(v.array().size()), &a));
      for (size_t k = 0; k < v.array().size(); ++k) {
        Status st = WriteValue(&a, static_cast<int>(k), *t.element(), v.array()[k]);
        if (!st.ok()) return nested(std::move(st));
      }
      return a.Finish();
    }
    case TypeId::kMap: {
      if (!v.is_array()) return bad("expected an array of [key, value] pairs");
      const auto& entries = v.array();
      for (const JsonValue& e : entries) {
        if (!e.is_array() || e.array().size() != 2) return bad("expected [key, value] pairs");
      }
      MapWriter m;
      ZR_RETURN_NOT_OK(w->BeginMap(i, &m));
      ArrayWriter keys, values;
      int64_t n = static_cast<int64_t>(entries.size());
      ZR_RETURN_NOT_OK(m.BeginKeys(n, &keys));
      for (int64_t k = 0; k < n; ++k) {
        Status st = WriteValue(&keys, static_cast<int>(k), *t.key(), entries[k].array()[0]);
        if (!st.ok()) return nested(std::move(st));
      }
      ZR_RETURN_NOT_OK(keys.Finish());
      ZR_RETURN_NOT_OK(m.BeginValues(n, &values));
      for (int64_t k = 0; k < n; ++k) {
        Status st = WriteValue(&values, static_cast<int>(k), *t.value(), entries[k].array()[1]);
        if (!st.ok()) return nested(std::move(st));
      }
      ZR_RETURN_NOT_OK(values.Finish());
      return m.Finish();
    }
    case TypeId::kStruct: {
      RowWriter child;
      ZR_RETURN_NOT_OK(w->BeginStruct(i, &child));
      Status st = WriteStructFields(v, t, &child);
      if (!st.ok()) return nested(std::move(st));
      return child.Finish();
    }
  }
  return Status::Unsupported("unknown type");
}

Status WriteStructFields(const JsonValue& obj, const DataType& t, RowWriter* w) {
  if (!obj.is_object()) return Mismatch("expected a JSON object for a struct");
  for (int i = 0; i < t.num_fields(); ++i) {
    const Field& f = t.fields()[i];
    const JsonValue* v = obj.Find(f.name);
    static const JsonValue kNull;
    ZR_RETURN_NOT_OK(WriteValue(w, i, *f.type, v ? *v : kNull));
  }
  return Status::OK();
}

// ---- check ----------------------------------------------------------------------------------

Status Differ(const std::string& expected, const std::string& actual) {
  return Status::Error(ErrorKind::kSchemaMismatch, "expected " + expected + " but found " + actual);
}

Status CheckStruct(const BinaryRow& row, const JsonValue& obj);
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
    case TypeId::kDuration: {
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
    case TypeId::kBinary: {
      ZR_ASSIGN_OR_RETURN(auto got, view.GetBinary(i));
      std::string hex = ToHex(got);
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

// ---- print ----------------------------------------------------------------------------------

Status AppendStruct(const BinaryRow& row, std::string* out);

std::string FloatText(double d, bool is32) {
  if (std::isnan(d)) return "\"NaN\"";
  if (std::isinf(d)) return d > 0 ? "\"Infinity\"" : "\"-Infinity\"";
  if (d == 0 && std::signbit(d)) return "\"-0.0\"";
  char buf[64];
  auto r = is32 ? std::to_chars(buf, buf + sizeof buf, static_cast<float>(d)) : std::to_chars(buf, buf + sizeof buf, d);
  return std::string(buf, r.ptr);
}

Status AppendValue(const SlotView& view, int i, const DataType& t, std::string* out) {
  ZR_ASSIGN_OR_RETURN(bool is_null, view.IsNull(i));
  if (is_null) {
    *out += "null";
    return Status::OK();
  }
  switch (t.id()) {
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
    case TypeId::kDate32: {
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
    case TypeId::kBinary: {
      ZR_ASSIGN_OR_RETURN(auto b, view.GetBinary(i));
      *out += Quoted(ToHex(b));
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
        Status st = AppendValue(a, k, *t.element(), out);
        if (!st.ok()) return std::move(st).WithPathPrefix(view.PathOf(i));
      }
      *out += "]";
      break;
    }
    case TypeId::kMap: {
      ZR_ASSIGN_OR_RETURN(BinaryMap m, view.GetMap(i));
      *out += "[";
      for (int k = 0; k < m.size(); ++k) {
        *out += k ? ",[" : "[";
        Status st = AppendValue(m.keys(), k, *t.key(), out);
        *out += ",";
        if (st.ok()) st = AppendValue(m.values(), k, *t.value(), out);
        if (!st.ok()) return std::move(st).WithPathPrefix(view.PathOf(i));
        *out += "]";
      }
      *out += "]";
      break;
    }
    case TypeId::kStruct: {
      ZR_ASSIGN_OR_RETURN(BinaryRow r, view.GetStruct(i));
      Status st = AppendStruct(r, out);
      if (!st.ok()) return std::move(st).WithPathPrefix(view.PathOf(i));
      break;
    }
  }
  return Status::OK();
}

Status AppendStruct(const BinaryRow& row, std::string* out) {
  *out += "{";
  for (int i = 0; i < row.num_fields(); ++i) {
    if (i) *out += ",";
    AppendJsonString(out, row.field(i).name);
    *out += ":";
    ZR_RETURN_NOT_OK(AppendValue(row, i, *row.field(i).type, out));
  }
  *out += "}";
  return Status::OK();
}

}  // namespace

Status WriteRowFromJson(const JsonValue& values, RowWriter* writer) {
  writer->Reset();
  ZR_RETURN_NOT_OK(WriteStructFields(values, *writer->schema().struct_type(), writer));
  return writer->Finish();
}

Status CheckRowAgainstJson(const BinaryRow& row, const JsonValue& values) { return CheckStruct(row, values); }

Result<std::string> RowToJson(const BinaryRow& row) {
  std::string out;
  ZR_RETURN_NOT_OK(AppendStruct(row, &out));
  return out;
}

}  // namespace zerorow::testing

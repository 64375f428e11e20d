// Arrow -> zerorow types: the one mapping of SPEC §12.2 (MapType), and Arrow's own names of
// Arrow types for messages (ArrowTypeName).
#include <charconv>
#include <cstring>
#include <string>
#include <string_view>

#include "import_internal.h"

namespace zerorow::arrow_io {
namespace internal {
namespace {

// The value of `key` in ArrowSchema metadata (int32 count, then int32-length-prefixed keys
// and values), or nullopt. Lengths are checked against the count's framing only: the C Data
// Interface gives no buffer size, so metadata is trusted to be well framed.
std::optional<std::string_view> MetadataValue(const char* metadata, std::string_view key) {
  if (metadata == nullptr) return std::nullopt;
  auto read32 = [](const char* p) {
    int32_t v;
    std::memcpy(&v, p, 4);
    return v;
  };
  const char* p = metadata;
  const int32_t n = read32(p);
  p += 4;
  for (int32_t k = 0; k < n && k < 1024; ++k) {
    const int32_t klen = read32(p);
    if (klen < 0) return std::nullopt;
    std::string_view kv(p + 4, static_cast<size_t>(klen));
    p += 4 + klen;
    const int32_t vlen = read32(p);
    if (vlen < 0) return std::nullopt;
    std::string_view vv(p + 4, static_cast<size_t>(vlen));
    p += 4 + vlen;
    if (kv == key) return vv;
  }
  return std::nullopt;
}

bool ParseInt(std::string_view s, int64_t* out) {
  auto [p, ec] = std::from_chars(s.data(), s.data() + s.size(), *out);
  return ec == std::errc() && p == s.data() + s.size();
}

Status Refused(const ArrowSchema* s, const std::string& path, const std::string& why) {
  return Status::Error(ErrorKind::kUnsupported, "Arrow type " + ArrowTypeName(s) + " " + why, path);
}

// "s" / "ms" / "us" / "ns" at `f[pos]` to the factors of µs = v * mul / div.
bool TimeUnit(std::string_view f, size_t pos, Format* out) {
  if (f.size() <= pos) return false;
  switch (f[pos]) {
    case 's':
      out->unit_mul = 1'000'000;
      return true;
    case 'm':
      out->unit_mul = 1'000;
      return true;
    case 'u':
      return true;
    case 'n':
      out->unit_div = 1'000;
      return true;
  }
  return false;
}

std::string_view UnitName(char c) {
  switch (c) {
    case 's':
      return "s";
    case 'm':
      return "ms";
    case 'u':
      return "us";
    case 'n':
      return "ns";
  }
  return "?";
}

std::string ChildName(const ArrowSchema* c) {
  std::string out = c->name ? c->name : "";
  out += ": ";
  out += ArrowTypeName(c);
  if (!(c->flags & ARROW_FLAG_NULLABLE)) out += " not null";
  return out;
}

std::string Children(const ArrowSchema* s) {
  std::string out;
  for (int64_t k = 0; k < s->n_children; ++k) {
    if (k) out += ", ";
    out += s->children && s->children[k] ? ChildName(s->children[k]) : "?";
  }
  return out;
}

}  // namespace

Result<Format> ParseFormat(const ArrowSchema* s, const std::string& path) {
  Format f;
  if (s->dictionary != nullptr) {
    f.source = Source::kDictionary;
    std::string_view idx(s->format);
    if (idx.size() != 1 || std::string_view("cCsSiIlL").find(idx[0]) == std::string_view::npos)
      return Refused(s, path, "has dictionary indices that are not an integer type");
    f.width = idx[0] == 'c' || idx[0] == 'C'   ? 1
              : idx[0] == 's' || idx[0] == 'S' ? 2
              : idx[0] == 'i' || idx[0] == 'I' ? 4
                                               : 8;
    f.unsigned_index = idx[0] >= 'A' && idx[0] <= 'Z';
    return f;
  }
  const std::string_view fmt(s->format);
  std::optional<std::string_view> ext = MetadataValue(s->metadata, "ARROW:extension:name");
  if (fmt.size() == 1) {
    switch (fmt[0]) {
      case 'n':
        f.source = Source::kNull;
        return f;
      case 'b':
        f.source = Source::kBool;
        return f;
      case 'c':
      case 's':
      case 'i':
      case 'l':
      case 'C':
      case 'S':
      case 'I':
      case 'L':
        f.source = fmt[0] >= 'a' ? Source::kSigned : Source::kUnsigned;
        f.width = fmt[0] == 'c' || fmt[0] == 'C'   ? 1
                  : fmt[0] == 's' || fmt[0] == 'S' ? 2
                  : fmt[0] == 'i' || fmt[0] == 'I' ? 4
                                                   : 8;
        return f;
      case 'e':
        f.source = Source::kFloat16;
        return f;
      case 'f':
        f.source = Source::kFloat32;
        return f;
      case 'g':
        f.source = Source::kFloat64;
        return f;
      case 'z':
      case 'u':
      case 'Z':
      case 'U':
        f.source = Source::kBinary;
        f.utf8 = fmt[0] == 'u' || fmt[0] == 'U';
        f.width = fmt[0] == 'Z' || fmt[0] == 'U' ? 8 : 4;
        return f;
    }
  }
  if (fmt == "vz" || fmt == "vu") {
    f.source = Source::kBinaryView;
    f.utf8 = fmt == "vu";
    return f;
  }
  if (fmt.substr(0, 2) == "d:") {
    int64_t p = 0, sc = 0, bits = 128;
    std::string_view rest = fmt.substr(2);
    size_t c1 = rest.find(','), c2 = rest.find(',', c1 == std::string_view::npos ? c1 : c1 + 1);
    if (c1 == std::string_view::npos || !ParseInt(rest.substr(0, c1), &p) ||
        !ParseInt(rest.substr(c1 + 1, c2 == std::string_view::npos ? std::string_view::npos : c2 - c1 - 1), &sc) ||
        (c2 != std::string_view::npos && !ParseInt(rest.substr(c2 + 1), &bits)))
      return Refused(s, path, "has a malformed decimal format");
    if (bits != 32 && bits != 64 && bits != 128 && bits != 256)
      return Refused(s, path, "is not a decimal Arrow defines");
    if (p > 38) return Refused(s, path, "has a precision above 38, the most a zerorow decimal holds (SPEC §12.2)");
    f.source = Source::kDecimal;
    f.width = static_cast<int>(bits / 8);
    f.precision = static_cast<int>(p);
    f.scale = static_cast<int>(sc);
    return f;
  }
  if (fmt.substr(0, 2) == "w:") {
    int64_t n = 0;
    if (!ParseInt(fmt.substr(2), &n) || n < 1 || n > kMaxFixedBinarySize)
      return Refused(s, path, "has a size outside [1, 2^31-8] (SPEC §3.8)");
    f.source = Source::kFixedSizeBinary;
    f.fixed = static_cast<int32_t>(n);
    f.uuid = ext == "arrow.uuid" && n == 16;
    f.parquet_interval = n == 12 && MetadataValue(s->metadata, kParquetLogicalTypeKey) == "INTERVAL";
    return f;
  }
  if (fmt == "tdD") {
    f.source = Source::kDate32;
    return f;
  }
  if (fmt == "tdm") {
    f.source = Source::kDate64;
    return f;
  }
  if (fmt.size() == 3 && fmt.substr(0, 2) == "tt" && TimeUnit(fmt, 2, &f)) {
    f.source = Source::kTime;
    f.width = fmt[2] == 's' || fmt[2] == 'm' ? 4 : 8;
    return f;
  }
  if (fmt.size() >= 4 && fmt.substr(0, 2) == "ts" && fmt[3] == ':' && TimeUnit(fmt, 2, &f)) {
    f.source = Source::kTimestamp;
    f.width = 8;
    f.tz = std::string(fmt.substr(4));
    return f;
  }
  if (fmt.size() == 3 && fmt.substr(0, 2) == "tD" && TimeUnit(fmt, 2, &f)) {
    f.source = Source::kDuration;
    f.width = 8;
    return f;
  }
  if (fmt == "tiM") {
    f.source = Source::kMonths;
    return f;
  }
  if (fmt == "tiD") {
    f.source = Source::kDayTime;
    return f;
  }
  if (fmt == "tin") {
    f.source = Source::kMonthDayNano;
    f.unit_div = 1000;
    return f;
  }
  if (fmt == "+l" || fmt == "+L") {
    f.source = Source::kList;
    f.width = fmt == "+L" ? 8 : 4;
    return f;
  }
  if (fmt == "+vl" || fmt == "+vL") {
    f.source = Source::kListView;
    f.width = fmt == "+vL" ? 8 : 4;
    return f;
  }
  if (fmt.substr(0, 3) == "+w:") {
    int64_t n = 0;
    if (!ParseInt(fmt.substr(3), &n) || n < 0 || n >= (int64_t{1} << 31))
      return Refused(s, path, "has a malformed list size");
    f.source = Source::kFixedSizeList;
    f.fixed = static_cast<int32_t>(n);
    return f;
  }
  if (fmt == "+m") {
    f.source = Source::kMap;
    return f;
  }
  if (fmt == "+s") {
    f.source = ext == "parquet.variant" ? Source::kVariant : Source::kStruct;
    return f;
  }
  if (fmt == "+r") {
    f.source = Source::kRunEnd;
    return f;
  }
  if (fmt.substr(0, 3) == "+ud" || fmt.substr(0, 3) == "+us")
    return Refused(s, path, "has no zerorow type: a union's values have different types (SPEC §12.2)");
  return Refused(s, path, "has no zerorow type (SPEC §12.2)");
}

Result<DataTypePtr> MapType(const ArrowSchema* s, const std::string& path) {
  if (s == nullptr || s->format == nullptr) return Status::Error(ErrorKind::kInvalidData, "missing Arrow schema", path);
  if (s->n_children > 0 && s->children == nullptr)
    return Status::Error(ErrorKind::kInvalidData, "missing Arrow schema children", path);
  for (int64_t c = 0; c < s->n_children; ++c) {
    if (s->children[c] == nullptr) return Status::Error(ErrorKind::kInvalidData, "missing Arrow schema child", path);
  }
  ZR_ASSIGN_OR_RETURN(Format f, ParseFormat(s, path));
  auto child_nullable = [&](int64_t i) { return (s->children[i]->flags & ARROW_FLAG_NULLABLE) != 0; };
  auto want_children = [&](int64_t n) -> Status {
    if (s->n_children != n)
      return Status::Error(ErrorKind::kInvalidData,
                           "Arrow type " + ArrowTypeName(s) + " has " + std::to_string(s->n_children) +
                               " children but " + std::to_string(n) + " were expected",
                           path);
    return Status::OK();
  };
  switch (f.source) {
    case Source::kNull:
      return null_type();
    case Source::kBool:
      return bool_();
    case Source::kSigned:
      return f.width == 1 ? int8() : f.width == 2 ? int16() : f.width == 4 ? int32() : int64();
    case Source::kUnsigned:  // SPEC §12.2: the next wider signed type; uint64 -> decimal(20, 0)
      return f.width == 1 ? int16() : f.width == 2 ? int32() : f.width == 4 ? int64() : decimal(20, 0);
    case Source::kFloat16:
    case Source::kFloat32:
      return float32();
    case Source::kFloat64:
      return float64();
    case Source::kDecimal:
      return decimal(f.precision, f.scale);
    case Source::kDate32:
    case Source::kDate64:
      return date32();
    case Source::kTime:
      return time();
    case Source::kTimestamp:
      return timestamp(f.tz);
    case Source::kDuration:
      return duration();
    case Source::kMonths:
      return interval_ym();
    case Source::kDayTime:
    case Source::kMonthDayNano:
      return interval();
    case Source::kBinary:
    case Source::kBinaryView:
      return f.utf8 ? string() : binary();
    case Source::kFixedSizeBinary:
      return f.uuid ? uuid() : f.parquet_interval ? interval() : fixed_binary(f.fixed);
    case Source::kList:
    case Source::kListView:
    case Source::kFixedSizeList: {
      ZR_RETURN_NOT_OK(want_children(1));
      ZR_ASSIGN_OR_RETURN(DataTypePtr e, MapType(s->children[0], path + "[]"));
      return list(e, child_nullable(0));
    }
    case Source::kMap: {
      ZR_RETURN_NOT_OK(want_children(1));
      const ArrowSchema* es = s->children[0];
      if (es->n_children != 2 || es->children == nullptr || !es->children[0] || !es->children[1])
        return Status::Error(ErrorKind::kInvalidData, "Arrow map entries must have 2 children", path);
      ZR_ASSIGN_OR_RETURN(DataTypePtr k, MapType(es->children[0], path + "{keys}"));
      ZR_ASSIGN_OR_RETURN(DataTypePtr v, MapType(es->children[1], path + "{values}"));
      return map(k, v, (es->children[1]->flags & ARROW_FLAG_NULLABLE) != 0);
    }
    case Source::kStruct: {
      std::vector<Field> fields;
      for (int64_t i = 0; i < s->n_children; ++i) {
        std::string name = s->children[i]->name ? s->children[i]->name : "";
        ZR_ASSIGN_OR_RETURN(DataTypePtr t, MapType(s->children[i], path.empty() ? name : path + "." + name));
        fields.push_back(Field{name, t, child_nullable(i)});
      }
      return struct_(std::move(fields));
    }
    case Source::kVariant: {
      ZR_RETURN_NOT_OK(want_children(2));
      for (int64_t i = 0; i < 2; ++i) {
        ZR_ASSIGN_OR_RETURN(Format cf, ParseFormat(s->children[i], path));
        const char* name = s->children[i]->name ? s->children[i]->name : "";
        if ((std::strcmp(name, "metadata") != 0 && std::strcmp(name, "value") != 0) ||
            (cf.source != Source::kBinary && cf.source != Source::kBinaryView) || cf.utf8)
          return Refused(s, path,
                         "is a parquet.variant whose storage is not struct<metadata: binary, value: binary> "
                         "(a shredded variant is refused, SPEC §12.3)");
      }
      return variant();
    }
    case Source::kDictionary: {
      ZR_ASSIGN_OR_RETURN(DataTypePtr t, MapType(s->dictionary, path));
      return t;
    }
    case Source::kRunEnd: {
      ZR_RETURN_NOT_OK(want_children(2));
      ZR_ASSIGN_OR_RETURN(Format ends, ParseFormat(s->children[0], path));
      if (ends.source != Source::kSigned || ends.width == 1)
        return Refused(s, path, "has run ends that are not int16, int32 or int64");
      return MapType(s->children[1], path);
    }
  }
  return Refused(s, path, "has no zerorow type (SPEC §12.2)");
}

}  // namespace internal

std::string ArrowTypeName(const ArrowSchema* s) {
  if (s == nullptr || s->format == nullptr) return "?";
  if (s->dictionary != nullptr) {
    std::string idx;
    switch (s->format[0]) {
      case 'c':
        idx = "int8";
        break;
      case 'C':
        idx = "uint8";
        break;
      case 's':
        idx = "int16";
        break;
      case 'S':
        idx = "uint16";
        break;
      case 'i':
        idx = "int32";
        break;
      case 'I':
        idx = "uint32";
        break;
      case 'l':
        idx = "int64";
        break;
      case 'L':
        idx = "uint64";
        break;
      default:
        idx = s->format;
    }
    return "dictionary<values=" + ArrowTypeName(s->dictionary) + ", indices=" + idx +
           ", ordered=" + ((s->flags & ARROW_FLAG_DICTIONARY_ORDERED) ? "1" : "0") + ">";
  }
  std::optional<std::string_view> ext = internal::MetadataValue(s->metadata, "ARROW:extension:name");
  if (ext) return "extension<" + std::string(*ext) + ">";
  const std::string_view f(s->format);
  static constexpr std::pair<std::string_view, std::string_view> kNames[] = {{"n", "null"},
                                                                             {"b", "bool"},
                                                                             {"c", "int8"},
                                                                             {"C", "uint8"},
                                                                             {"s", "int16"},
                                                                             {"S", "uint16"},
                                                                             {"i", "int32"},
                                                                             {"I", "uint32"},
                                                                             {"l", "int64"},
                                                                             {"L", "uint64"},
                                                                             {"e", "halffloat"},
                                                                             {"f", "float"},
                                                                             {"g", "double"},
                                                                             {"z", "binary"},
                                                                             {"Z", "large_binary"},
                                                                             {"vz", "binary_view"},
                                                                             {"u", "string"},
                                                                             {"U", "large_string"},
                                                                             {"vu", "string_view"},
                                                                             {"tdD", "date32[day]"},
                                                                             {"tdm", "date64[ms]"},
                                                                             {"tiM", "month_interval"},
                                                                             {"tiD", "day_time_interval"},
                                                                             {"tin", "month_day_nano_interval"}};
  for (const auto& [code, name] : kNames) {
    if (f == code) return std::string(name);
  }
  if (f.size() == 3 && f.substr(0, 2) == "tt")
    return std::string(f[2] == 's' || f[2] == 'm' ? "time32[" : "time64[") + std::string(internal::UnitName(f[2])) +
           "]";
  if (f.size() >= 4 && f.substr(0, 2) == "ts") {
    std::string out = "timestamp[" + std::string(internal::UnitName(f[2]));
    if (f.size() > 4) out += ", tz=" + std::string(f.substr(4));
    return out + "]";
  }
  if (f.size() == 3 && f.substr(0, 2) == "tD") return "duration[" + std::string(internal::UnitName(f[2])) + "]";
  if (f.substr(0, 2) == "w:") return "fixed_size_binary[" + std::string(f.substr(2)) + "]";
  if (f.substr(0, 2) == "d:") {
    std::string_view rest = f.substr(2);
    size_t c1 = rest.find(','), c2 = rest.find(',', c1 == std::string_view::npos ? c1 : c1 + 1);
    std::string bits = c2 == std::string_view::npos ? "128" : std::string(rest.substr(c2 + 1));
    std::string ps = std::string(rest.substr(0, c2));
    if (c1 != std::string_view::npos) ps.replace(c1, 1, ", ");
    return "decimal" + bits + "(" + ps + ")";
  }
  auto child = [&](int64_t k) -> std::string {
    return s->n_children > k && s->children && s->children[k] ? internal::ChildName(s->children[k]) : "?";
  };
  if (f == "+l") return "list<" + child(0) + ">";
  if (f == "+L") return "large_list<" + child(0) + ">";
  if (f == "+vl") return "list_view<" + child(0) + ">";
  if (f == "+vL") return "large_list_view<" + child(0) + ">";
  if (f.substr(0, 3) == "+w:") return "fixed_size_list<" + child(0) + ">[" + std::string(f.substr(3)) + "]";
  if (f == "+s") return "struct<" + internal::Children(s) + ">";
  if (f == "+r") return "run_end_encoded<" + internal::Children(s) + ">";
  if (f == "+m") {
    const ArrowSchema* e = s->n_children == 1 && s->children ? s->children[0] : nullptr;
    if (e && e->n_children == 2 && e->children && e->children[0] && e->children[1])
      return "map<" + ArrowTypeName(e->children[0]) + ", " + ArrowTypeName(e->children[1]) + ">";
    return "map<?>";
  }
  if (f.substr(0, 3) == "+ud" || f.substr(0, 3) == "+us") {
    std::string out = f.substr(0, 3) == "+ud" ? "dense_union<" : "sparse_union<";
    std::string_view codes = f.size() > 4 ? f.substr(4) : std::string_view();
    for (int64_t k = 0; k < s->n_children; ++k) {
      if (k) out += ", ";
      out += child(k);
      size_t comma = codes.find(',');
      out += "=" + std::string(codes.substr(0, comma));
      codes = comma == std::string_view::npos ? std::string_view() : codes.substr(comma + 1);
    }
    return out + ">";
  }
  return std::string(f);
}

Result<DataTypePtr> ImportType(const ArrowSchema* type) { return internal::MapType(type, ""); }

Result<Schema> ImportSchema(const ArrowSchema* schema) {
  // The columns become fields, which need distinct, non-empty names (SPEC §4.1): a column
  // without one is named by its number, as the user must rename it before reading.
  if (schema->format != nullptr && std::string_view(schema->format) == "+s") {
    for (int64_t k = 0; k < schema->n_children; ++k) {
      const char* name = schema->children[k]->name;
      bool earlier = false;
      for (int64_t j = 0; j < k && name != nullptr && name[0] != '\0'; ++j)
        earlier =
            earlier || (schema->children[j]->name != nullptr && std::string_view(schema->children[j]->name) == name);
      if (name == nullptr || name[0] == '\0' || earlier)
        return Status::Error(ErrorKind::kUnsupported,
                             "column " + std::to_string(k) +
                                 (earlier ? " has the name of an earlier column" : " has no name") +
                                 "; zerorow fields need distinct, non-empty names (SPEC §4.1): rename it first",
                             name == nullptr ? "" : name);
    }
  }
  ZR_ASSIGN_OR_RETURN(DataTypePtr t, internal::MapType(schema, ""));
  if (t->id() != TypeId::kStruct)
    return Status::Error(ErrorKind::kSchemaMismatch,
                         "expected an Arrow struct of columns but found " + ArrowTypeName(schema));
  return Schema::FromStructType(t);
}

}  // namespace zerorow::arrow_io

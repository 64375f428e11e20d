// ArrowSchema -> zerorow schema (SPEC §12 read backwards, with its reader alternatives).
#include <cstdio>
#include <string>
#include <string_view>

#include "zerorow/arrow/import.h"

namespace zerorow::arrow_io {
namespace {

// The type of a scalar Arrow format without parameters beyond a unit or time zone, or null.
DataTypePtr ScalarType(std::string_view f) {
  if (f == "b") return bool_();
  if (f == "c") return int8();
  if (f == "s") return int16();
  if (f == "i") return int32();
  if (f == "l") return int64();
  if (f == "f") return float32();
  if (f == "g") return float64();
  if (f == "u" || f == "U") return string();
  if (f == "z" || f == "Z") return binary();
  if (f == "tdD") return date32();
  if (f == "ttu" || f == "ttn") return time();
  if (f.size() == 3 && f.substr(0, 2) == "tD") return duration();
  if (f.size() >= 4 && f.substr(0, 2) == "ts" && f[3] == ':') return timestamp(std::string(f.substr(4)));
  return nullptr;
}

Result<DataTypePtr> ImportType(const ArrowSchema* s, const std::string& path) {
  if (s == nullptr || s->format == nullptr) return Status::Error(ErrorKind::kInvalidData, "missing Arrow schema", path);
  // A dictionary column would need its dictionary at every row: refused here, at schema
  // time, rather than mapped to its index type (which would import indices as values).
  if (s->dictionary != nullptr)
    return Status::Error(ErrorKind::kUnsupported,
                         "dictionary-encoded Arrow column (format \"" + std::string(s->format) +
                             "\"): decode it first (e.g. pyarrow's dictionary_decode / Arrow's Cast)",
                         path);
  if (s->n_children > 0 && s->children == nullptr)
    return Status::Error(ErrorKind::kInvalidData, "missing Arrow children", path);
  std::string_view f(s->format);
  auto child_nullable = [&](int i) { return (s->children[i]->flags & ARROW_FLAG_NULLABLE) != 0; };
  if (DataTypePtr scalar = ScalarType(f)) return scalar;
  if (f.substr(0, 2) == "d:") {
    int p = 0, sc = 0, bits = 128;
    if (std::sscanf(s->format, "d:%d,%d,%d", &p, &sc, &bits) < 2 || bits != 128)
      return Status::Error(ErrorKind::kUnsupported, "unsupported Arrow decimal \"" + std::string(f) + "\"", path);
    return decimal(p, sc);
  }
  if ((f == "+l" || f == "+L") && s->n_children == 1) {
    ZR_ASSIGN_OR_RETURN(DataTypePtr e, ImportType(s->children[0], path + "[]"));
    return list(e, child_nullable(0));
  }
  if (f == "+m" && s->n_children == 1 && s->children[0]->n_children == 2) {
    const ArrowSchema* es = s->children[0];
    ZR_ASSIGN_OR_RETURN(DataTypePtr k, ImportType(es->children[0], path + "{keys}"));
    ZR_ASSIGN_OR_RETURN(DataTypePtr v, ImportType(es->children[1], path + "{values}"));
    return map(k, v, (es->children[1]->flags & ARROW_FLAG_NULLABLE) != 0);
  }
  if (f == "+s") {
    std::vector<Field> fields;
    for (int64_t i = 0; i < s->n_children; ++i) {
      std::string name = s->children[i]->name ? s->children[i]->name : "";
      ZR_ASSIGN_OR_RETURN(DataTypePtr t, ImportType(s->children[i], path.empty() ? name : path + "." + name));
      fields.push_back(Field{name, t, child_nullable(static_cast<int>(i))});
    }
    return struct_(std::move(fields));
  }
  return Status::Error(ErrorKind::kUnsupported, "Arrow type \"" + std::string(f) + "\" has no zerorow type", path);
}

}  // namespace

Result<Schema> ImportSchema(const ArrowSchema* schema) {
  ZR_ASSIGN_OR_RETURN(DataTypePtr t, ImportType(schema, ""));
  if (t->id() != TypeId::kStruct) return Status::Error(ErrorKind::kSchemaMismatch, "expected an Arrow struct (\"+s\")");
  return Schema::FromStructType(t);
}

}  // namespace zerorow::arrow_io

#include "zerorow/schema.h"

#include <cstdio>
#include <unordered_set>

#include "zerorow/json.h"

namespace zerorow {

namespace {
constexpr std::string_view kTypeNames[] = {"bool",     "int8",    "int16",  "int32",  "int64", "float32",
                                           "float64",  "string",  "binary", "date32", "time",  "timestamp",
                                           "duration", "decimal", "list",   "map",    "struct"};

int NaturalWidth(TypeId id) {
  switch (id) {
    case TypeId::kBool:
    case TypeId::kInt8:
      return 1;
    case TypeId::kInt16:
      return 2;
    case TypeId::kInt32:
    case TypeId::kFloat32:
    case TypeId::kDate32:
      return 4;
    default:
      return 8;
  }
}
}  // namespace

std::string_view TypeIdName(TypeId id) { return kTypeNames[static_cast<int>(id)]; }

DataType::DataType(TypeId id) : id_(id) {}

void DataType::Finish() {
  width_ = NaturalWidth(id_);
  switch (id_) {
    case TypeId::kString:
    case TypeId::kBinary:
    case TypeId::kList:
    case TypeId::kMap:
    case TypeId::kStruct:
      fixed_ = false;
      break;
    case TypeId::kDecimal:
      fixed_ = precision_ <= 18;
      break;
    default:
      fixed_ = true;
  }
  if (id_ == TypeId::kStruct) {
    uint32_t n = static_cast<uint32_t>(fields_.size());
    bitmap_size_ = ((n + 63) / 64) * 8;
    fixed_size_ = bitmap_size_ + 8 * n;
    for (const Field& f : fields_) {
      const DataType& t = *f.type;
      bool fast = t.fixed_ && t.id_ != TypeId::kBool && t.id_ != TypeId::kTime && t.id_ != TypeId::kDecimal;
      fast_masks_.push_back(!fast ? ~uint64_t{0} : t.width_ == 8 ? 0 : ~uint64_t{0} << (8 * t.width_));
      field_ids_.push_back(t.id_);
    }
  }
}

std::string TypeIdWithArticle(TypeId id) {
  std::string_view name = TypeIdName(id);
  // int8..int64 are the names that start with a vowel sound
  return (name.starts_with("int") ? "an " : "a ") + std::string(name);
}

int DataType::FieldIndex(std::string_view name) const {
  for (size_t i = 0; i < fields_.size(); ++i) {
    if (fields_[i].name == name) return static_cast<int>(i);
  }
  return -1;
}

// `aliases`: write the fields' aliases (the canonical JSON) or not (the fingerprint's text).
static void AppendTypeJson(const DataType& t, bool aliases, std::string* out);

static void AppendStructJson(const DataType& t, bool aliases, std::string* out) {
  *out += "{\"type\":\"struct\",\"fields\":[";
  bool first = true;
  for (const Field& f : t.fields()) {
    if (!first) out->push_back(',');
    first = false;
    *out += "{\"name\":";
    AppendJsonString(out, f.name);
    *out += ",\"type\":";
    AppendTypeJson(*f.type, aliases, out);
    *out += f.nullable ? ",\"nullable\":true" : ",\"nullable\":false";
    if (aliases && !f.aliases.empty()) {  // SPEC §4.1: last, only when there is one
      *out += ",\"aliases\":[";
      for (size_t k = 0; k < f.aliases.size(); ++k) {
        if (k > 0) out->push_back(',');
        AppendJsonString(out, f.aliases[k]);
      }
      out->push_back(']');
    }
    out->push_back('}');
  }
  *out += "]}";
}

static void AppendTypeJson(const DataType& t, bool aliases, std::string* out) {
  switch (t.id()) {
    case TypeId::kTimestamp:
      if (t.tz().empty()) {
        *out += "\"timestamp\"";
      } else {
        *out += "{\"type\":\"timestamp\",\"tz\":";
        AppendJsonString(out, t.tz());
        *out += "}";
      }
      return;
    case TypeId::kDecimal:
      *out += "{\"type\":\"decimal\",\"precision\":" + std::to_string(t.precision()) +
              ",\"scale\":" + std::to_string(t.scale()) + "}";
      return;
    case TypeId::kList:
      *out += "{\"type\":\"list\",\"element\":";
      AppendTypeJson(*t.element(), aliases, out);
      *out += t.element_nullable() ? ",\"element_nullable\":true}" : ",\"element_nullable\":false}";
      return;
    case TypeId::kMap:
      *out += "{\"type\":\"map\",\"key\":";
      AppendTypeJson(*t.key(), aliases, out);
      *out += ",\"value\":";
      AppendTypeJson(*t.value(), aliases, out);
      *out += t.value_nullable() ? ",\"value_nullable\":true}" : ",\"value_nullable\":false}";
      return;
    case TypeId::kStruct:
      AppendStructJson(t, aliases, out);
      return;
    default:
      out->push_back('"');
      *out += TypeIdName(t.id());
      out->push_back('"');
  }
}

std::string DataType::ToJson() const {
  std::string out;
  AppendTypeJson(*this, true, &out);
  return out;
}

std::string DataType::LayoutJson() const {
  std::string out;
  AppendTypeJson(*this, false, &out);
  return out;
}

bool DataType::Equals(const DataType& other) const { return this == &other || LayoutJson() == other.LayoutJson(); }

DataTypePtr DataType::Primitive(TypeId id) {
  std::shared_ptr<DataType> t(new DataType(id));
  t->Finish();
  return t;
}
DataTypePtr DataType::Timestamp(std::string tz) {
  std::shared_ptr<DataType> t(new DataType(TypeId::kTimestamp));
  t->tz_ = std::move(tz);
  t->Finish();
  return t;
}
DataTypePtr DataType::Decimal(int precision, int scale) {
  std::shared_ptr<DataType> t(new DataType(TypeId::kDecimal));
  t->precision_ = precision;
  t->scale_ = scale;
  t->Finish();
  return t;
}
DataTypePtr DataType::List(DataTypePtr element, bool element_nullable) {
  std::shared_ptr<DataType> t(new DataType(TypeId::kList));
  t->child1_ = std::move(element);
  t->nullable1_ = element_nullable;
  t->Finish();
  return t;
}
DataTypePtr DataType::Map(DataTypePtr key, DataTypePtr value, bool value_nullable) {
  std::shared_ptr<DataType> t(new DataType(TypeId::kMap));
  t->child1_ = std::move(key);
  t->child2_ = std::move(value);
  t->nullable1_ = false;
  t->nullable2_ = value_nullable;
  t->Finish();
  return t;
}
DataTypePtr DataType::Struct(std::vector<Field> fields) {
  std::shared_ptr<DataType> t(new DataType(TypeId::kStruct));
  t->fields_ = std::move(fields);
  t->Finish();
  return t;
}

DataTypePtr bool_() { return DataType::Primitive(TypeId::kBool); }
DataTypePtr int8() { return DataType::Primitive(TypeId::kInt8); }
DataTypePtr int16() { return DataType::Primitive(TypeId::kInt16); }
DataTypePtr int32() { return DataType::Primitive(TypeId::kInt32); }
DataTypePtr int64() { return DataType::Primitive(TypeId::kInt64); }
DataTypePtr float32() { return DataType::Primitive(TypeId::kFloat32); }
DataTypePtr float64() { return DataType::Primitive(TypeId::kFloat64); }
DataTypePtr string() { return DataType::Primitive(TypeId::kString); }
DataTypePtr binary() { return DataType::Primitive(TypeId::kBinary); }
DataTypePtr date32() { return DataType::Primitive(TypeId::kDate32); }
DataTypePtr time() { return DataType::Primitive(TypeId::kTime); }
DataTypePtr timestamp(std::string tz) { return DataType::Timestamp(std::move(tz)); }
DataTypePtr duration() { return DataType::Primitive(TypeId::kDuration); }
DataTypePtr decimal(int precision, int scale) { return DataType::Decimal(precision, scale); }
DataTypePtr list(DataTypePtr element, bool element_nullable) {
  return DataType::List(std::move(element), element_nullable);
}
DataTypePtr map(DataTypePtr key, DataTypePtr value, bool value_nullable) {
  return DataType::Map(std::move(key), std::move(value), value_nullable);
}
DataTypePtr struct_(std::vector<Field> fields) { return DataType::Struct(std::move(fields)); }
Field field(std::string name, DataTypePtr type, bool nullable, std::vector<std::string> aliases) {
  return Field{std::move(name), std::move(type), nullable, std::move(aliases)};
}

uint64_t Fnv1a64(std::string_view bytes) {
  uint64_t h = 0xcbf29ce484222325ULL;
  for (unsigned char b : bytes) {
    h ^= b;
    h *= 0x100000001b3ULL;
  }
  return h;
}

// ---- checking (SPEC §4.1 schema rules) -------------------------------------------------

// SPEC §4.1: an alias is non-empty, unique within its field, and differs from every field
// name and from every other field's alias of the struct (else a reader could not tell which
// writer field a name means).
static Status CheckAliases(const DataType& t, const std::string& path) {
  std::unordered_set<std::string_view> taken;
  for (const Field& f : t.fields()) taken.insert(f.name);
  for (const Field& f : t.fields()) {
    std::string fp = path.empty() ? f.name : path + "." + f.name;
    for (const std::string& a : f.aliases) {
      if (a.empty()) return Status::Error(ErrorKind::kInvalidData, "alias is empty", fp);
      if (!taken.insert(a).second)
        return Status::Error(ErrorKind::kInvalidData,
                             "alias '" + a + "' is already a field name or an alias in this struct", fp);
    }
  }
  return Status::OK();
}

static Status CheckType(const DataType* t, int depth, std::string_view path) {
  if (t == nullptr) return Status::Error(ErrorKind::kInvalidData, "missing type", std::string(path));
  switch (t->id()) {
    case TypeId::kDecimal:
      if (t->precision() < 1 || t->precision() > 38)
        return Status::Error(ErrorKind::kUnsupported,
                             "expected decimal precision in [1, 38] but found " + std::to_string(t->precision()),
                             std::string(path), 38, t->precision());
      if (t->scale() < 0 || t->scale() > t->precision())
        return Status::Error(ErrorKind::kUnsupported,
                             "expected decimal scale in [0, " + std::to_string(t->precision()) + "] but found " +
                                 std::to_string(t->scale()),
                             std::string(path), t->precision(), t->scale());
      return Status::OK();
    case TypeId::kList:
    case TypeId::kMap:
    case TypeId::kStruct:
      break;
    default:
      return Status::OK();
  }
  // A struct, list or map value sits one level below its holder (SPEC §7).
  // The depth limit belongs to the whole schema, so it is reported at the empty path
  // (as vectors/invalid/nesting_too_deep expects); the message names the deep field.
  if (depth > kMaxDepth)
    return Status::Error(
        ErrorKind::kUnsupported,
        "expected nesting depth <= 64 but found " + std::to_string(depth) + " at '" + std::string(path) + "'", {},
        kMaxDepth, depth);
  std::string p(path);
  if (t->id() == TypeId::kList) return CheckType(t->element().get(), depth + 1, p + "[]");
  if (t->id() == TypeId::kMap) {
    ZR_RETURN_NOT_OK(CheckType(t->key().get(), depth + 1, p + "{keys}"));  // schema paths, SPEC §4.1
    return CheckType(t->value().get(), depth + 1, p + "{values}");
  }
  std::unordered_set<std::string_view> names;
  for (const Field& f : t->fields()) {
    std::string fp = p.empty() ? f.name : p + "." + f.name;
    if (f.name.empty()) return Status::Error(ErrorKind::kInvalidData, "field name is empty", fp);
    if (!names.insert(f.name).second)
      return Status::Error(ErrorKind::kInvalidData, "duplicate field name '" + f.name + "'", fp);
    ZR_RETURN_NOT_OK(CheckType(f.type.get(), depth + 1, fp));
  }
  return CheckAliases(*t, p);
}

Schema::Schema() {
  // Default schemas are common (nested writers, Result<Schema>): share one empty struct.
  static const Schema* const kEmpty = [] {
    DataTypePtr t = DataType::Struct({});
    std::string json = t->ToJson();
    uint64_t fp = Fnv1a64(t->LayoutJson());
    return new Schema(std::move(t), std::make_shared<Info>(Info{std::move(json), fp}));
  }();
  type_ = kEmpty->type_;
  info_ = kEmpty->info_;
}

Result<Schema> Schema::FromStructType(DataTypePtr type) {
  if (!type || type->id() != TypeId::kStruct)
    return Status::Error(ErrorKind::kInvalidData, "a schema must be a struct type");
  ZR_RETURN_NOT_OK(CheckType(type.get(), 1, ""));
  std::string json = type->ToJson();
  uint64_t fp = Fnv1a64(type->LayoutJson());  // SPEC §4.2: aliases change no byte
  return Schema(std::move(type), std::make_shared<Info>(Info{std::move(json), fp}));
}

Result<Schema> Schema::Make(std::vector<Field> fields) { return FromStructType(DataType::Struct(std::move(fields))); }

std::string Schema::fingerprint_hex() const {
  char buf[17];
  std::snprintf(buf, sizeof buf, "%016llx", static_cast<unsigned long long>(fingerprint()));
  return buf;
}

// ---- JSON → type ------------------------------------------------------------------------

static Status Missing(std::string_view key, std::string_view path) {
  return Status::Error(ErrorKind::kInvalidData, "missing key \"" + std::string(key) + "\"", std::string(path));
}

static Result<const JsonValue*> Member(const JsonValue& obj, std::string_view key, JsonValue::Kind kind,
                                       std::string_view path) {
  const JsonValue* v = obj.Find(key);
  if (v == nullptr) return Missing(key, path);
  if (v->kind() != kind)
    return Status::Error(ErrorKind::kInvalidData, "key \"" + std::string(key) + "\" has the wrong JSON type",
                         std::string(path));
  return v;
}

static Result<int> IntMember(const JsonValue& obj, std::string_view key, std::string_view path) {
  ZR_ASSIGN_OR_RETURN(const JsonValue* v, Member(obj, key, JsonValue::Kind::kNumber, path));
  auto i = v->AsInt64();
  if (!i.ok() || *i < -1000000 || *i > 1000000)
    return Status::Error(ErrorKind::kInvalidData, "key \"" + std::string(key) + "\" is not a small integer",
                         std::string(path));
  return static_cast<int>(*i);
}

static Result<DataTypePtr> TypeFromJson(const JsonValue& v, int depth, const std::string& path);

// "aliases" (SPEC §4.1, since 1.1) is optional: an array of strings.
static Result<std::vector<std::string>> AliasesFromJson(const JsonValue& field, const std::string& path) {
  std::vector<std::string> out;
  const JsonValue* a = field.Find("aliases");
  if (a == nullptr) return out;
  if (a->kind() != JsonValue::Kind::kArray)
    return Status::Error(ErrorKind::kInvalidData, "key \"aliases\" must be an array of strings", path);
  for (const JsonValue& name : a->array()) {
    if (!name.is_string())
      return Status::Error(ErrorKind::kInvalidData, "key \"aliases\" must be an array of strings", path);
    out.push_back(name.text());
  }
  return out;
}

static Result<DataTypePtr> StructFromJson(const JsonValue& v, int depth, const std::string& path) {
  ZR_ASSIGN_OR_RETURN(const JsonValue* fields, Member(v, "fields", JsonValue::Kind::kArray, path));
  std::vector<Field> out;
  out.reserve(fields->array().size());
  for (const JsonValue& f : fields->array()) {
    if (!f.is_object()) return Status::Error(ErrorKind::kInvalidData, "a field must be a JSON object", path);
    ZR_ASSIGN_OR_RETURN(const JsonValue* name, Member(f, "name", JsonValue::Kind::kString, path));
    std::string fp = path.empty() ? name->text() : path + "." + name->text();
    const JsonValue* type = f.Find("type");
    if (type == nullptr) return Missing("type", fp);
    ZR_ASSIGN_OR_RETURN(const JsonValue* nullable, Member(f, "nullable", JsonValue::Kind::kBool, fp));
    ZR_ASSIGN_OR_RETURN(DataTypePtr t, TypeFromJson(*type, depth + 1, fp));
    ZR_ASSIGN_OR_RETURN(std::vector<std::string> aliases, AliasesFromJson(f, fp));
    out.push_back(Field{name->text(), std::move(t), nullable->bool_value(), std::move(aliases)});
  }
  return DataType::Struct(std::move(out));
}

static Result<DataTypePtr> TypeFromJson(const JsonValue& v, int depth, const std::string& path) {
  // Bound the recursion here too: the JSON may nest far deeper than a valid schema.
  if (depth > kMaxDepth + 1)
    return Status::Error(ErrorKind::kUnsupported, "expected nesting depth <= 64 but found more at '" + path + "'", {},
                         kMaxDepth, depth);
  std::string name;
  const JsonValue* obj = nullptr;
  if (v.is_string()) {
    name = v.text();
  } else if (v.is_object()) {
    ZR_ASSIGN_OR_RETURN(const JsonValue* t, Member(v, "type", JsonValue::Kind::kString, path));
    name = t->text();
    obj = &v;
  } else {
    return Status::Error(ErrorKind::kInvalidData, "a type must be a string or an object", path);
  }
  int id = -1;
  for (size_t i = 0; i < std::size(kTypeNames); ++i) {
    if (kTypeNames[i] == name) id = static_cast<int>(i);
  }
  if (id < 0) return Status::Error(ErrorKind::kUnsupported, "unknown type \"" + name + "\"", path);
  TypeId tid = static_cast<TypeId>(id);
  switch (tid) {
    case TypeId::kTimestamp: {
      const JsonValue* tz = obj ? obj->Find("tz") : nullptr;
      if (tz == nullptr || tz->is_null()) return DataType::Timestamp();
      if (!tz->is_string()) return Status::Error(ErrorKind::kInvalidData, "tz must be a string", path);
      return DataType::Timestamp(tz->text());
    }
    case TypeId::kDecimal: {
      if (!obj) return Missing("precision", path);
      ZR_ASSIGN_OR_RETURN(int p, IntMember(*obj, "precision", path));
      ZR_ASSIGN_OR_RETURN(int s, IntMember(*obj, "scale", path));
      return DataType::Decimal(p, s);
    }
    case TypeId::kList: {
      if (!obj) return Missing("element", path);
      const JsonValue* e = obj->Find("element");
      if (e == nullptr) return Missing("element", path);
      ZR_ASSIGN_OR_RETURN(const JsonValue* en, Member(*obj, "element_nullable", JsonValue::Kind::kBool, path));
      ZR_ASSIGN_OR_RETURN(DataTypePtr et, TypeFromJson(*e, depth + 1, path + "[]"));
      return DataType::List(std::move(et), en->bool_value());
    }
    case TypeId::kMap: {
      if (!obj) return Missing("key", path);
      const JsonValue* k = obj->Find("key");
      if (k == nullptr) return Missing("key", path);
      const JsonValue* val = obj->Find("value");
      if (val == nullptr) return Missing("value", path);
      ZR_ASSIGN_OR_RETURN(const JsonValue* vn, Member(*obj, "value_nullable", JsonValue::Kind::kBool, path));
      ZR_ASSIGN_OR_RETURN(DataTypePtr kt, TypeFromJson(*k, depth + 1, path + "{keys}"));
      ZR_ASSIGN_OR_RETURN(DataTypePtr vt, TypeFromJson(*val, depth + 1, path + "{values}"));
      return DataType::Map(std::move(kt), std::move(vt), vn->bool_value());
    }
    case TypeId::kStruct:
      if (!obj) return Missing("fields", path);
      return StructFromJson(*obj, depth, path);
    default:
      return DataType::Primitive(tid);
  }
}

Result<Schema> Schema::FromJson(std::string_view json) {
  ZR_ASSIGN_OR_RETURN(JsonValue v, ParseJson(json));
  ZR_ASSIGN_OR_RETURN(DataTypePtr t, TypeFromJson(v, 1, ""));
  return FromStructType(std::move(t));
}

Result<DataTypePtr> DataTypeFromJson(std::string_view json) {
  ZR_ASSIGN_OR_RETURN(JsonValue v, ParseJson(json));
  ZR_ASSIGN_OR_RETURN(DataTypePtr t, TypeFromJson(v, 2, ""));
  ZR_RETURN_NOT_OK(CheckType(t.get(), 2, ""));
  return t;
}

}  // namespace zerorow

#include "zerorow/schema.h"

#include <algorithm>
#include <cstdio>
#include <unordered_set>

#include "zerorow/binary_row.h"
#include "zerorow/json.h"
#include "zerorow/row_writer.h"
#include "zerorow/validate.h"
#include "zerorow/value_json.h"

namespace zerorow {

DataType::DataType(TypeId id) : id_(id) {}

void DataType::Finish() {
  width_ = NaturalWidth(id_);
  storage_ = StorageOf(id_);
  switch (id_) {
    case TypeId::kDecimal:
      if (precision_ > 18) storage_ = StorageKind::kBody;  // SPEC §3.5
      break;
    case TypeId::kUuid:
    case TypeId::kInterval:
      body_size_ = 16;  // SPEC §3.7, §3.8
      break;
    case TypeId::kStruct: {
      uint32_t n = static_cast<uint32_t>(fields_.size());
      bitmap_size_ = ((n + 63) / 64) * 8;
      fixed_size_ = bitmap_size_ + 8 * n;
      bool any_non_nullable = false;
      std::vector<uint64_t> mask(bitmap_size_ / 8, 0);
      for (uint32_t i = 0; i < n; ++i) {
        const Field& f = fields_[i];
        const DataType& t = *f.type;
        // The validator's fast path: a non-null fixed-width value with no value rule needs
        // only its unused high bytes to be zero (SPEC §6.3 3.2).
        bool fast = t.storage_ == StorageKind::kFixed && t.id_ != TypeId::kBool && t.id_ != TypeId::kTime &&
                    t.id_ != TypeId::kDecimal;
        fast_masks_.push_back(!fast ? ~uint64_t{0} : t.width_ == 8 ? 0 : ~uint64_t{0} << (8 * t.width_));
        field_ids_.push_back(t.id_);
        if (!f.nullable) {
          mask[i / 64] |= uint64_t{1} << (i % 64);
          any_non_nullable = true;
        }
      }
      if (any_non_nullable) non_nullable_ = std::move(mask);
      break;
    }
    case TypeId::kBool:
    case TypeId::kInt8:
    case TypeId::kInt16:
    case TypeId::kInt32:
    case TypeId::kInt64:
    case TypeId::kFloat32:
    case TypeId::kFloat64:
    case TypeId::kString:
    case TypeId::kBinary:
    case TypeId::kDate32:
    case TypeId::kTime:
    case TypeId::kTimestamp:
    case TypeId::kDuration:
    case TypeId::kList:
    case TypeId::kMap:
    case TypeId::kNull:
    case TypeId::kIntervalYm:
    case TypeId::kFixedBinary:  // body_size_ is set by FixedBinary()
    case TypeId::kVariant:
      break;
  }
}

std::string TypeIdWithArticle(TypeId id) {
  std::string_view name = TypeIdName(id);
  // int8..int64, interval and interval_ym are the names that start with a vowel sound
  return (name.starts_with("int") ? "an " : "a ") + std::string(name);
}

int DataType::FieldIndex(std::string_view name) const {
  for (size_t i = 0; i < fields_.size(); ++i) {
    if (fields_[i].name == name) return static_cast<int>(i);
  }
  return -1;
}

// `extras`: write the fields' aliases and defaults (the canonical JSON) or not (the layout: the
// fingerprint's text, SPEC §4.2).
static void AppendTypeJson(const DataType& t, bool extras, std::string* out);

static void AppendStructJson(const DataType& t, bool extras, std::string* out) {
  *out += "{\"type\":\"struct\",\"fields\":[";
  bool first = true;
  for (const Field& f : t.fields()) {
    if (!first) out->push_back(',');
    first = false;
    *out += "{\"name\":";
    AppendJsonString(out, f.name);
    *out += ",\"type\":";
    AppendTypeJson(*f.type, extras, out);
    *out += f.nullable ? ",\"nullable\":true" : ",\"nullable\":false";
    if (extras && !f.aliases.empty()) {  // SPEC §4.1: after "nullable", only when there is one
      *out += ",\"aliases\":[";
      for (size_t k = 0; k < f.aliases.size(); ++k) {
        if (k > 0) out->push_back(',');
        AppendJsonString(out, f.aliases[k]);
      }
      out->push_back(']');
    }
    if (extras && f.default_value) {  // SPEC §4.1: last, only when there is one
      *out += ",\"default\":";
      *out += f.default_value->json();
    }
    out->push_back('}');
  }
  *out += "]}";
}

static void AppendTypeJson(const DataType& t, bool extras, std::string* out) {
  auto bare = [&] {
    out->push_back('"');
    *out += TypeIdName(t.id());
    out->push_back('"');
  };
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
      *out += "{\"type\":\"decimal\",\"precision\":";
      *out += std::to_string(t.precision());
      *out += ",\"scale\":";
      *out += std::to_string(t.scale());
      *out += "}";
      return;
    case TypeId::kFixedBinary:
      *out += "{\"type\":\"fixed_binary\",\"size\":";
      *out += std::to_string(t.byte_width());
      *out += "}";
      return;
    case TypeId::kList:
      *out += "{\"type\":\"list\",\"element\":";
      AppendTypeJson(*t.element(), extras, out);
      *out += t.element_nullable() ? ",\"element_nullable\":true}" : ",\"element_nullable\":false}";
      return;
    case TypeId::kMap:
      *out += "{\"type\":\"map\",\"key\":";
      AppendTypeJson(*t.key(), extras, out);
      *out += ",\"value\":";
      AppendTypeJson(*t.value(), extras, out);
      *out += t.value_nullable() ? ",\"value_nullable\":true}" : ",\"value_nullable\":false}";
      return;
    case TypeId::kStruct:
      AppendStructJson(t, extras, out);
      return;
    case TypeId::kBool:
    case TypeId::kInt8:
    case TypeId::kInt16:
    case TypeId::kInt32:
    case TypeId::kInt64:
    case TypeId::kFloat32:
    case TypeId::kFloat64:
    case TypeId::kString:
    case TypeId::kBinary:
    case TypeId::kDate32:
    case TypeId::kTime:
    case TypeId::kDuration:
    case TypeId::kNull:
    case TypeId::kIntervalYm:
    case TypeId::kInterval:
    case TypeId::kUuid:
    case TypeId::kVariant:
      bare();
      return;
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
DataTypePtr DataType::FixedBinary(int64_t size) {
  std::shared_ptr<DataType> t(new DataType(TypeId::kFixedBinary));
  // Out-of-range sizes are kept as given (clamped to 32 bits) for Schema::Make to refuse.
  t->body_size_ = static_cast<uint32_t>(std::clamp<int64_t>(size, 0, UINT32_MAX));
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
DataTypePtr null_type() { return DataType::Primitive(TypeId::kNull); }
DataTypePtr interval_ym() { return DataType::Primitive(TypeId::kIntervalYm); }
DataTypePtr interval() { return DataType::Primitive(TypeId::kInterval); }
DataTypePtr fixed_binary(int64_t size) { return DataType::FixedBinary(size); }
DataTypePtr uuid() { return DataType::Primitive(TypeId::kUuid); }
DataTypePtr variant() { return DataType::Primitive(TypeId::kVariant); }
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
      if (!IsValidUtf8(a)) return Status::Error(ErrorKind::kInvalidData, "alias is not valid UTF-8", fp);
      if (!taken.insert(a).second)
        return Status::Error(ErrorKind::kInvalidData,
                             "alias '" + a + "' is already a field name or an alias in this struct", fp);
    }
  }
  return Status::OK();
}

// `nullable`: a null can stand here (a nullable field, nullable elements or map values);
// `in_key`: inside a map's key type. Both for the null type's rule (SPEC §3.6).
static Status CheckType(const DataType* t, int depth, std::string_view path, bool nullable, bool in_key) {
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
    case TypeId::kFixedBinary:
      // body_size(), unsigned: a size past 2^31 must not print as a negative int (FixedBinary
      // keeps sizes up to 2^32-1 as given, larger ones as 2^32-1)
      if (t->body_size() < 1 || t->body_size() > kMaxFixedBinarySize)
        return Status::Error(ErrorKind::kUnsupported,
                             "expected fixed_binary size in [1, 2^31-8] but found " + std::to_string(t->body_size()),
                             std::string(path), kMaxFixedBinarySize, t->body_size());
      return Status::OK();
    case TypeId::kNull:
      if (in_key)
        return Status::Error(ErrorKind::kInvalidData, "a map key cannot be of type null (keys are never null)",
                             std::string(path));
      if (!nullable)
        return Status::Error(ErrorKind::kInvalidData, "a value of type null is always null, so it must be nullable",
                             std::string(path));
      return Status::OK();
    case TypeId::kList:
    case TypeId::kMap:
    case TypeId::kStruct:
      break;
    case TypeId::kBool:
    case TypeId::kInt8:
    case TypeId::kInt16:
    case TypeId::kInt32:
    case TypeId::kInt64:
    case TypeId::kFloat32:
    case TypeId::kFloat64:
    case TypeId::kString:
    case TypeId::kBinary:
    case TypeId::kDate32:
    case TypeId::kTime:
    case TypeId::kTimestamp:
    case TypeId::kDuration:
    case TypeId::kIntervalYm:
    case TypeId::kInterval:
    case TypeId::kUuid:
    case TypeId::kVariant:
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
  if (t->id() == TypeId::kList)
    return CheckType(t->element().get(), depth + 1, p + "[]", t->element_nullable(), in_key);
  if (t->id() == TypeId::kMap) {
    ZR_RETURN_NOT_OK(CheckType(t->key().get(), depth + 1, p + "{keys}", false, true));  // schema paths, SPEC §4.1
    return CheckType(t->value().get(), depth + 1, p + "{values}", t->value_nullable(), in_key);
  }
  std::unordered_set<std::string_view> names;
  for (const Field& f : t->fields()) {
    std::string fp = p.empty() ? f.name : p + "." + f.name;
    if (f.name.empty()) return Status::Error(ErrorKind::kInvalidData, "field name is empty", fp);
    if (!IsValidUtf8(f.name)) return Status::Error(ErrorKind::kInvalidData, "field name is not valid UTF-8", fp);
    if (!names.insert(f.name).second)
      return Status::Error(ErrorKind::kInvalidData, "duplicate field name '" + f.name + "'", fp);
    ZR_RETURN_NOT_OK(CheckType(f.type.get(), depth + 1, fp, f.nullable, in_key));
    if (f.default_value) {
      // SPEC §13.7: a non-null value of the field's type (DefaultValue::FromJson checked the
      // value against the type it was made for); a null field has none.
      if (f.type->id() == TypeId::kNull)
        return Status::Error(ErrorKind::kInvalidData, "a field of type null has no default", fp);
      if (!f.default_value->row_type().fields()[0].type->Equals(*f.type))
        return Status::Error(ErrorKind::kInvalidData,
                             "the default was made for type " + f.default_value->row_type().fields()[0].type->ToJson() +
                                 ", not for the field's type " + f.type->ToJson(),
                             fp);
    }
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
  ZR_RETURN_NOT_OK(CheckType(type.get(), 1, "", true, false));
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

// ---- defaults (SPEC §13.7) ----------------------------------------------------------------

// The default `v` (values.json form) of a field of type `t`: written into a one-field row (the
// writer checks range, scale, size, UTF-8 and variants), then printed back canonically. Errors
// are invalid_data, relative to the field.
Result<std::shared_ptr<const DefaultValue>> DefaultValue::FromJsonValue(const DataTypePtr& t, const JsonValue& v) {
  // Errors are at the field (SPEC §13.7); where inside the value goes into the message.
  auto invalid = [](const Status& st) {
    std::string inner = st.path().size() > 7 ? " (at " + st.path().substr(7) + ")" : std::string();
    return Status::Error(ErrorKind::kInvalidData,
                         "default is not a value of the field's type" + inner + ": " + st.message(), {}, st.expected(),
                         st.actual());
  };
  if (v.is_null()) return Status::Error(ErrorKind::kInvalidData, "a default must be a non-null value (SPEC §13.7)");
  auto one = Schema::Make({Field{"default", t, true}});
  if (!one.ok()) return one.status();
  std::shared_ptr<DefaultValue> out(new DefaultValue());
  RowWriter w(*one, &out->row_);
  Status st = WriteJsonValue(&w, 0, *t, v, /*all_fields=*/true);
  if (st.ok()) st = w.Finish();
  if (!st.ok()) return invalid(st);
  BinaryRow row = BinaryRow::WrapUnchecked(out->row_.data(), out->row_.size(), one->struct_type().get());
  st = AppendJsonValue(row, 0, *t, &out->json_);
  if (!st.ok()) return invalid(st);
  out->row_type_ = one->struct_type();
  return std::shared_ptr<const DefaultValue>(std::move(out));
}

Result<std::shared_ptr<const DefaultValue>> DefaultValue::FromJson(const DataTypePtr& type, std::string_view json) {
  if (!type) return Status::Error(ErrorKind::kInvalidArgument, "a default needs a type");
  ZR_ASSIGN_OR_RETURN(JsonValue v, ParseJson(json, kMaxDepth + 1000));
  return FromJsonValue(type, v);
}

Result<Field> WithDefault(Field f, std::string_view default_json) {
  if (f.type && f.type->id() == TypeId::kNull)
    return Status::Error(ErrorKind::kInvalidData, "a field of type null has no default", f.name);
  auto d = DefaultValue::FromJson(f.type, default_json);
  if (!d.ok()) return std::move(d).status().WithPathPrefix(f.name);
  f.default_value = std::move(d).ValueUnsafe();
  return f;
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
    std::shared_ptr<const DefaultValue> def;
    if (const JsonValue* d = f.Find("default")) {
      // SPEC §13.7: checked against the field's type when the schema is loaded; the type is
      // checked first, so that its own errors keep their kind.
      ZR_RETURN_NOT_OK(CheckType(t.get(), depth + 1, fp, nullable->bool_value(), false));
      if (t->id() == TypeId::kNull)
        return Status::Error(ErrorKind::kInvalidData, "a field of type null has no default", fp);
      auto made = DefaultValue::FromJsonValue(t, *d);
      if (!made.ok()) return std::move(made).status().WithPathPrefix(fp);
      def = std::move(made).ValueUnsafe();
    }
    out.push_back(Field{name->text(), std::move(t), nullable->bool_value(), std::move(aliases), std::move(def)});
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
  std::optional<TypeId> found = TypeIdFromName(name);
  if (!found) return Status::Error(ErrorKind::kUnsupported, "unknown type \"" + name + "\"", path);
  const TypeId tid = *found;
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
    case TypeId::kFixedBinary: {
      if (!obj) return Missing("size", path);
      ZR_ASSIGN_OR_RETURN(const JsonValue* size, Member(*obj, "size", JsonValue::Kind::kNumber, path));
      auto n = size->AsInt64();
      if (!n.ok()) return Status::Error(ErrorKind::kInvalidData, "key \"size\" is not an integer", path);
      if (*n < 1 || *n > kMaxFixedBinarySize)  // SPEC §4.1: unsupported
        return Status::Error(ErrorKind::kUnsupported,
                             "expected fixed_binary size in [1, 2^31-8] but found " + std::to_string(*n), path,
                             kMaxFixedBinarySize, *n);
      return DataType::FixedBinary(*n);
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
    case TypeId::kBool:
    case TypeId::kInt8:
    case TypeId::kInt16:
    case TypeId::kInt32:
    case TypeId::kInt64:
    case TypeId::kFloat32:
    case TypeId::kFloat64:
    case TypeId::kString:
    case TypeId::kBinary:
    case TypeId::kDate32:
    case TypeId::kTime:
    case TypeId::kDuration:
    case TypeId::kNull:
    case TypeId::kIntervalYm:
    case TypeId::kInterval:
    case TypeId::kUuid:
    case TypeId::kVariant:
      return DataType::Primitive(tid);
  }
  return Status::Error(ErrorKind::kUnsupported, "unknown type \"" + name + "\"", path);
}

Result<Schema> Schema::FromJson(std::string_view json) {
  ZR_ASSIGN_OR_RETURN(JsonValue v, ParseJson(json));
  ZR_ASSIGN_OR_RETURN(DataTypePtr t, TypeFromJson(v, 1, ""));
  return FromStructType(std::move(t));
}

Result<DataTypePtr> DataTypeFromJson(std::string_view json) {
  ZR_ASSIGN_OR_RETURN(JsonValue v, ParseJson(json));
  ZR_ASSIGN_OR_RETURN(DataTypePtr t, TypeFromJson(v, 2, ""));
  ZR_RETURN_NOT_OK(CheckType(t.get(), 2, "", true, false));
  return t;
}

}  // namespace zerorow

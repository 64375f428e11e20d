// Property test of Resolve and the resolved views (SPEC §13): random writer schemas, random
// allowed changes (fields added, removed, reordered, renamed through an alias, widened,
// nullability widened, zones changed, at any depth, inside lists and map values) give a reader
// schema; random writer values are projected by hand along the recorded changes, and the row
// read through the resolution (WriteReaderRow, which goes through every resolved getter) must
// be byte for byte the row the reader writes from the projected values. A random refused
// change must be refused with schema_mismatch at the changed value's schema path. The SPEC 1.2
// types take part, with their widenings (interval_ym and duration to interval, fixed_binary and
// uuid to binary, uuid to fixed_binary(16)), and an added field may be not-null with a default.
#include <gtest/gtest.h>

#include <algorithm>
#include <cstdio>
#include <memory>
#include <random>
#include <string>
#include <vector>

#include "zerorow/resolve.h"
#include "zerorow/row_writer.h"
#include "zerorow/testing/json_values.h"
#include "zerorow/validate.h"

namespace zerorow {
namespace {

// ---- a schema model that remembers where each reader field came from ---------------------------

struct TNode;
using TPtr = std::shared_ptr<TNode>;

struct FNode {
  std::string name;
  TPtr type;
  bool nullable = true;
  std::vector<std::string> aliases;
  int from = -1;                             // reader model: the writer field it reads, or -1 (added)
  std::shared_ptr<JsonValue> def = nullptr;  // an added field's default (SPEC §13.7)
};

struct TNode {
  TypeId id = TypeId::kInt32;
  std::string tz;
  int precision = 0, scale = 0;
  int size = 0;  // fixed_binary
  std::vector<FNode> fields;
  TPtr elem, key, value;  // list element; map key and value
  bool elem_nullable = true, value_nullable = true;
};

TPtr Clone(const TNode& t) {
  auto c = std::make_shared<TNode>(t);
  for (size_t k = 0; k < c->fields.size(); ++k) {
    c->fields[k].type = Clone(*t.fields[k].type);
    c->fields[k].from = static_cast<int>(k);
    c->fields[k].aliases.clear();  // a writer's aliases do not count (SPEC §13.2)
  }
  if (t.elem) c->elem = Clone(*t.elem);
  if (t.key) c->key = Clone(*t.key);
  if (t.value) c->value = Clone(*t.value);
  return c;
}

DataTypePtr ToType(const TNode& t) {
  switch (t.id) {
    case TypeId::kTimestamp:
      return timestamp(t.tz);
    case TypeId::kDecimal:
      return decimal(t.precision, t.scale);
    case TypeId::kList:
      return list(ToType(*t.elem), t.elem_nullable);
    case TypeId::kMap:
      return map(ToType(*t.key), ToType(*t.value), t.value_nullable);
    case TypeId::kStruct: {
      std::vector<Field> fs;
      for (const FNode& f : t.fields) {
        fs.push_back(field(f.name, ToType(*f.type), f.nullable, f.aliases));
        if (f.def) fs.back().default_value = *DefaultValue::FromJsonValue(fs.back().type, *f.def);
      }
      return struct_(std::move(fs));
    }
    case TypeId::kFixedBinary:
      return fixed_binary(t.size);
    default:
      return DataType::Primitive(t.id);
  }
}

class Gen {
 public:
  explicit Gen(uint64_t seed) : rng_(seed) {}
  int Int(int lo, int hi) { return std::uniform_int_distribution<int>(lo, hi)(rng_); }
  bool Chance(double p) { return std::uniform_real_distribution<double>(0, 1)(rng_) < p; }
  // Appended, not "f" + std::to_string(...): gcc 12 -O2 reports a false -Wrestrict on that.
  std::string Name() {
    std::string name(1, 'f');
    name += std::to_string(next_name_++);
    return name;
  }

  TPtr Scalar(bool key) {
    static const TypeId kKeys[] = {TypeId::kInt8, TypeId::kInt16, TypeId::kInt32, TypeId::kInt64, TypeId::kString};
    static const TypeId kAll[] = {TypeId::kBool,        TypeId::kInt8,    TypeId::kInt16,      TypeId::kInt32,
                                  TypeId::kInt64,       TypeId::kFloat32, TypeId::kFloat64,    TypeId::kString,
                                  TypeId::kBinary,      TypeId::kDate32,  TypeId::kTime,       TypeId::kTimestamp,
                                  TypeId::kDuration,    TypeId::kDecimal, TypeId::kIntervalYm, TypeId::kInterval,
                                  TypeId::kFixedBinary, TypeId::kUuid,    TypeId::kVariant};
    auto t = std::make_shared<TNode>();
    t->id = key ? kKeys[Int(0, 4)] : kAll[Int(0, static_cast<int>(std::size(kAll)) - 1)];
    if (t->id == TypeId::kFixedBinary) t->size = Chance(0.5) ? 16 : 3;
    if (t->id == TypeId::kTimestamp && Chance(0.5)) t->tz = Chance(0.5) ? "UTC" : "Europe/Paris";
    if (t->id == TypeId::kDecimal) {
      t->precision = Int(1, 30);
      t->scale = Int(0, t->precision);
    }
    return t;
  }

  TPtr Type(int depth) {
    int pick = depth >= 3 ? 0 : Int(0, 9);
    if (pick <= 5) return Scalar(false);
    auto t = std::make_shared<TNode>();
    if (pick <= 7) {
      t->id = pick == 6 ? TypeId::kList : TypeId::kStruct;
      if (t->id == TypeId::kList) {
        t->elem = Type(depth + 1);
        t->elem_nullable = Chance(0.6);
      } else {
        Fields(t.get(), depth + 1);
      }
    } else {
      t->id = TypeId::kMap;
      t->key = Scalar(true);
      t->value = Type(depth + 1);
      t->value_nullable = Chance(0.6);
    }
    return t;
  }

  void Fields(TNode* t, int depth) {
    int n = Int(depth == 0 ? 1 : 0, 5);
    for (int k = 0; k < n; ++k) t->fields.push_back(FNode{Name(), Type(depth), Chance(0.6), {}, -1});
  }

  // ---- values (values.json form, SPEC §10) ----

  JsonValue Value(const TNode& t, bool nullable) {
    if (nullable && Chance(0.15)) return JsonValue::Null();
    switch (t.id) {
      case TypeId::kBool:
        return JsonValue::Bool(Chance(0.5));
      case TypeId::kInt8:
        return JsonValue::Number(std::to_string(Int(-128, 127)));
      case TypeId::kInt16:
        return JsonValue::Number(std::to_string(Int(-32768, 32767)));
      case TypeId::kInt32:
      case TypeId::kDate32:
        return JsonValue::Number(std::to_string(static_cast<int32_t>(rng_())));
      case TypeId::kInt64:
      case TypeId::kTimestamp:
      case TypeId::kDuration:
        return JsonValue::String(std::to_string(static_cast<int64_t>(rng_())));
      case TypeId::kTime:
        return JsonValue::String(std::to_string(rng_() % 86'400'000'000ULL));
      case TypeId::kFloat32:
        return JsonValue::Number(std::to_string(Int(-100000, 100000)) + ".25");
      case TypeId::kFloat64: {
        char buf[40];
        std::snprintf(buf, sizeof buf, "%.17g", std::uniform_real_distribution<double>(-1e12, 1e12)(rng_));
        return JsonValue::Number(buf);
      }
      case TypeId::kString:
        return JsonValue::String(Chance(0.3) ? std::string("\xc3\xa9t\xc3\xa9") : "s" + std::to_string(Int(0, 999)));
      case TypeId::kBinary:
        return JsonValue::String(Chance(0.5) ? "00ff10" : "");
      case TypeId::kDecimal: {
        __int128 v = 0;
        for (int d = 0; d < t.precision; ++d) v = v * 10 + Int(0, 9);
        return JsonValue::String(DecimalToString(Decimal128{Chance(0.5) ? -v : v}, t.scale));
      }
      case TypeId::kList: {
        std::vector<JsonValue> xs;
        for (int n = Int(0, 3); n > 0; --n) xs.push_back(Value(*t.elem, t.elem_nullable));
        return JsonValue::Array(std::move(xs));
      }
      case TypeId::kMap: {
        std::vector<JsonValue> pairs;
        int n = Int(0, 3);
        for (int k = 0; k < n; ++k) {  // distinct keys: the k-th key of each type differs
          JsonValue key = t.key->id == TypeId::kString  ? JsonValue::String("k" + std::to_string(k))
                          : t.key->id == TypeId::kInt64 ? JsonValue::String(std::to_string(k))
                                                        : JsonValue::Number(std::to_string(k));
          pairs.push_back(JsonValue::Array({key, Value(*t.value, t.value_nullable)}));
        }
        return JsonValue::Array(std::move(pairs));
      }
      case TypeId::kStruct: {
        std::vector<std::pair<std::string, JsonValue>> o;
        for (const FNode& f : t.fields) o.emplace_back(f.name, Value(*f.type, f.nullable));
        return JsonValue::Object(std::move(o));
      }
      case TypeId::kIntervalYm:
        return JsonValue::Number(std::to_string(Int(-1000, 1000)));
      case TypeId::kInterval:
        return JsonValue::Object({{"months", JsonValue::Number(std::to_string(Int(-50, 50)))},
                                  {"days", JsonValue::Number(std::to_string(Int(-50, 50)))},
                                  {"microseconds", JsonValue::String(std::to_string(static_cast<int32_t>(rng_())))}});
      case TypeId::kFixedBinary:
        return JsonValue::String(std::string(static_cast<size_t>(2 * t.size), Chance(0.5) ? 'a' : '0'));
      case TypeId::kUuid:
        return JsonValue::String(Chance(0.5) ? "0f8fad5b-d9cb-469f-a165-70867728950e"
                                             : "00000000-0000-0000-0000-000000000001");
      case TypeId::kVariant:
        return JsonValue::Object({{"json", JsonValue::String(Chance(0.5) ? R"({"a":[1,"x",null]})" : "2.5")}});
      case TypeId::kNull:
        return JsonValue::Null();
    }
    return JsonValue::Null();
  }

  std::mt19937_64 rng_;
  int next_name_ = 0;
};

// ---- allowed changes, applied to the reader model -------------------------------------------

// The reader types a writer scalar may widen to (SPEC §13.3), parameters aside.
std::vector<TypeId> WideningsOf(TypeId w) {
  switch (w) {
    case TypeId::kInt8:
      return {TypeId::kInt16, TypeId::kInt32, TypeId::kInt64, TypeId::kFloat32, TypeId::kFloat64};
    case TypeId::kInt16:
      return {TypeId::kInt32, TypeId::kInt64, TypeId::kFloat32, TypeId::kFloat64};
    case TypeId::kInt32:
      return {TypeId::kInt64, TypeId::kFloat64};
    case TypeId::kFloat32:
      return {TypeId::kFloat64};
    case TypeId::kString:
      return {TypeId::kBinary};
    case TypeId::kIntervalYm:
    case TypeId::kDuration:
      return {TypeId::kInterval};
    case TypeId::kFixedBinary:
      return {TypeId::kBinary};
    case TypeId::kUuid:
      return {TypeId::kBinary, TypeId::kFixedBinary};  // fixed_binary(16)
    default:
      return {};
  }
}

void Widen(Gen& g, TNode* t, bool key) {
  if (t->id == TypeId::kDecimal) {
    int up = g.Int(0, 38 - t->precision);
    int more_scale = g.Int(0, up);
    t->precision += up;
    t->scale += more_scale;
    return;
  }
  if (t->id == TypeId::kTimestamp && !t->tz.empty()) {
    t->tz = "+05:30";
    return;
  }
  std::vector<TypeId> to = WideningsOf(t->id);
  if (key) std::erase_if(to, [](TypeId id) { return id == TypeId::kFloat32 || id == TypeId::kFloat64; });
  if (to.empty()) return;
  const bool was_uuid = t->id == TypeId::kUuid;
  t->id = to[static_cast<size_t>(g.Int(0, static_cast<int>(to.size()) - 1))];
  if (was_uuid && t->id == TypeId::kFixedBinary) t->size = 16;
}

void Evolve(Gen& g, TNode* t, int depth, bool key);

void EvolveStruct(Gen& g, TNode* t, int depth) {
  for (FNode& f : t->fields) {
    if (g.Chance(0.3)) f.nullable = true;
    if (g.Chance(0.25)) {
      f.aliases = {"a" + g.Name(), f.name};  // the first alias is not in the writer: the second matches
      f.name = g.Name();
    }
    Evolve(g, f.type.get(), depth + 1, false);
  }
  if (!t->fields.empty() && g.Chance(0.3))
    t->fields.erase(t->fields.begin() + g.Int(0, static_cast<int>(t->fields.size()) - 1));
  if (g.Chance(0.3)) t->fields.push_back(FNode{g.Name(), g.Type(depth + 1), true, {}, -1});
  if (g.Chance(0.3)) {  // a not-null field with a default (SPEC §13.7)
    TPtr type = g.Type(depth + 1);
    auto def = std::make_shared<JsonValue>(g.Value(*type, false));
    t->fields.push_back(FNode{g.Name(), type, false, {}, -1, def});
  }
  if (g.Chance(0.5)) std::shuffle(t->fields.begin(), t->fields.end(), g.rng_);
}

void Evolve(Gen& g, TNode* t, int depth, bool key) {
  switch (t->id) {
    case TypeId::kStruct:
      EvolveStruct(g, t, depth);
      return;
    case TypeId::kList:
      if (g.Chance(0.3)) t->elem_nullable = true;
      Evolve(g, t->elem.get(), depth + 1, key);
      return;
    case TypeId::kMap:
      if (g.Chance(0.3)) t->value_nullable = true;
      if (g.Chance(0.3)) Widen(g, t->key.get(), true);
      Evolve(g, t->value.get(), depth + 1, key);
      return;
    default:
      if (g.Chance(0.4)) Widen(g, t, key);
  }
}

// ---- projection by hand -------------------------------------------------------------------

std::string HexOf(const std::string& bytes) {
  static const char* kHex = "0123456789abcdef";
  std::string out;
  for (unsigned char c : bytes) {
    out.push_back(kHex[c >> 4]);
    out.push_back(kHex[c & 15]);
  }
  return out;
}

// A uuid's text as the hex of its 16 bytes.
std::string UuidHex(const std::string& text) {
  std::string out;
  for (char c : text) {
    if (c != '-') out.push_back(c);
  }
  return out;
}

JsonValue Convert(const TNode& w, const TNode& r, const JsonValue& v) {
  if (r.id == TypeId::kInterval && w.id != TypeId::kInterval) {  // interval_ym or duration (SPEC §13.3)
    const bool months = w.id == TypeId::kIntervalYm;
    return JsonValue::Object({{"months", JsonValue::Number(months ? v.text() : "0")},
                              {"days", JsonValue::Number("0")},
                              {"microseconds", JsonValue::String(months ? "0" : v.text())}});
  }
  if (w.id == TypeId::kUuid && r.id != TypeId::kUuid) return JsonValue::String(UuidHex(v.text()));
  if (w.id == TypeId::kFixedBinary) return v;  // -> binary: the same bytes
  if (w.id == TypeId::kDecimal) {
    Decimal128 d = *DecimalFromString(v.text(), w.precision, w.scale);
    for (int k = w.scale; k < r.scale; ++k) d.unscaled *= 10;
    return JsonValue::String(DecimalToString(d, r.scale));
  }
  if (w.id == r.id) return v;
  if (w.id == TypeId::kString) return JsonValue::String(HexOf(v.text()));  // -> binary
  if (w.id == TypeId::kFloat32) {                                          // -> float64
    char buf[40];
    std::snprintf(buf, sizeof buf, "%.17g", static_cast<double>(std::stof(v.text())));
    return JsonValue::Number(buf);
  }
  // an integer: int64 values are strings in values.json, the others numbers
  return r.id == TypeId::kInt64 ? JsonValue::String(v.text()) : JsonValue::Number(v.text());
}

JsonValue Project(const TNode& w, const TNode& r, const JsonValue& v) {
  if (v.is_null()) return v;
  switch (r.id) {
    case TypeId::kStruct: {
      std::vector<std::pair<std::string, JsonValue>> o;
      for (const FNode& f : r.fields) {
        if (f.from < 0) {
          o.emplace_back(f.name, f.def ? *f.def : JsonValue::Null());
        } else {
          size_t k = static_cast<size_t>(f.from);
          o.emplace_back(f.name, Project(*w.fields[k].type, *f.type, v.object()[k].second));
        }
      }
      return JsonValue::Object(std::move(o));
    }
    case TypeId::kList: {
      std::vector<JsonValue> xs;
      for (const JsonValue& x : v.array()) xs.push_back(Project(*w.elem, *r.elem, x));
      return JsonValue::Array(std::move(xs));
    }
    case TypeId::kMap: {
      std::vector<JsonValue> pairs;
      for (const JsonValue& p : v.array())
        pairs.push_back(
            JsonValue::Array({Project(*w.key, *r.key, p.array()[0]), Project(*w.value, *r.value, p.array()[1])}));
      return JsonValue::Array(std::move(pairs));
    }
    default:
      return Convert(w, r, v);
  }
}

std::vector<uint8_t> Write(const Schema& s, const JsonValue& values) {
  RowWriter w(s);
  Status st = testing::WriteRowFromJson(values, &w);
  EXPECT_TRUE(st.ok()) << st.ToString() << " for " << s.ToJson();
  return std::vector<uint8_t>(w.bytes().begin(), w.bytes().end());
}

TEST(ResolvePropertyTest, ResolvedValuesEqualTheValuesProjectedByHand) {
  int resolved = 0;
  for (uint64_t seed = 1; seed <= 400; ++seed) {
    Gen g(seed);
    TNode writer;
    writer.id = TypeId::kStruct;
    g.Fields(&writer, 0);
    TPtr reader = Clone(writer);
    Evolve(g, reader.get(), 0, false);
    auto ws = Schema::FromStructType(ToType(writer));
    auto rs = Schema::FromStructType(ToType(*reader));
    ASSERT_TRUE(ws.ok() && rs.ok()) << ws.status().ToString() << rs.status().ToString();
    SCOPED_TRACE("seed " + std::to_string(seed) + ": " + ws->ToJson() + " -> " + rs->ToJson());
    auto res = Resolve(*ws, *rs);
    ASSERT_TRUE(res.ok()) << res.status().ToString();
    for (int k = 0; k < 3; ++k) {
      JsonValue values = g.Value(writer, false);
      std::vector<uint8_t> bytes = Write(*ws, values);
      std::vector<uint8_t> expected = Write(*rs, Project(writer, *reader, values));
      auto view = res->View(bytes);
      ASSERT_TRUE(view.ok()) << view.status().ToString();
      RowWriter out(*rs);
      Status st = WriteReaderRow(*view, &out);
      ASSERT_TRUE(st.ok()) << st.ToString();
      ASSERT_TRUE(out.Finish().ok());
      ASSERT_EQ(std::vector<uint8_t>(out.bytes().begin(), out.bytes().end()), expected);
      ASSERT_TRUE(Validate(*rs, out.bytes()).ok());
      ++resolved;
    }
  }
  EXPECT_EQ(resolved, 1200);
}

// ---- refused changes ----------------------------------------------------------------------

// One refused change at a random value of the reader model; returns its schema path, or ""
// when the schema has no value it applies to.
struct Refusal {
  std::string path;
  bool done = false;
};

// The narrowings and reinterpretations §13.3 refuses, as (writer, reader) pairs.
bool RefuseScalar(Gen& g, TNode* t) {
  switch (t->id) {
    case TypeId::kInt64:
      t->id = g.Chance(0.5) ? TypeId::kInt32 : TypeId::kFloat64;
      return true;
    case TypeId::kInt32:
      t->id = g.Chance(0.5) ? TypeId::kFloat32 : TypeId::kInt16;
      return true;
    case TypeId::kFloat64:
      t->id = g.Chance(0.5) ? TypeId::kFloat32 : TypeId::kInt64;
      return true;
    case TypeId::kBinary:
      t->id = TypeId::kString;
      return true;
    case TypeId::kDate32:
      t->id = TypeId::kTimestamp;
      return true;
    case TypeId::kTimestamp:
      t->tz = t->tz.empty() ? "UTC" : "";
      return true;
    case TypeId::kTime:
      t->id = TypeId::kDuration;
      return true;
    case TypeId::kDecimal:
      if (t->scale == 0) return false;
      t->scale -= 1;
      return true;
    default:
      return false;
  }
}

void Refuse(Gen& g, TNode* t, const std::string& path, Refusal* out) {
  if (out->done) return;
  switch (t->id) {
    case TypeId::kStruct:
      for (FNode& f : t->fields) {
        std::string fp = path.empty() ? f.name : path + "." + f.name;
        if (f.nullable && g.Chance(0.2)) {  // nullable -> not null
          f.nullable = false;
          *out = {fp, true};
          return;
        }
        Refuse(g, f.type.get(), fp, out);
        if (out->done) return;
      }
      if (g.Chance(0.3)) {  // a not-null field the writer lacks
        std::string name = g.Name();
        t->fields.push_back(FNode{name, g.Scalar(false), false, {}, -1});
        *out = {path.empty() ? name : path + "." + name, true};
      }
      return;
    case TypeId::kList:
      Refuse(g, t->elem.get(), path + "[]", out);
      return;
    case TypeId::kMap:
      Refuse(g, t->value.get(), path + "{values}", out);
      return;
    default:
      if (g.Chance(0.5) && RefuseScalar(g, t)) *out = {path, true};
  }
}

TEST(ResolvePropertyTest, RefusedChangesAreRefusedAtTheirPath) {
  int refused = 0;
  for (uint64_t seed = 1; seed <= 400; ++seed) {
    Gen g(seed * 7919);
    TNode writer;
    writer.id = TypeId::kStruct;
    g.Fields(&writer, 0);
    TPtr reader = Clone(writer);
    Refusal r;
    Refuse(g, reader.get(), "", &r);
    if (!r.done) continue;
    auto ws = Schema::FromStructType(ToType(writer));
    auto rs = Schema::FromStructType(ToType(*reader));
    ASSERT_TRUE(ws.ok() && rs.ok()) << ws.status().ToString() << rs.status().ToString();
    auto res = Resolve(*ws, *rs);
    ASSERT_FALSE(res.ok()) << "seed " << seed << ": " << ws->ToJson() << " -> " << rs->ToJson();
    EXPECT_EQ(res.status().kind(), ErrorKind::kSchemaMismatch);
    EXPECT_EQ(res.status().path(), r.path) << res.status().ToString();
    ++refused;
  }
  EXPECT_GT(refused, 200);
}

}  // namespace
}  // namespace zerorow

// Schema evolution (SPEC §13): Resolve builds the reader's plan once; the resolved views read
// through it. The matching rules are §13.1-§13.3; this file follows them in that order.
#include "zerorow/resolve.h"

#include <cstdio>
#include <string>

#include "ordinal_path.h"
#include "zerorow/row_writer.h"

namespace zerorow {

namespace detail {

/// What a Resolution shares between its copies: both schemas (the plans point into their
/// types) and the plans, one node per resolved struct, list or map type.
struct ResolutionState {
  Schema writer, reader;
  bool identity = false;
  std::vector<std::unique_ptr<ResolvedNode>> nodes;
  const ResolvedNode* top = nullptr;  // the top-level struct's
};

const DataType* EmptyStructType() {
  static const DataTypePtr kEmpty = DataType::Struct({});
  return kEmpty.get();
}

}  // namespace detail

namespace {

using detail::ResolvedNode;
using detail::ValuePlan;

std::string JoinField(const std::string& path, const std::string& name) {
  return path.empty() ? name : path + "." + name;
}

std::string Quoted(const std::string& s) { return "\"" + s + "\""; }

Status Mismatch(const std::string& path, const std::string& message) {
  return Status::Error(ErrorKind::kSchemaMismatch, message, path);
}

// SPEC §13.1: "writer type "float64" cannot be read as "int32"", both in canonical JSON.
Status TypeMismatch(const std::string& path, const DataType& w, const DataType& r, const std::string& why = {}) {
  return Mismatch(path, "writer type " + w.ToJson() + " cannot be read as " + r.ToJson() + (why.empty() ? "" : why));
}

// `what`: "field is", "elements are" or "map values are" (SPEC §13.1 names the writer's value).
Status NullabilityMismatch(const std::string& path, const char* what) {
  return Mismatch(path, std::string("writer ") + what +
                            " nullable and cannot be read as not-null (nullability may widen, never narrow)");
}

// SPEC §13.3: the exact widenings of one value type to another, parameters aside (decimal,
// timestamp and fixed_binary, whose parameters matter, are matched in Resolver::Value).
bool Widens(TypeId w, TypeId r) {
  switch (w) {
    case TypeId::kInt8:
      return r == TypeId::kInt16 || r == TypeId::kInt32 || r == TypeId::kInt64 || r == TypeId::kFloat32 ||
             r == TypeId::kFloat64;
    case TypeId::kInt16:
      return r == TypeId::kInt32 || r == TypeId::kInt64 || r == TypeId::kFloat32 || r == TypeId::kFloat64;
    case TypeId::kInt32:
      return r == TypeId::kInt64 || r == TypeId::kFloat64;
    case TypeId::kFloat32:
      return r == TypeId::kFloat64;
    case TypeId::kString:
      return r == TypeId::kBinary;
    case TypeId::kNull:
      return true;  // every writer value is null, a value of every nullable type
    case TypeId::kIntervalYm:
    case TypeId::kDuration:
      return r == TypeId::kInterval;
    case TypeId::kFixedBinary:
      return r == TypeId::kBinary;
    case TypeId::kUuid:
      return r == TypeId::kBinary || r == TypeId::kFixedBinary;  // fixed_binary(16): checked by the caller
    case TypeId::kBool:
    case TypeId::kInt64:
    case TypeId::kFloat64:
    case TypeId::kBinary:
    case TypeId::kDate32:
    case TypeId::kTime:
    case TypeId::kTimestamp:
    case TypeId::kDecimal:
    case TypeId::kList:
    case TypeId::kMap:
    case TypeId::kStruct:
    case TypeId::kInterval:
    case TypeId::kVariant:
      return false;
  }
  return false;
}

}  // namespace

bool ReadsAs(const DataType& w, const DataType& r) {
  if (w.id() == TypeId::kNull) return true;
  switch (r.id()) {
    case TypeId::kDecimal:
      // The unscaled value is multiplied by 10^(s' - s); the integer digits p - s must still fit.
      return w.id() == TypeId::kDecimal && r.scale() >= w.scale() &&
             r.precision() - r.scale() >= w.precision() - w.scale();
    case TypeId::kTimestamp:
      // The stored instant is UTC, so any zone reads any zone; naive and zoned differ in what
      // the number means (SPEC §13.3).
      return w.id() == TypeId::kTimestamp && w.tz().empty() == r.tz().empty();
    case TypeId::kFixedBinary:
      // The same size, or a uuid read as fixed_binary(16) (its 16 bytes).
      return (w.id() == TypeId::kFixedBinary || w.id() == TypeId::kUuid) && w.body_size() == r.body_size();
    case TypeId::kList:
    case TypeId::kMap:
    case TypeId::kStruct:
      return false;
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
      return w.id() == r.id() || Widens(w.id(), r.id());
  }
  return false;
}

namespace {

class Resolver {
 public:
  explicit Resolver(detail::ResolutionState* state) : state_(state) {}

  /// The plan of a reader value of type `r` read from a writer value of type `w`. `key`: inside
  /// a map key, where structs must keep their fields (SPEC §13.1).
  Status Value(const DataType& w, const DataType& r, bool key, const std::string& path, ValuePlan* out) {
    out->reader_id = r.id();
    out->writer_id = w.id();
    // Decimals rescale when the scales differ; everything else widens when the ids differ.
    out->widened = w.id() != r.id() || (r.id() == TypeId::kDecimal && r.scale() != w.scale());
    out->direct = !out->widened;
    out->sign_shift = static_cast<uint8_t>(64 - 8 * w.element_width());
    // A writer value of type null reads as null in any reader type (SPEC §13.3); the reader's
    // nullability was checked by the caller (a null type is always nullable, §3.6).
    if (w.id() == TypeId::kNull) return Status::OK();
    switch (r.id()) {
      case TypeId::kStruct:
        if (w.id() != TypeId::kStruct) return TypeMismatch(path, w, r);
        return Struct(w, r, key, path, &out->nested);
      case TypeId::kList:
        if (w.id() != TypeId::kList) return TypeMismatch(path, w, r);
        return List(w, r, key, path, &out->nested);
      case TypeId::kMap:
        if (w.id() != TypeId::kMap) return TypeMismatch(path, w, r);
        return Map(w, r, key, path, &out->nested);
      case TypeId::kDecimal:
        return Decimal(w, r, path, out);
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
      case TypeId::kNull:
      case TypeId::kIntervalYm:
      case TypeId::kInterval:
      case TypeId::kFixedBinary:
      case TypeId::kUuid:
      case TypeId::kVariant:
        if (!ReadsAs(w, r)) return TypeMismatch(path, w, r);
        return Status::OK();
    }
    return TypeMismatch(path, w, r);
  }

  Result<const ResolvedNode*> Top() {
    const ResolvedNode* node = nullptr;
    ZR_RETURN_NOT_OK(Struct(*state_->writer.struct_type(), *state_->reader.struct_type(), false, std::string(), &node));
    return node;
  }

 private:
  ResolvedNode* NewNode(const DataType& w, const DataType& r) {
    state_->nodes.push_back(std::make_unique<ResolvedNode>());
    ResolvedNode* node = state_->nodes.back().get();
    node->writer = &w;
    node->reader = &r;
    return node;
  }

  Status Decimal(const DataType& w, const DataType& r, const std::string& path, ValuePlan* out) {
    if (w.id() != TypeId::kDecimal) return TypeMismatch(path, w, r);
    // The unscaled value is multiplied by 10^(s' - s); the integer digits p - s must still fit.
    if (r.scale() < w.scale() || r.precision() - r.scale() < w.precision() - w.scale())
      return TypeMismatch(path, w, r, ": a decimal may gain scale and integer digits, never lose them");
    out->decimal_shift = static_cast<int8_t>(r.scale() - w.scale());
    return Status::OK();
  }

  Status List(const DataType& w, const DataType& r, bool key, const std::string& path, const ResolvedNode** out) {
    std::string element_path = path + "[]";
    if (w.element_nullable() && !r.element_nullable()) return NullabilityMismatch(element_path, "elements are");
    ResolvedNode* node = NewNode(w, r);
    node->values.resize(1);
    ZR_RETURN_NOT_OK(Value(*w.element(), *r.element(), key, element_path, &node->values[0]));
    *out = node;
    return Status::OK();
  }

  Status Map(const DataType& w, const DataType& r, bool key, const std::string& path, const ResolvedNode** out) {
    if (w.value_nullable() && !r.value_nullable()) return NullabilityMismatch(path + "{values}", "map values are");
    ResolvedNode* node = NewNode(w, r);
    node->values.resize(2);
    ZR_RETURN_NOT_OK(Value(*w.key(), *r.key(), true, path + "{keys}", &node->values[0]));
    ZR_RETURN_NOT_OK(Value(*w.value(), *r.value(), key, path + "{values}", &node->values[1]));
    *out = node;
    return Status::OK();
  }

  /// The writer ordinal a reader field matches: its name, else its first alias the writer has.
  static int Match(const DataType& w, const Field& f) {
    int k = w.FieldIndex(f.name);
    for (size_t a = 0; k < 0 && a < f.aliases.size(); ++a) k = w.FieldIndex(f.aliases[a]);
    return k;
  }

  /// The names a reader field is looked for by: "x", "old_x".
  static std::string NamesOf(const Field& f) {
    std::string out = Quoted(f.name);
    for (const std::string& a : f.aliases) out += ", " + Quoted(a);
    return out;
  }

  Status Struct(const DataType& w, const DataType& r, bool key, const std::string& path, const ResolvedNode** out) {
    if (key && !SameFieldNames(w, r))
      return TypeMismatch(path, w, r,
                          ": a struct map key must keep its fields, in order, with the same names (dropping one "
                          "could make two keys equal)");
    ResolvedNode* node = NewNode(w, r);
    node->values.resize(r.fields().size());
    node->writer_bitmap_size = w.bitmap_size();
    std::vector<int> taken(w.fields().size(), -1);  // writer ordinal -> the reader ordinal reading it
    for (int j = 0; j < r.num_fields(); ++j) {
      const Field& f = r.fields()[static_cast<size_t>(j)];
      std::string fp = JoinField(path, f.name);
      ValuePlan& plan = node->values[static_cast<size_t>(j)];
      int k = key ? j : Match(w, f);
      if (k < 0) {  // the writer lacks it: its default (SPEC §13.7), else null if it may be null
        if (!f.nullable && !f.default_value)
          return Mismatch(fp, "reader field is not nullable but the writer has no field named " + NamesOf(f) +
                                  " (give it a default or declare it nullable)");
        if (f.default_value) {
          // The default is laid out by the reader's type: a nested one reads through the
          // identity resolution of that type (a nested field's own default plays no part).
          ZR_RETURN_NOT_OK(Value(*f.type, *f.type, key, fp, &plan));
          plan.default_value = f.default_value.get();
        }
        plan.writer_ordinal = -1;
        plan.reader_id = plan.writer_id = f.type->id();
        plan.direct = false;  // the getters' slow path reads the default or a null
        continue;
      }
      const Field& wf = w.fields()[static_cast<size_t>(k)];
      // The alias rules of §4.1 already keep two reader fields from naming one writer field;
      // the check keeps §13.1's rule true here whatever the schemas.
      if (taken[static_cast<size_t>(k)] >= 0)
        return Mismatch(fp, "writer field " + Quoted(wf.name) + " is already read by reader field " +
                                Quoted(r.fields()[static_cast<size_t>(taken[static_cast<size_t>(k)])].name));
      taken[static_cast<size_t>(k)] = j;
      if (wf.nullable && !f.nullable) return NullabilityMismatch(fp, "field is");
      plan.writer_ordinal = k;
      ZR_RETURN_NOT_OK(Value(*wf.type, *f.type, key, fp, &plan));
      // A writer field of type null holds no byte: it reads as null (never as a default).
      if (wf.type->id() == TypeId::kNull) plan.writer_ordinal = -1;
    }
    *out = node;
    return Status::OK();
  }

  static bool SameFieldNames(const DataType& w, const DataType& r) {
    if (w.num_fields() != r.num_fields()) return false;
    for (int j = 0; j < r.num_fields(); ++j) {
      if (w.fields()[static_cast<size_t>(j)].name != r.fields()[static_cast<size_t>(j)].name) return false;
    }
    return true;
  }

  detail::ResolutionState* state_;
};

__int128 Pow10(int n) {
  __int128 p = 1;
  while (n-- > 0) p *= 10;
  return p;
}

}  // namespace

// ---- Resolution ----------------------------------------------------------------------------

Result<Resolution> Resolve(const Schema& writer, const Schema& reader) {
  auto state = std::make_shared<detail::ResolutionState>();
  state->writer = writer;
  state->reader = reader;
  // Same fingerprint: the same layout, so every field is read as written (SPEC §13.4).
  state->identity = writer.fingerprint() == reader.fingerprint();
  Resolver resolver(state.get());
  ZR_ASSIGN_OR_RETURN(state->top, resolver.Top());
  return Resolution(std::move(state));
}

Resolution::Resolution(std::shared_ptr<const detail::ResolutionState> state)
    : state_(std::move(state)), writer_(&state_->writer), top_(state_->top) {}

Resolution::Resolution() {
  static const Resolution* const kEmpty = [] {
    Schema empty;
    return new Resolution(*Resolve(empty, empty));
  }();
  *this = *kEmpty;
}

const Schema& Resolution::writer() const { return state_->writer; }
const Schema& Resolution::reader() const { return state_->reader; }
bool Resolution::is_identity() const { return state_->identity; }

Result<ResolvedRow> Resolution::View(std::span<const uint8_t> bytes, ValidationLevel level) const& {
  if (level != ValidationLevel::kNone) {
    Status st = level == ValidationLevel::kFull ? Validate(*writer_, bytes, ValidationLevel::kFull)
                                                : ValidateFixedRegion(*writer_->struct_type(), bytes);
    if (!st.ok()) return st;
  }
  auto row = BinaryRow::Wrap(bytes, *writer_);
  if (!row.ok()) return row.status();
  return ResolvedRow::Make(*row, top_);
}

Result<ResolvedRow> Resolution::View(const BinaryRow& row) const& {
  if (!row.has_type())
    return Status::Error(ErrorKind::kInvalidArgument, "a default-constructed BinaryRow views no row");
  const DataType& mine = *state_->writer.struct_type();
  if (&row.struct_type() != &mine && row.struct_type().LayoutJson() != mine.LayoutJson()) {
    char found[17];
    std::snprintf(found, sizeof found, "%016llx",
                  static_cast<unsigned long long>(Fnv1a64(row.struct_type().LayoutJson())));
    return Status::Error(
        ErrorKind::kSchemaMismatch,
        "expected a row of the writer schema " + state_->writer.fingerprint_hex() + " but found one of " + found);
  }
  return ResolvedRow::Make(row, top_);
}

// ---- the views -----------------------------------------------------------------------------

ResolvedArray ResolvedArray::Make(const BinaryArray& array, const ValuePlan* plan, const DataType* reader,
                                  const DataType* writer, detail::PathStyle style) {
  ResolvedArray a;
  std::span<const uint8_t> bitmap = array.null_bitmap();
  a.data_ = array.data();
  a.values_ = bitmap.data() + bitmap.size();  // the elements follow the bitmap (SPEC §2.2)
  a.size_ = array.size_bytes();
  a.plans_ = plan;
  a.reader_ = reader;
  a.writer_ = writer;
  a.n_ = array.size();
  a.path_style_ = style;
  return a;
}

ResolvedMap ResolvedMap::Make(const BinaryMap& map, const ResolvedNode* node) {
  ResolvedMap m;
  m.map_ = map;
  m.reader_ = node->reader;
  m.keys_ = ResolvedArray::Make(map.keys(), &node->values[0], node->reader->key().get(), node->writer->key().get(),
                                detail::PathStyle::kMapKey);
  m.values_ = ResolvedArray::Make(map.values(), &node->values[1], node->reader->value().get(),
                                  node->writer->value().get(), detail::PathStyle::kMapValue);
  return m;
}

namespace detail {

template <bool kRow>
std::string ResolvedSlots<kRow>::PathOf(int i) const {
  return OrdinalPath(reader_, path_style_, i);  // a field name, "[i]", "{keys}[i]", "{values}[i]"
}

template <bool kRow>
SlotView ResolvedSlots<kRow>::WriterView() const {
  if constexpr (kRow) {
    return data_ == nullptr ? BinaryRow() : BinaryRow::WrapUnchecked(data_, size_, writer_);
  } else {
    return data_ == nullptr ? BinaryArray() : BinaryArray::WrapUnchecked(data_, size_, writer_);
  }
}

template <bool kRow>
Status ResolvedSlots<kRow>::IndexError(int i) const {
  return OrdinalError(n_, i);
}

template <bool kRow>
Status ResolvedSlots<kRow>::TypeError(int i, TypeId want) const {
  return Status::Error(
      ErrorKind::kSchemaMismatch,
      "cannot read " + TypeIdWithArticle(want) + " value from a field of type " + std::string(TypeIdName(IdAt(i))),
      PathOf(i));
}

template <bool kRow>
Status ResolvedSlots<kRow>::Renamed(const Status& st, int i, int o) const {
  if (st.ok()) return st;
  std::string from = WriterView().PathOf(o), to = PathOf(i);
  const std::string& path = st.path();
  if (from == to || path.compare(0, from.size(), from) != 0) return st;
  if (path.size() > from.size() && path[from.size()] != '.' && path[from.size()] != '[' && path[from.size()] != '{')
    return st;  // a longer name that merely starts with the writer's
  return Status::Error(st.kind(), st.message(), to + path.substr(from.size()), st.expected(), st.actual());
}

template <bool kRow>
Status ResolvedSlots<kRow>::AbsentError(int i) const {
  return Status::Error(ErrorKind::kInvalidArgument,
                       "the writer has no such field, so it reads as null: test IsNull() before a nested getter",
                       PathOf(i));
}

template <bool kRow>
Result<Decimal128> ResolvedSlots<kRow>::GetDecimal(int i) const {
  if (!InRange(i)) return IndexError(i);
  const ValuePlan& p = Plan(i);
  if (p.reader_id != TypeId::kDecimal) return TypeError(i, TypeId::kDecimal);
  int o = Ordinal(i);
  if (o < 0) return p.default_value ? DefaultRow(p).GetDecimal(0) : Result<Decimal128>(Decimal128{0});
  SlotView view = WriterView();
  auto v = view.GetDecimal(o);
  if (!v.ok()) return Renamed(v.status(), i, o);
  if (p.decimal_shift == 0) return *v;
  // Bytes below level full may hold |v| >= 10^p; a valid value times 10^shift stays below
  // 10^p' <= 10^38, which an __int128 holds (SPEC §13.3).
  int precision = view.TypeAt(o).precision();
  if (!DecimalFitsPrecision(*v, precision))
    return Status::Error(ErrorKind::kInvalidData,
                         "expected a decimal of at most " + std::to_string(precision) + " digits but found " +
                             DecimalToString(*v, 0) + " (unscaled)",
                         PathOf(i), precision);
  return Decimal128{v->unscaled * Pow10(p.decimal_shift)};
}

template <bool kRow>
Result<std::string_view> ResolvedSlots<kRow>::GetString(int i) const {
  if (!InRange(i)) return IndexError(i);
  const ValuePlan& p = Plan(i);
  if (p.reader_id != TypeId::kString) return TypeError(i, TypeId::kString);
  int o = Ordinal(i);
  if (o < 0) return p.default_value ? DefaultRow(p).GetString(0) : Result<std::string_view>(std::string_view());
  auto s = WriterView().GetString(o);
  if (!s.ok()) return Renamed(s.status(), i, o);
  return s;
}

template <bool kRow>
Result<std::span<const uint8_t>> ResolvedSlots<kRow>::GetBinary(int i) const {
  if (!InRange(i)) return IndexError(i);
  const ValuePlan& p = Plan(i);
  if (p.reader_id != TypeId::kBinary && p.reader_id != TypeId::kFixedBinary && p.reader_id != TypeId::kUuid)
    return TypeError(i, TypeId::kBinary);
  int o = Ordinal(i);
  if (o < 0)
    return p.default_value ? DefaultRow(p).GetBinary(0) : Result<std::span<const uint8_t>>(std::span<const uint8_t>());
  if (p.writer_id == TypeId::kString) {  // SPEC §13.3: a string's UTF-8 bytes
    auto s = WriterView().GetString(o);
    if (!s.ok()) return Renamed(s.status(), i, o);
    return std::span<const uint8_t>(reinterpret_cast<const uint8_t*>(s->data()), s->size());
  }
  auto b = WriterView().GetBinary(o);
  if (!b.ok()) return Renamed(b.status(), i, o);
  return b;
}

template <bool kRow>
Result<ResolvedRow> ResolvedSlots<kRow>::GetStruct(int i) const {
  if (!InRange(i)) return IndexError(i);
  const ValuePlan& p = Plan(i);
  if (p.reader_id != TypeId::kStruct) return TypeError(i, TypeId::kStruct);
  int o = Ordinal(i);
  if (o < 0 && !p.default_value) return AbsentError(i);
  auto r = o < 0 ? DefaultRow(p).GetStruct(0) : WriterView().GetStruct(o);
  if (!r.ok()) return Renamed(r.status(), i, o);
  return ResolvedRow::Make(*r, p.nested);
}

template <bool kRow>
Result<ResolvedArray> ResolvedSlots<kRow>::GetArray(int i) const {
  if (!InRange(i)) return IndexError(i);
  const ValuePlan& p = Plan(i);
  if (p.reader_id != TypeId::kList) return TypeError(i, TypeId::kList);
  int o = Ordinal(i);
  if (o < 0 && !p.default_value) return AbsentError(i);
  auto a = o < 0 ? DefaultRow(p).GetArray(0) : WriterView().GetArray(o);
  if (!a.ok()) return Renamed(a.status(), i, o);
  const ResolvedNode* node = p.nested;
  return ResolvedArray::Make(*a, &node->values[0], node->reader->element().get(), node->writer->element().get(),
                             PathStyle::kElement);
}

template <bool kRow>
Result<ResolvedMap> ResolvedSlots<kRow>::GetMap(int i) const {
  if (!InRange(i)) return IndexError(i);
  const ValuePlan& p = Plan(i);
  if (p.reader_id != TypeId::kMap) return TypeError(i, TypeId::kMap);
  int o = Ordinal(i);
  if (o < 0 && !p.default_value) return AbsentError(i);
  auto m = o < 0 ? DefaultRow(p).GetMap(0) : WriterView().GetMap(o);
  if (!m.ok()) return Renamed(m.status(), i, o);
  return ResolvedMap::Make(*m, p.nested);
}

template <bool kRow>
Result<Interval> ResolvedSlots<kRow>::GetInterval(int i) const {
  if (!InRange(i)) return IndexError(i);
  const ValuePlan& p = Plan(i);
  if (p.reader_id != TypeId::kInterval) return TypeError(i, TypeId::kInterval);
  int o = Ordinal(i);
  if (o < 0) return p.default_value ? DefaultRow(p).GetInterval(0) : Result<Interval>(Interval{});
  SlotView view = WriterView();
  switch (p.writer_id) {  // SPEC §13.3
    case TypeId::kIntervalYm: {
      auto m = view.GetInt32(o);
      if (!m.ok()) return Renamed(m.status(), i, o);
      return Interval{*m, 0, 0};
    }
    case TypeId::kDuration: {
      auto d = view.GetInt64(o);
      if (!d.ok()) return Renamed(d.status(), i, o);
      return Interval{0, 0, *d};
    }
    case TypeId::kInterval: {
      auto v = view.GetInterval(o);
      if (!v.ok()) return Renamed(v.status(), i, o);
      return v;
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
    case TypeId::kDecimal:
    case TypeId::kList:
    case TypeId::kMap:
    case TypeId::kStruct:
    case TypeId::kNull:
    case TypeId::kFixedBinary:
    case TypeId::kUuid:
    case TypeId::kVariant:
      break;  // Resolve() allows no other writer type for a reader interval
  }
  return TypeError(i, TypeId::kInterval);
}

template <bool kRow>
Result<std::array<uint8_t, 16>> ResolvedSlots<kRow>::GetUuid(int i) const {
  if (!InRange(i)) return IndexError(i);
  const ValuePlan& p = Plan(i);
  if (p.reader_id != TypeId::kUuid) return TypeError(i, TypeId::kUuid);
  int o = Ordinal(i);
  if (o < 0)
    return p.default_value ? DefaultRow(p).GetUuid(0) : Result<std::array<uint8_t, 16>>(std::array<uint8_t, 16>{});
  auto v = WriterView().GetUuid(o);
  if (!v.ok()) return Renamed(v.status(), i, o);
  return v;
}

template <bool kRow>
Result<VariantView> ResolvedSlots<kRow>::GetVariant(int i) const {
  if (!InRange(i)) return IndexError(i);
  const ValuePlan& p = Plan(i);
  if (p.reader_id != TypeId::kVariant) return TypeError(i, TypeId::kVariant);
  int o = Ordinal(i);
  if (o < 0 && !p.default_value) return AbsentError(i);
  auto v = o < 0 ? DefaultRow(p).GetVariant(0) : WriterView().GetVariant(o);
  if (!v.ok()) return Renamed(v.status(), i, o);
  return v;
}

template class ResolvedSlots<true>;
template class ResolvedSlots<false>;

}  // namespace detail

}  // namespace zerorow

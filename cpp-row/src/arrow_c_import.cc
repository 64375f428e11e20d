// Arrow C Data -> rows (SPEC §12, with the reader alternatives). Top-level columns are
// processed one at a time: first every row's size is computed column by column, then the
// rows are allocated once and each column is scattered into its slot (fixed-width columns
// in a tight loop) and its bodies appended in ordinal order, which is the canonical layout.
// Nested values (list, map, struct) are encoded with the writers.
#include <cstdio>
#include <cstring>
#include <optional>
#include <string>
#include <string_view>

#include "arrow_c_data_internal.h"
#include "zerorow/row_writer.h"
#include "zerorow/validate.h"

namespace zerorow::arrow_io {

namespace {

uint64_t Pad8(uint64_t x) { return (x + 7) & ~uint64_t{7}; }

Status Mismatch(const std::string& path, const std::string& what) {
  return Status::Error(ErrorKind::kSchemaMismatch, what, path);
}

// An Arrow array bound to the zerorow type it is read as.
struct Col {
  const ArrowArray* a = nullptr;
  const DataType* t = nullptr;
  bool large = false;          // int64 offsets (U, Z, +L)
  int64_t mul = 1, div = 1;    // time unit conversion to µs
  int64_t entries_offset = 0;  // map: offset of the entries struct
  std::vector<Col> children;

  int64_t Phys(int64_t j) const { return a->offset + j; }
  bool Valid(int64_t j) const {
    const auto* bits = static_cast<const uint8_t*>(a->buffers[0]);
    if (a->null_count == 0 || bits == nullptr) return true;
    int64_t p = Phys(j);
    return (bits[p >> 3] >> (p & 7)) & 1;
  }
  // [begin, end) offsets of value j of a string/binary/list/map array.
  std::pair<int64_t, int64_t> Range(int64_t j) const {
    int64_t p = Phys(j);
    if (large) {
      const auto* o = static_cast<const int64_t*>(a->buffers[1]);
      return {o[p], o[p + 1]};
    }
    const auto* o = static_cast<const int32_t*>(a->buffers[1]);
    return {o[p], o[p + 1]};
  }
};

Result<std::pair<std::string_view, int64_t>> TimeUnit(std::string_view fmt, size_t pos) {
  if (fmt.size() <= pos) return Status::Unsupported("bad Arrow time format");
  switch (fmt[pos]) {
    case 's':
      return std::pair<std::string_view, int64_t>("s", 1'000'000);
    case 'm':
      return std::pair<std::string_view, int64_t>("ms", 1'000);
    case 'u':
      return std::pair<std::string_view, int64_t>("us", 1);
    case 'n':
      return std::pair<std::string_view, int64_t>("ns", -1000);
  }
  return Status::Unsupported("bad Arrow time unit in " + std::string(fmt));
}

Status Bind(const ArrowArray* a, const ArrowSchema* s, const DataType& t, const std::string& path, Col* out);

Status Corrupt(const std::string& path, const std::string& what, std::optional<int64_t> expected = std::nullopt,
               std::optional<int64_t> actual = std::nullopt) {
  return Status::Error(ErrorKind::kInvalidData, "Arrow array: " + what, path, expected, actual);
}

// Buffers and children an array of type t must have before anything reads them (the C Data
// Interface gives no buffer sizes, so lengths and offsets are all that can be checked).
Status CheckShape(const ArrowArray* a, const DataType& t, const std::string& path) {
  if (a->length < 0 || a->offset < 0 || a->length > (int64_t{1} << 40) || a->offset > (int64_t{1} << 40))
    return Corrupt(
        path, "negative or implausible length " + std::to_string(a->length) + " / offset " + std::to_string(a->offset));
  int64_t want_buffers = 2;
  if (t.id() == TypeId::kString || t.id() == TypeId::kBinary) want_buffers = 3;
  if (t.id() == TypeId::kStruct) want_buffers = 1;
  if (a->n_buffers < want_buffers || a->buffers == nullptr)
    return Corrupt(path,
                   "expected " + std::to_string(want_buffers) + " buffers but found " + std::to_string(a->n_buffers),
                   want_buffers, a->n_buffers);
  for (int64_t b = 1; b < want_buffers; ++b) {
    if (a->buffers[b] == nullptr && a->length > 0) return Corrupt(path, "buffer " + std::to_string(b) + " is missing");
  }
  if (a->n_children > 0 && a->children == nullptr) return Corrupt(path, "children are missing");
  for (int64_t c = 0; c < a->n_children; ++c) {
    if (a->children[c] == nullptr) return Corrupt(path, "child " + std::to_string(c) + " is missing");
  }
  return Status::OK();
}

// Offsets of values [offset, offset + length] of a string/binary/list/map array: from >= 0,
// never decreasing, and (lists, maps) ending within the child's length.
template <typename O>
Status CheckOffsets(const ArrowArray* a, int64_t child_length, const std::string& path) {
  const O* o = static_cast<const O*>(a->buffers[1]);
  if (o == nullptr) return Status::OK();  // length 0 (CheckShape): nothing to read
  const int64_t first = a->offset, last = a->offset + a->length;
  if (o[first] < 0) return Corrupt(path, "offset " + std::to_string(o[first]) + " is negative", 0, o[first]);
  for (int64_t p = first; p < last; ++p) {
    if (o[p + 1] < o[p]) return Corrupt(path, "offsets decrease at value " + std::to_string(p - first), o[p], o[p + 1]);
  }
  if (child_length >= 0 && o[last] > child_length)
    return Corrupt(path,
                   "expected offsets <= the child's length " + std::to_string(child_length) + " but found " +
                       std::to_string(o[last]),
                   child_length, o[last]);
  return Status::OK();
}

Status CheckChildLength(const ArrowArray* parent, const ArrowArray* child, const std::string& path) {
  const int64_t need = parent->offset + parent->length;
  if (child->length < need)
    return Corrupt(
        path, "expected a child of length >= " + std::to_string(need) + " but found " + std::to_string(child->length),
        need, child->length);
  return Status::OK();
}

Status BindType(const ArrowArray* a, const ArrowSchema* s, const DataType& t, const std::string& path, Col* out);

Status Bind(const ArrowArray* a, const ArrowSchema* s, const DataType& t, const std::string& path, Col* out) {
  if (a == nullptr || s == nullptr || s->format == nullptr) return Mismatch(path, "missing Arrow array or schema");
  if (s->dictionary != nullptr) return Status::Error(ErrorKind::kUnsupported, "dictionary-encoded column", path);
  if (s->n_children > 0 && s->children == nullptr) return Mismatch(path, "missing Arrow schema children");
  for (int64_t c = 0; c < s->n_children; ++c) {
    if (s->children[c] == nullptr) return Mismatch(path, "missing Arrow schema child");
  }
  ZR_RETURN_NOT_OK(CheckShape(a, t, path));
  ZR_RETURN_NOT_OK(BindType(a, s, t, path, out));
  switch (t.id()) {
    case TypeId::kString:
    case TypeId::kBinary:
      return out->large ? CheckOffsets<int64_t>(a, -1, path) : CheckOffsets<int32_t>(a, -1, path);
    case TypeId::kList:
    case TypeId::kMap: {
      const ArrowArray* child = a->children[0];
      return out->large ? CheckOffsets<int64_t>(a, child->length, path) : CheckOffsets<int32_t>(a, child->length, path);
    }
    case TypeId::kStruct:
      for (int64_t c = 0; c < a->n_children; ++c) ZR_RETURN_NOT_OK(CheckChildLength(a, a->children[c], path));
      return Status::OK();
    default:
      return Status::OK();
  }
}

Status BindType(const ArrowArray* a, const ArrowSchema* s, const DataType& t, const std::string& path, Col* out) {
  out->a = a;
  out->t = &t;
  std::string_view f(s->format);
  auto want = [&](bool ok) -> Status {
    if (ok) return Status::OK();
    return Mismatch(path,
                    "expected an Arrow column for " + t.ToJson() + " but found format \"" + std::string(f) + "\"");
  };
  auto unit = [&](size_t pos) -> Status {
    ZR_ASSIGN_OR_RETURN(auto u, TimeUnit(f, pos));
    if (u.second > 0)
      out->mul = u.second;
    else
      out->div = -u.second;
    return Status::OK();
  };
  switch (t.id()) {
    case TypeId::kBool:
      return want(f == "b");
    case TypeId::kInt8:
      return want(f == "c");
    case TypeId::kInt16:
      return want(f == "s");
    case TypeId::kInt32:
      return want(f == "i");
    case TypeId::kInt64:
      return want(f == "l");
    case TypeId::kFloat32:
      return want(f == "f");
    case TypeId::kFloat64:
      return want(f == "g");
    case TypeId::kDate32:
      return want(f == "tdD");
    case TypeId::kTime:
      ZR_RETURN_NOT_OK(want(f == "ttu" || f == "ttn"));
      return unit(2);
    case TypeId::kDuration:
      ZR_RETURN_NOT_OK(want(f.size() == 3 && f.substr(0, 2) == "tD"));
      return unit(2);
    case TypeId::kTimestamp: {
      ZR_RETURN_NOT_OK(want(f.size() >= 4 && f.substr(0, 2) == "ts" && f[3] == ':'));
      if (f.substr(4) != t.tz())
        return Mismatch(path, "expected time zone \"" + t.tz() + "\" but found \"" + std::string(f.substr(4)) + "\"");
      return unit(2);
    }
    case TypeId::kDecimal: {
      std::string d = "d:" + std::to_string(t.precision()) + "," + std::to_string(t.scale());
      return want(f == d || f == d + ",128");
    }
    case TypeId::kString:
      out->large = f == "U";
      return want(f == "u" || f == "U");
    case TypeId::kBinary:
      out->large = f == "Z";
      return want(f == "z" || f == "Z");
    case TypeId::kList: {
      out->large = f == "+L";
      ZR_RETURN_NOT_OK(want((f == "+l" || f == "+L") && s->n_children == 1 && a->n_children == 1));
      out->children.resize(1);
      return Bind(a->children[0], s->children[0], *t.element(), path + "[]", &out->children[0]);
    }
    case TypeId::kMap: {
      ZR_RETURN_NOT_OK(want(f == "+m" && s->n_children == 1 && a->n_children == 1));
      const ArrowSchema* es = s->children[0];
      const ArrowArray* ea = a->children[0];
      if (es == nullptr || es->n_children != 2 || ea->n_children != 2 || ea->children == nullptr ||
          es->children == nullptr)
        return Mismatch(path, "map entries must have 2 children");
      ZR_RETURN_NOT_OK(CheckShape(ea, *struct_({}), path));
      for (int c = 0; c < 2; ++c) ZR_RETURN_NOT_OK(CheckChildLength(ea, ea->children[c], path));
      out->children.resize(2);
      // children[0]/[1] are the key/value arrays; their Phys() adds the entries' offset too.
      ZR_RETURN_NOT_OK(Bind(ea->children[0], es->children[0], *t.key(), path + "{key}", &out->children[0]));
      ZR_RETURN_NOT_OK(Bind(ea->children[1], es->children[1], *t.value(), path + "{value}", &out->children[1]));
      out->entries_offset = ea->offset;
      return Status::OK();
    }
    case TypeId::kStruct: {
      ZR_RETURN_NOT_OK(want(f == "+s" && s->n_children == t.num_fields() && a->n_children == t.num_fields()));
      out->children.resize(t.num_fields());
      for (int i = 0; i < t.num_fields(); ++i) {
        const std::string& name = t.fields()[i].name;
        std::string fp = path.empty() ? name : path + "." + name;
        if (s->children[i]->name == nullptr || name != s->children[i]->name)
          return Mismatch(fp, "expected field name \"" + name + "\" but found \"" +
                                  (s->children[i]->name ? s->children[i]->name : "") + "\"");
        ZR_RETURN_NOT_OK(Bind(a->children[i], s->children[i], *t.fields()[i].type, fp, &out->children[i]));
      }
      return Status::OK();
    }
  }
  return Status::Unsupported("unknown type");
}

// The slot bits of a fixed-width value j (zero-extended to 64 bits).
Result<uint64_t> FixedBits(const Col& c, int64_t j) {
  const int64_t p = c.Phys(j);
  const void* buf = c.a->buffers[1];
  switch (c.t->id()) {
    case TypeId::kBool:
      return (static_cast<const uint8_t*>(buf)[p >> 3] >> (p & 7)) & 1u;
    case TypeId::kInt8:
      return static_cast<uint8_t>(static_cast<const int8_t*>(buf)[p]);
    case TypeId::kInt16:
      return static_cast<uint16_t>(static_cast<const int16_t*>(buf)[p]);
    case TypeId::kInt32:
    case TypeId::kDate32:
    case TypeId::kFloat32:
      return static_cast<const uint32_t*>(buf)[p];
    case TypeId::kInt64:
    case TypeId::kFloat64:
      return static_cast<const uint64_t*>(buf)[p];
    case TypeId::kTime:
    case TypeId::kTimestamp:
    case TypeId::kDuration: {
      int64_t v = static_cast<const int64_t*>(buf)[p], out;
      if (c.div > 1) {
        if (v % c.div != 0)
          return Status::InvalidData("value " + std::to_string(v) + " is not a whole number of microseconds");
        out = v / c.div;
      } else if (__builtin_mul_overflow(v, c.mul, &out)) {
        return Status::InvalidData("value " + std::to_string(v) + " overflows int64 microseconds");
      }
      if (c.t->id() == TypeId::kTime && (out < 0 || out >= 86'400'000'000LL))
        return Status::InvalidData("time " + std::to_string(out) + " is outside [0, 86400000000)");
      return static_cast<uint64_t>(out);
    }
    case TypeId::kDecimal: {
      __int128 v;
      std::memcpy(&v, static_cast<const uint8_t*>(buf) + 16 * p, 16);
      if (!DecimalFitsPrecision(Decimal128{v}, c.t->precision()))
        return Status::InvalidData("decimal " + DecimalToString(Decimal128{v}, c.t->scale()) + " exceeds precision " +
                                   std::to_string(c.t->precision()));
      return static_cast<uint64_t>(static_cast<int64_t>(v));
    }
    default:
      return Status::Unsupported("not a fixed-width type");
  }
}

Status WriteCell(detail::SlotWriter* w, int i, const Col& c, int64_t j);

Status WriteNested(detail::SlotWriter* w, int i, const Col& c, int64_t j) {
  const DataType& t = *c.t;
  switch (t.id()) {
    case TypeId::kList: {
      auto [b, e] = c.Range(j);
      if (e < b) return Status::InvalidData("Arrow list offsets decrease");
      ArrayWriter a;
      ZR_RETURN_NOT_OK(w->BeginArray(i, e - b, &a));
      for (int64_t k = b; k < e; ++k) {
        Status st = WriteCell(&a, static_cast<int>(k - b), c.children[0], k);
        if (!st.ok()) return std::move(st).WithPathPrefix(w->PathOf(i));
      }
      return a.Finish();
    }
    case TypeId::kMap: {
      auto [b, e] = c.Range(j);
      if (e < b) return Status::InvalidData("Arrow map offsets decrease");
      const int64_t eo = c.entries_offset;  // the entries struct's offset applies to key/value
      MapWriter m;
      ZR_RETURN_NOT_OK(w->BeginMap(i, &m));
      ArrayWriter keys, values;
      ZR_RETURN_NOT_OK(m.BeginKeys(e - b, &keys));
      for (int64_t k = b; k < e; ++k) {
        Status st = WriteCell(&keys, static_cast<int>(k - b), c.children[0], eo + k);
        if (!st.ok()) return std::move(st).WithPathPrefix(w->PathOf(i));
      }
      ZR_RETURN_NOT_OK(keys.Finish());
      ZR_RETURN_NOT_OK(m.BeginValues(e - b, &values));
      for (int64_t k = b; k < e; ++k) {
        Status st = WriteCell(&values, static_cast<int>(k - b), c.children[1], eo + k);
        if (!st.ok()) return std::move(st).WithPathPrefix(w->PathOf(i));
      }
      ZR_RETURN_NOT_OK(values.Finish());
      return m.Finish();
    }
    case TypeId::kStruct: {
      RowWriter r;
      ZR_RETURN_NOT_OK(w->BeginStruct(i, &r));
      const int64_t p = c.Phys(j);  // a struct's offset applies to its children
      for (int f = 0; f < t.num_fields(); ++f) {
        Status st = WriteCell(&r, f, c.children[f], p);
        if (!st.ok()) return std::move(st).WithPathPrefix(w->PathOf(i));
      }
      return r.Finish();
    }
    default:
      return Status::Unsupported("not a nested type");
  }
}

Status WriteCell(detail::SlotWriter* w, int i, const Col& c, int64_t j) {
  if (!c.Valid(j)) return w->SetNull(i);
  const DataType& t = *c.t;
  switch (t.id()) {
    case TypeId::kString:
    case TypeId::kBinary: {
      auto [b, e] = c.Range(j);
      if (e < b || b < 0) return Status::InvalidData("Arrow offsets decrease").WithPathPrefix(w->PathOf(i));
      const char* data = static_cast<const char*>(c.a->buffers[2]) + b;
      if (t.id() == TypeId::kString) return w->WriteString(i, std::string_view(data, e - b));
      return w->WriteBinary(i, std::string_view(data, e - b));
    }
    case TypeId::kDecimal:
      if (t.precision() > 18) {
        __int128 v;
        std::memcpy(&v, static_cast<const uint8_t*>(c.a->buffers[1]) + 16 * c.Phys(j), 16);
        return w->WriteDecimal(i, Decimal128{v});
      }
      break;
    case TypeId::kList:
    case TypeId::kMap:
    case TypeId::kStruct:
      return WriteNested(w, i, c, j);
    default:
      break;
  }
  auto fixed = FixedBits(c, j);
  if (!fixed.ok()) return fixed.status().WithPathPrefix(w->PathOf(i));
  const uint64_t bits = *fixed;
  switch (t.id()) {
    case TypeId::kBool:
      return w->WriteBool(i, bits != 0);
    case TypeId::kInt8:
      return w->WriteInt8(i, static_cast<int8_t>(bits));
    case TypeId::kInt16:
      return w->WriteInt16(i, static_cast<int16_t>(bits));
    case TypeId::kInt32:
    case TypeId::kDate32:
      return w->WriteInt32(i, static_cast<int32_t>(bits));
    case TypeId::kFloat32: {
      float f;
      uint32_t b32 = static_cast<uint32_t>(bits);
      std::memcpy(&f, &b32, 4);
      return w->WriteFloat32(i, f);
    }
    case TypeId::kFloat64: {
      double d;
      std::memcpy(&d, &bits, 8);
      return w->WriteFloat64(i, d);
    }
    case TypeId::kDecimal:
      return w->WriteDecimal(i, Decimal128{static_cast<int64_t>(bits)});
    default:
      return w->WriteInt64(i, static_cast<int64_t>(bits));
  }
}

uint64_t Canonical(const DataType& t, uint64_t bits) {
  // Canonical NaN (SPEC §2.6) for values coming from Arrow.
  if (t.id() == TypeId::kFloat32) {
    uint32_t b = static_cast<uint32_t>(bits);
    if ((b & 0x7f800000u) == 0x7f800000u && (b & 0x007fffffu)) return 0x7fc00000u;
  } else if (t.id() == TypeId::kFloat64) {
    if ((bits & 0x7ff0000000000000ull) == 0x7ff0000000000000ull && (bits & 0x000fffffffffffffull))
      return 0x7ff8000000000000ull;
  }
  return bits;
}

// The bodies of one variable-width top-level column, encoded ahead of layout.
struct Bodies {
  std::vector<uint8_t> bytes;    // nested: concatenated padded bodies
  std::vector<uint64_t> offset;  // n + 1 entries into bytes (nested only)
  std::vector<uint32_t> size;    // meaningful size per row (0 for null)
};

}  // namespace

Result<Schema> ImportSchema(const ArrowSchema* schema);

Status ImportRows(const ArrowArray* array, const ArrowSchema* array_schema, const Schema& schema, RowBatch* out) {
  Col top;
  ZR_RETURN_NOT_OK(Bind(array, array_schema, *schema.struct_type(), "", &top));
  if (array->null_count != 0 && array->buffers[0] != nullptr) {
    for (int64_t k = 0; k < array->length; ++k) {
      if (!top.Valid(k)) return Status::InvalidData("top-level struct entry " + std::to_string(k) + " is null");
    }
  }
  const int64_t n = array->length;
  const DataType& st = *schema.struct_type();
  const int nf = st.num_fields();
  // 1. Sizes: the fixed region plus every variable-width column's padded body.
  std::vector<uint64_t> row_size(n, st.fixed_region_size());
  std::vector<Bodies> bodies(nf);
  std::vector<Col> cols(nf);
  for (int f = 0; f < nf; ++f) {
    cols[f] = top.children[f];  // indexed by the struct's physical position (offset + k)
    const DataType& t = *st.fields()[f].type;
    if (t.is_fixed_width()) continue;
    Bodies& b = bodies[f];
    switch (t.id()) {
      case TypeId::kString:
      case TypeId::kBinary:
        b.size.assign(n, 0);
        for (int64_t k = 0; k < n; ++k) {
          int64_t p = array->offset + k;
          if (!cols[f].Valid(p)) continue;
          auto [lo, hi] = cols[f].Range(p);
          if (hi < lo || lo < 0 || hi - lo >= (int64_t{1} << 31))
            return Status::Error(ErrorKind::kInvalidData, "bad Arrow offsets", st.fields()[f].name);
          b.size[k] = static_cast<uint32_t>(hi - lo);
          row_size[k] += Pad8(hi - lo);
        }
        break;
      case TypeId::kDecimal:  // precision > 18: a 16-byte reserve, null or not (SPEC §3.5)
        for (int64_t k = 0; k < n; ++k) row_size[k] += 16;
        break;
      default: {
        // Nested: encode now, positions shifted by the struct's offset.
        b.offset.assign(1, 0);
        b.size.assign(n, 0);
        // A one-field scratch row named like the field, so error paths come out right.
        Schema one = *Schema::Make({Field{st.fields()[f].name, st.fields()[f].type, true}});
        RowWriter w(one);
        for (int64_t k = 0; k < n; ++k) {
          int64_t p = array->offset + k;
          if (cols[f].Valid(p)) {
            w.Reset();
            ZR_RETURN_NOT_OK(WriteCell(&w, 0, cols[f], p));
            ZR_RETURN_NOT_OK(w.Finish());
            auto bytes = w.bytes().subspan(16);  // skip bitmap + slot: inner offsets are relative
            b.bytes.insert(b.bytes.end(), bytes.begin(), bytes.end());
            b.size[k] = static_cast<uint32_t>(bytes.size());
            row_size[k] += bytes.size();
          }
          b.offset.push_back(b.bytes.size());
        }
      }
    }
  }
  // 2. Allocate every row at once.
  const size_t base = out->bytes.size();
  std::vector<uint64_t> row_off(n);
  uint64_t total = base;
  for (int64_t k = 0; k < n; ++k) {
    if (row_size[k] > kMaxRowSize)
      return Status::Error(
          ErrorKind::kInvalidData,
          "row larger than 2^31-8 bytes: row " + std::to_string(k) + " needs " + std::to_string(row_size[k]), {},
          static_cast<int64_t>(kMaxRowSize), static_cast<int64_t>(row_size[k]));
    row_off[k] = total;
    total += row_size[k];
  }
  out->bytes.resize(total);  // zero-filled
  uint8_t* buf = out->bytes.data();
  std::vector<uint64_t> cursor(n, st.fixed_region_size());
  // 3. Scatter, column by column, in ordinal order (bodies land in canonical order).
  for (int f = 0; f < nf; ++f) {
    const Col& c = cols[f];
    const DataType& t = *st.fields()[f].type;
    const bool nullable = st.fields()[f].nullable;
    const size_t slot = st.bitmap_size() + 8 * static_cast<size_t>(f);
    const std::string& name = st.fields()[f].name;
    auto set_null = [&](int64_t k) -> Status {
      if (!nullable) return Status::Error(ErrorKind::kInvalidData, "null value in a non-nullable field", name);
      buf[row_off[k] + (f >> 3)] |= static_cast<uint8_t>(1u << (f & 7));
      return Status::OK();
    };
    const bool simple_fixed = c.mul == 1 && c.div == 1 &&
                              (t.id() == TypeId::kInt32 || t.id() == TypeId::kInt64 || t.id() == TypeId::kDate32 ||
                               t.id() == TypeId::kTimestamp || t.id() == TypeId::kDuration || t.id() == TypeId::kInt8 ||
                               t.id() == TypeId::kInt16);
    if (simple_fixed) {
      // Tight loop: same width in Arrow and in the slot, no conversion.
      const size_t w = t.element_width();
      const uint8_t* src = static_cast<const uint8_t*>(c.a->buffers[1]) + w * (c.a->offset + array->offset);
      for (int64_t k = 0; k < n; ++k) std::memcpy(buf + row_off[k] + slot, src + w * k, w);
      if (c.a->null_count != 0 && c.a->buffers[0] != nullptr) {
        for (int64_t k = 0; k < n; ++k) {
          if (!c.Valid(array->offset + k)) {
            ZR_RETURN_NOT_OK(set_null(k));
            std::memset(buf + row_off[k] + slot, 0, 8);  // null slots are zero
          }
        }
      }
      continue;
    }
    if (t.is_fixed_width()) {
      for (int64_t k = 0; k < n; ++k) {
        int64_t p = array->offset + k;
        if (!c.Valid(p)) {
          ZR_RETURN_NOT_OK(set_null(k));
          continue;
        }
        auto bits = FixedBits(c, p);
        if (!bits.ok()) return bits.status().WithPathPrefix(name);
        uint64_t v = Canonical(t, *bits);
        std::memcpy(buf + row_off[k] + slot, &v, 8);
      }
      continue;
    }
    for (int64_t k = 0; k < n; ++k) {
      int64_t p = array->offset + k;
      uint8_t* row = buf + row_off[k];
      if (t.id() == TypeId::kDecimal) {  // precision > 18
        uint64_t ref = cursor[k] << 32;
        if (!c.Valid(p)) {
          ZR_RETURN_NOT_OK(set_null(k));
        } else {
          __int128 v;
          std::memcpy(&v, static_cast<const uint8_t*>(c.a->buffers[1]) + 16 * c.Phys(p), 16);
          if (!DecimalFitsPrecision(Decimal128{v}, t.precision()))
            return Status::Error(ErrorKind::kInvalidData, "decimal exceeds precision " + std::to_string(t.precision()),
                                 name);
          int len = DecimalToBigEndian(Decimal128{v}, row + cursor[k]);
          ref |= static_cast<uint64_t>(len);
        }
        std::memcpy(row + slot, &ref, 8);
        cursor[k] += 16;
        continue;
      }
      if (!c.Valid(p)) {
        ZR_RETURN_NOT_OK(set_null(k));
        continue;
      }
      const uint8_t* src;
      uint64_t sz = bodies[f].size[k];
      if (t.id() == TypeId::kString || t.id() == TypeId::kBinary) {
        src = static_cast<const uint8_t*>(c.a->buffers[2]) + c.Range(p).first;
        if (t.id() == TypeId::kString && !IsValidUtf8(std::span<const uint8_t>(src, sz)))
          return Status::Error(ErrorKind::kInvalidData, "string is not valid UTF-8",
                               name + "[" + std::to_string(k) + "]");
      } else {
        src = bodies[f].bytes.data() + bodies[f].offset[k];
      }
      if (sz) std::memcpy(row + cursor[k], src, sz);
      uint64_t ref = (cursor[k] << 32) | sz;
      std::memcpy(row + slot, &ref, 8);
      cursor[k] += Pad8(sz);
    }
  }
  for (int64_t k = 0; k < n; ++k) out->offsets.push_back(static_cast<int64_t>(row_off[k] + row_size[k]));
  return Status::OK();
}

// ---- schema import --------------------------------------------------------------------------

namespace {

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
    ZR_ASSIGN_OR_RETURN(DataTypePtr k, ImportType(es->children[0], path + "{key}"));
    ZR_ASSIGN_OR_RETURN(DataTypePtr v, ImportType(es->children[1], path + "{value}"));
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

// Binding Arrow arrays to zerorow types for the import: every type is matched against the
// Arrow format (SPEC §12 and its reader alternatives), and every array's buffers, children
// and offsets are checked before anything reads them. The C Data Interface gives no buffer
// sizes, so lengths and offsets are all that can be checked.
#include <string>
#include <string_view>

#include "import_internal.h"

namespace zerorow::arrow_io::internal {
namespace {

Status Mismatch(const std::string& path, const std::string& what) {
  return Status::Error(ErrorKind::kSchemaMismatch, what, path);
}

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
    if (o[p + 1] < o[p])
      return Corrupt(path,
                     "expected offsets that never decrease but found " + std::to_string(o[p]) + " then " +
                         std::to_string(o[p + 1]) + " (value " + std::to_string(p - first) + ")",
                     o[p], o[p + 1]);
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

Status WrongFormat(const DataType& t, std::string_view f, const std::string& path) {
  return Mismatch(path, "expected an Arrow column for " + t.ToJson() + " but found format \"" + std::string(f) + "\"");
}

// Sets the conversion of a time unit (the format's character at `pos`) to microseconds.
Status BindUnit(std::string_view f, size_t pos, Col* out) {
  ZR_ASSIGN_OR_RETURN(auto u, TimeUnit(f, pos));
  if (u.second > 0)
    out->mul = u.second;
  else
    out->div = -u.second;
  return Status::OK();
}

// Whether format `f` carries values of scalar type `t` (an Arrow format SPEC §12 names for
// it or a reader alternative); sets `large` and the time unit.
Result<bool> BindScalar(std::string_view f, const DataType& t, Col* out) {
  switch (t.id()) {
    case TypeId::kBool:
      return f == "b";
    case TypeId::kInt8:
      return f == "c";
    case TypeId::kInt16:
      return f == "s";
    case TypeId::kInt32:
      return f == "i";
    case TypeId::kInt64:
      return f == "l";
    case TypeId::kFloat32:
      return f == "f";
    case TypeId::kFloat64:
      return f == "g";
    case TypeId::kDate32:
      return f == "tdD";
    case TypeId::kTime:
      if (f != "ttu" && f != "ttn") return false;
      ZR_RETURN_NOT_OK(BindUnit(f, 2, out));
      return true;
    case TypeId::kDuration:
      if (f.size() != 3 || f.substr(0, 2) != "tD") return false;
      ZR_RETURN_NOT_OK(BindUnit(f, 2, out));
      return true;
    case TypeId::kDecimal: {
      std::string d = "d:" + std::to_string(t.precision()) + "," + std::to_string(t.scale());
      return f == d || f == d + ",128";
    }
    case TypeId::kString:
      out->large = f == "U";
      return f == "u" || f == "U";
    case TypeId::kBinary:
      out->large = f == "Z";
      return f == "z" || f == "Z";
    default:
      return Status::Unsupported("not a scalar type");
  }
}

Status BindTimestamp(std::string_view f, const DataType& t, const std::string& path, Col* out) {
  if (f.size() < 4 || f.substr(0, 2) != "ts" || f[3] != ':') return WrongFormat(t, f, path);
  if (f.substr(4) != t.tz())
    return Mismatch(path, "expected time zone \"" + t.tz() + "\" but found \"" + std::string(f.substr(4)) + "\"");
  return BindUnit(f, 2, out);
}

Status BindList(const ArrowArray* a, const ArrowSchema* s, const DataType& t, const std::string& path, Col* out) {
  std::string_view f(s->format);
  out->large = f == "+L";
  if ((f != "+l" && f != "+L") || s->n_children != 1 || a->n_children != 1) return WrongFormat(t, f, path);
  out->children.resize(1);
  return Bind(a->children[0], s->children[0], *t.element(), path + "[]", &out->children[0]);
}

// A map is a list of a non-nullable "entries" struct of (key, value).
Status BindMap(const ArrowArray* a, const ArrowSchema* s, const DataType& t, const std::string& path, Col* out) {
  if (std::string_view(s->format) != "+m" || s->n_children != 1 || a->n_children != 1)
    return WrongFormat(t, s->format, path);
  const ArrowSchema* es = s->children[0];
  const ArrowArray* ea = a->children[0];
  if (es == nullptr || es->n_children != 2 || ea->n_children != 2 || ea->children == nullptr || es->children == nullptr)
    return Mismatch(path, "map entries must have 2 children");
  ZR_RETURN_NOT_OK(CheckShape(ea, *struct_({}), path));
  for (int c = 0; c < 2; ++c) ZR_RETURN_NOT_OK(CheckChildLength(ea, ea->children[c], path));
  out->children.resize(2);
  // children[0]/[1] are the key/value arrays; their Phys() adds the entries' offset too.
  ZR_RETURN_NOT_OK(Bind(ea->children[0], es->children[0], *t.key(), path + "{keys}", &out->children[0]));
  ZR_RETURN_NOT_OK(Bind(ea->children[1], es->children[1], *t.value(), path + "{values}", &out->children[1]));
  out->entries_offset = ea->offset;
  return Status::OK();
}

// Struct children are matched by position and must carry the field's name.
Status BindStruct(const ArrowArray* a, const ArrowSchema* s, const DataType& t, const std::string& path, Col* out) {
  if (std::string_view(s->format) != "+s" || s->n_children != t.num_fields() || a->n_children != t.num_fields())
    return WrongFormat(t, s->format, path);
  out->children.resize(t.num_fields());
  for (int i = 0; i < t.num_fields(); ++i) {
    const std::string& name = t.fields()[i].name;
    std::string fp = path.empty() ? name : path + "." + name;
    const char* arrow_name = s->children[i]->name;
    if (arrow_name == nullptr || name != arrow_name)
      return Mismatch(fp, "expected field name \"" + name + "\" but found \"" + (arrow_name ? arrow_name : "") + "\"");
    ZR_RETURN_NOT_OK(Bind(a->children[i], s->children[i], *t.fields()[i].type, fp, &out->children[i]));
  }
  return Status::OK();
}

Status BindType(const ArrowArray* a, const ArrowSchema* s, const DataType& t, const std::string& path, Col* out) {
  out->a = a;
  out->t = &t;
  switch (t.id()) {
    case TypeId::kTimestamp:
      return BindTimestamp(s->format, t, path, out);
    case TypeId::kList:
      return BindList(a, s, t, path, out);
    case TypeId::kMap:
      return BindMap(a, s, t, path, out);
    case TypeId::kStruct:
      return BindStruct(a, s, t, path, out);
    default: {
      ZR_ASSIGN_OR_RETURN(bool ok, BindScalar(s->format, t, out));
      return ok ? Status::OK() : WrongFormat(t, s->format, path);
    }
  }
}

// Offsets (string, binary, list, map) and child lengths (struct) of a bound array.
Status CheckBound(const ArrowArray* a, const DataType& t, bool large, const std::string& path) {
  switch (t.id()) {
    case TypeId::kString:
    case TypeId::kBinary:
      return large ? CheckOffsets<int64_t>(a, -1, path) : CheckOffsets<int32_t>(a, -1, path);
    case TypeId::kList:
    case TypeId::kMap: {
      const int64_t child_length = a->children[0]->length;
      return large ? CheckOffsets<int64_t>(a, child_length, path) : CheckOffsets<int32_t>(a, child_length, path);
    }
    case TypeId::kStruct:
      for (int64_t c = 0; c < a->n_children; ++c) ZR_RETURN_NOT_OK(CheckChildLength(a, a->children[c], path));
      return Status::OK();
    default:
      return Status::OK();
  }
}

}  // namespace

Status Bind(const ArrowArray* a, const ArrowSchema* s, const DataType& t, const std::string& path, Col* out) {
  if (a == nullptr || s == nullptr || s->format == nullptr) return Mismatch(path, "missing Arrow array or schema");
  if (s->dictionary != nullptr) return Status::Error(ErrorKind::kUnsupported, "dictionary-encoded column", path);
  if (s->n_children > 0 && s->children == nullptr) return Mismatch(path, "missing Arrow schema children");
  for (int64_t c = 0; c < s->n_children; ++c) {
    if (s->children[c] == nullptr) return Mismatch(path, "missing Arrow schema child");
  }
  ZR_RETURN_NOT_OK(CheckShape(a, t, path));
  ZR_RETURN_NOT_OK(BindType(a, s, t, path, out));
  return CheckBound(a, t, out->large, path);
}

}  // namespace zerorow::arrow_io::internal

// Binding Arrow arrays to zerorow types for the import: the Arrow type's SPEC §12.2 mapping
// must read as the target type (equal, or a widening of SPEC §13.3), and every array's
// buffers, children, lengths, offsets, views, dictionaries and run ends are checked before
// anything reads them. The C Data Interface gives no buffer sizes, so lengths, offsets and
// indices are all that can be checked.
#include <cstring>
#include <string>
#include <string_view>

#include "import_internal.h"
#include "zerorow/resolve.h"

namespace zerorow::arrow_io::internal {
namespace {

Status Corrupt(const std::string& path, const std::string& what, std::optional<int64_t> expected = std::nullopt,
               std::optional<int64_t> actual = std::nullopt) {
  return Status::Error(ErrorKind::kInvalidData, "Arrow array: " + what, path, expected, actual);
}

Status Mismatch(const DataType& t, const ArrowSchema* s, const std::string& path, const std::string& why = {}) {
  return Status::Error(ErrorKind::kSchemaMismatch,
                       "expected an Arrow column for " + t.ToJson() + " but found Arrow type " + ArrowTypeName(s) + why,
                       path);
}

std::string Join(const std::string& path, const std::string& name) { return path.empty() ? name : path + "." + name; }

// The buffer count each layout has in the C Data Interface (views: at least 3).
int64_t BufferCount(const Format& f) {
  switch (f.source) {
    case Source::kNull:
    case Source::kRunEnd:
      return 0;
    case Source::kStruct:
    case Source::kVariant:
    case Source::kFixedSizeList:
      return 1;
    case Source::kBinary:
    case Source::kListView:
      return 3;
    case Source::kBinaryView:
      return 2;  // validity, views; then the variadic data buffers and their sizes (CheckViews)
    case Source::kBool:
    case Source::kSigned:
    case Source::kUnsigned:
    case Source::kFloat16:
    case Source::kFloat32:
    case Source::kFloat64:
    case Source::kDecimal:
    case Source::kDate32:
    case Source::kDate64:
    case Source::kTime:
    case Source::kTimestamp:
    case Source::kDuration:
    case Source::kMonths:
    case Source::kDayTime:
    case Source::kMonthDayNano:
    case Source::kFixedSizeBinary:
    case Source::kList:
    case Source::kMap:
    case Source::kDictionary:
      return 2;
  }
  return 2;
}

// Lengths, buffers and children present before anything is read.
Status CheckShape(const ArrowArray* a, const Format& f, int64_t children, const std::string& path) {
  if (a->length < 0 || a->offset < 0 || a->length > (int64_t{1} << 40) || a->offset > (int64_t{1} << 40))
    return Corrupt(
        path, "negative or implausible length " + std::to_string(a->length) + " / offset " + std::to_string(a->offset));
  const int64_t want = BufferCount(f);
  if (a->n_buffers < want || (want > 0 && a->buffers == nullptr))
    return Corrupt(path, "expected " + std::to_string(want) + " buffers but found " + std::to_string(a->n_buffers),
                   want, a->n_buffers);
  for (int64_t b = 1; b < want; ++b) {
    if (a->buffers[b] == nullptr && a->length > 0) return Corrupt(path, "buffer " + std::to_string(b) + " is missing");
  }
  if (a->n_children < children)
    return Corrupt(path,
                   "expected " + std::to_string(children) + " children but found " + std::to_string(a->n_children),
                   children, a->n_children);
  if (a->n_children > 0 && a->children == nullptr) return Corrupt(path, "children are missing");
  for (int64_t c = 0; c < children; ++c) {
    if (a->children[c] == nullptr) return Corrupt(path, "child " + std::to_string(c) + " is missing");
  }
  return Status::OK();
}

// Offsets of values [offset, offset + length] of a binary/list/map array: from >= 0, never
// decreasing, and (lists, maps) ending within the child's length.
template <typename O>
Status CheckOffsets(const ArrowArray* a, int64_t child_length, const std::string& path) {
  const O* o = static_cast<const O*>(a->buffers[1]);
  // Length 0: no offset is read later, and the buffer may hold none (Arrow's IPC writers
  // send an empty one).
  if (o == nullptr || a->length == 0) return Status::OK();
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

Status CheckOffsets(const ArrowArray* a, int width, int64_t child_length, const std::string& path) {
  return width == 8 ? CheckOffsets<int64_t>(a, child_length, path) : CheckOffsets<int32_t>(a, child_length, path);
}

Status CheckChildLength(const ArrowArray* child, int64_t need, const std::string& path) {
  if (child->length < need)
    return Corrupt(
        path, "expected a child of length >= " + std::to_string(need) + " but found " + std::to_string(child->length),
        need, child->length);
  return Status::OK();
}

// List views: each non-null value's offset and size within the child.
template <typename O>
Status CheckListView(const Col& c, int64_t child_length, const std::string& path) {
  const O* off = static_cast<const O*>(c.a->buffers[1]);
  const O* size = static_cast<const O*>(c.a->buffers[2]);
  for (int64_t j = 0; j < c.a->length; ++j) {
    if (!c.Valid(j)) continue;
    const int64_t o = off[c.Phys(j)], n = size[c.Phys(j)];
    if (o < 0 || n < 0 || o > child_length || n > child_length - o)
      return Corrupt(path,
                     "list view value " + std::to_string(j) + " has offset " + std::to_string(o) + " and size " +
                         std::to_string(n) + " past the child's length " + std::to_string(child_length),
                     child_length, o + n);
  }
  return Status::OK();
}

// Binary views: each non-inline view's buffer index and range within its data buffer.
Status CheckViews(Col* c, const std::string& path) {
  const ArrowArray* a = c->a;
  c->data_buffers = a->n_buffers - 3;
  if (c->data_buffers < 0) return Corrupt(path, "a view array needs its buffer of variadic buffer sizes");
  if (a->length == 0) return Status::OK();
  c->data_sizes = static_cast<const int64_t*>(a->buffers[a->n_buffers - 1]);
  if (c->data_buffers > 0 && c->data_sizes == nullptr) return Corrupt(path, "the variadic buffer sizes are missing");
  const uint8_t* views = static_cast<const uint8_t*>(a->buffers[1]);
  for (int64_t j = 0; j < a->length; ++j) {
    if (!c->Valid(j)) continue;
    const uint8_t* v = views + 16 * c->Phys(j);
    int32_t len, buf, off;
    std::memcpy(&len, v, 4);
    if (len < 0) return Corrupt(path, "view " + std::to_string(j) + " has a negative length");
    if (len <= 12) continue;
    std::memcpy(&buf, v + 8, 4);
    std::memcpy(&off, v + 12, 4);
    if (buf < 0 || buf >= c->data_buffers || a->buffers[2 + buf] == nullptr)
      return Corrupt(path,
                     "view " + std::to_string(j) + " names data buffer " + std::to_string(buf) + " of " +
                         std::to_string(c->data_buffers),
                     c->data_buffers, buf);
    if (off < 0 || static_cast<int64_t>(off) + len > c->data_sizes[buf])
      return Corrupt(path,
                     "view " + std::to_string(j) + " ends at " + std::to_string(static_cast<int64_t>(off) + len) +
                         " past its data buffer's " + std::to_string(c->data_sizes[buf]) + " bytes",
                     c->data_sizes[buf], static_cast<int64_t>(off) + len);
  }
  return Status::OK();
}

// Run ends: int16/32/64, strictly increasing, positive, covering offset + length; the values
// child holds one value per run.
Status CheckRunEnds(const Col& c, const std::string& path) {
  const Col& ends = c.children[0];
  const ArrowArray* e = ends.a;
  if (e->null_count != 0 && e->buffers[0] != nullptr) {
    for (int64_t k = 0; k < e->length; ++k) {
      if (!ends.Valid(k)) return Corrupt(path, "run end " + std::to_string(k) + " is null");
    }
  }
  int64_t prev = 0;
  for (int64_t k = 0; k < e->length; ++k) {
    const int64_t p = ends.Phys(k);
    int64_t v = ends.f.width == 2   ? static_cast<const int16_t*>(e->buffers[1])[p]
                : ends.f.width == 4 ? static_cast<const int32_t*>(e->buffers[1])[p]
                                    : static_cast<const int64_t*>(e->buffers[1])[p];
    if (v <= prev)
      return Corrupt(path,
                     "run ends must be positive and increasing, but run " + std::to_string(k) + " ends at " +
                         std::to_string(v) + " after " + std::to_string(prev),
                     prev + 1, v);
    prev = v;
  }
  const int64_t need = c.a->offset + c.a->length;
  if (c.a->length > 0 && prev < need)
    return Corrupt(path, "the runs end at " + std::to_string(prev) + " but the array needs " + std::to_string(need),
                   need, prev);
  return CheckChildLength(c.children[1].a, e->length, path);
}

Status BindStructFields(const ArrowArray* a, const ArrowSchema* s, const DataType& t, const std::string& path,
                        bool strict, Col* out);

// The value layouts: the target must accept the mapped type, and the children bind to the
// target's children.
Status BindValues(const ArrowArray* a, const ArrowSchema* s, const DataType& t, const std::string& path, bool strict,
                  Col* out) {
  const Format& f = out->f;
  switch (f.source) {
    case Source::kNull:
      return CheckShape(a, f, 0, path);  // a null reads as any type (SPEC §13.3)
    case Source::kList:
    case Source::kListView:
    case Source::kFixedSizeList: {
      if (t.id() != TypeId::kList || s->n_children != 1) return Mismatch(t, s, path);
      ZR_RETURN_NOT_OK(CheckShape(a, f, 1, path));
      out->children.resize(1);
      ZR_RETURN_NOT_OK(Bind(a->children[0], s->children[0], *t.element(), path + "[]", strict, &out->children[0]));
      const int64_t child_length = a->children[0]->length;
      if (f.source == Source::kList) return CheckOffsets(a, f.width, child_length, path);
      if (f.source == Source::kFixedSizeList)
        return CheckChildLength(a->children[0], (a->offset + a->length) * static_cast<int64_t>(f.fixed), path);
      return f.width == 8 ? CheckListView<int64_t>(*out, child_length, path)
                          : CheckListView<int32_t>(*out, child_length, path);
    }
    case Source::kMap: {
      if (t.id() != TypeId::kMap || s->n_children != 1) return Mismatch(t, s, path);
      ZR_RETURN_NOT_OK(CheckShape(a, f, 1, path));
      const ArrowSchema* es = s->children[0];
      const ArrowArray* ea = a->children[0];
      if (es == nullptr || es->n_children != 2 || ea->n_children != 2 || ea->children == nullptr ||
          es->children == nullptr || ea->children[0] == nullptr || ea->children[1] == nullptr)
        return Corrupt(path, "map entries must have 2 children");
      Format entries;
      entries.source = Source::kStruct;
      ZR_RETURN_NOT_OK(CheckShape(ea, entries, 2, path));
      for (int c = 0; c < 2; ++c) ZR_RETURN_NOT_OK(CheckChildLength(ea->children[c], ea->offset + ea->length, path));
      out->children.resize(2);
      ZR_RETURN_NOT_OK(Bind(ea->children[0], es->children[0], *t.key(), path + "{keys}", strict, &out->children[0]));
      ZR_RETURN_NOT_OK(
          Bind(ea->children[1], es->children[1], *t.value(), path + "{values}", strict, &out->children[1]));
      out->entries_offset = ea->offset;
      return CheckOffsets(a, 4, ea->length, path);
    }
    case Source::kStruct:
      if (t.id() != TypeId::kStruct) return Mismatch(t, s, path);
      return BindStructFields(a, s, t, path, strict, out);
    case Source::kVariant: {
      if (t.id() != TypeId::kVariant) return Mismatch(t, s, path);
      ZR_RETURN_NOT_OK(CheckShape(a, f, 2, path));
      ZR_RETURN_NOT_OK(MapType(s, path).status());  // the storage is struct<metadata, value>
      out->children.resize(2);
      for (int64_t k = 0; k < 2; ++k) {
        const bool meta = std::strcmp(s->children[k]->name, "metadata") == 0;
        Col& child = out->children[meta ? 0 : 1];
        static const DataTypePtr kBinary = binary();  // outlives every Col bound to it
        ZR_RETURN_NOT_OK(Bind(a->children[k], s->children[k], *kBinary, path, strict, &child));
        ZR_RETURN_NOT_OK(CheckChildLength(a->children[k], a->offset + a->length, path));
      }
      return Status::OK();
    }
    case Source::kBool:
    case Source::kSigned:
    case Source::kUnsigned:
    case Source::kFloat16:
    case Source::kFloat32:
    case Source::kFloat64:
    case Source::kDecimal:
    case Source::kDate32:
    case Source::kDate64:
    case Source::kTime:
    case Source::kTimestamp:
    case Source::kDuration:
    case Source::kMonths:
    case Source::kDayTime:
    case Source::kMonthDayNano:
    case Source::kBinary:
    case Source::kBinaryView:
    case Source::kFixedSizeBinary: {
      ZR_ASSIGN_OR_RETURN(DataTypePtr mapped, MapType(s, path));
      if (!ReadsAs(*mapped, t))
        return Mismatch(t, s, path, " (SPEC §12.2 reads it as " + mapped->ToJson() + ", which does not widen to it)");
      ZR_RETURN_NOT_OK(CheckShape(a, f, 0, path));
      if (f.source == Source::kBinary) return CheckOffsets(a, f.width, -1, path);
      if (f.source == Source::kBinaryView) return CheckViews(out, path);
      return Status::OK();
    }
    case Source::kDictionary:
    case Source::kRunEnd:
      break;  // Bind handles them
  }
  return Mismatch(t, s, path);
}

Status BindStructFields(const ArrowArray* a, const ArrowSchema* s, const DataType& t, const std::string& path,
                        bool strict, Col* out) {
  ZR_RETURN_NOT_OK(CheckShape(a, out->f, s->n_children, path));
  if (a->n_children != s->n_children)
    return Corrupt(
        path,
        "the array has " + std::to_string(a->n_children) + " children, its schema " + std::to_string(s->n_children),
        s->n_children, a->n_children);
  out->children.resize(t.num_fields());
  for (int i = 0; i < t.num_fields(); ++i) {
    const std::string& name = t.fields()[i].name;
    const std::string fp = Join(path, name);
    int64_t k = -1;
    for (int64_t c = 0; c < s->n_children && k < 0; ++c) {
      if (s->children[c]->name != nullptr && name == s->children[c]->name) k = c;
    }
    if (k < 0) {
      std::string names;
      for (int64_t c = 0; c < s->n_children; ++c)
        names += (c ? ", " : "") + std::string(s->children[c]->name ? s->children[c]->name : "");
      return Status::Error(ErrorKind::kSchemaMismatch,
                           "the Arrow data has no column '" + name + "' (its columns: " + names + ")", fp);
    }
    ZR_RETURN_NOT_OK(Bind(a->children[k], s->children[k], *t.fields()[i].type, fp, strict, &out->children[i]));
    ZR_RETURN_NOT_OK(CheckChildLength(a->children[k], a->offset + a->length, fp));
  }
  return Status::OK();
}

}  // namespace

Status Bind(const ArrowArray* a, const ArrowSchema* s, const DataType& t, const std::string& path, bool strict,
            Col* out) {
  if (a == nullptr || s == nullptr || s->format == nullptr)
    return Status::Error(ErrorKind::kSchemaMismatch, "missing Arrow array or schema", path);
  if (s->n_children > 0 && s->children == nullptr)
    return Status::Error(ErrorKind::kInvalidData, "missing Arrow schema children", path);
  for (int64_t c = 0; c < s->n_children; ++c) {
    if (s->children[c] == nullptr) return Status::Error(ErrorKind::kInvalidData, "missing Arrow schema child", path);
  }
  out->a = a;
  out->t = &t;
  out->strict = strict;
  ZR_ASSIGN_OR_RETURN(out->f, ParseFormat(s, path));
  out->arrow_name = ArrowTypeName(s);
  switch (out->f.source) {
    case Source::kDictionary: {
      ZR_RETURN_NOT_OK(CheckShape(a, out->f, 0, path));
      if (a->dictionary == nullptr) return Corrupt(path, "the dictionary is missing");
      out->children.resize(1);
      return Bind(a->dictionary, s->dictionary, t, path, strict, &out->children[0]);
    }
    case Source::kRunEnd: {
      ZR_RETURN_NOT_OK(MapType(s, path).status());  // run ends of an integer type, two children
      ZR_RETURN_NOT_OK(CheckShape(a, out->f, 2, path));
      out->children.resize(2);
      Format ends;
      ZR_ASSIGN_OR_RETURN(ends, ParseFormat(s->children[0], path));
      ZR_RETURN_NOT_OK(CheckShape(a->children[0], ends, 0, path));
      out->children[0].a = a->children[0];
      out->children[0].f = ends;
      out->children[0].t = &t;
      ZR_RETURN_NOT_OK(Bind(a->children[1], s->children[1], t, path, strict, &out->children[1]));
      return CheckRunEnds(*out, path);
    }
    case Source::kNull:
    case Source::kBool:
    case Source::kSigned:
    case Source::kUnsigned:
    case Source::kFloat16:
    case Source::kFloat32:
    case Source::kFloat64:
    case Source::kDecimal:
    case Source::kDate32:
    case Source::kDate64:
    case Source::kTime:
    case Source::kTimestamp:
    case Source::kDuration:
    case Source::kMonths:
    case Source::kDayTime:
    case Source::kMonthDayNano:
    case Source::kBinary:
    case Source::kBinaryView:
    case Source::kFixedSizeBinary:
    case Source::kList:
    case Source::kListView:
    case Source::kFixedSizeList:
    case Source::kMap:
    case Source::kStruct:
    case Source::kVariant:
      return BindValues(a, s, t, path, strict, out);
  }
  return Mismatch(t, s, path);
}

Status BindTop(const ArrowArray* a, const ArrowSchema* s, const DataType& st, bool strict, Col* out) {
  if (a == nullptr || s == nullptr || s->format == nullptr)
    return Status::Error(ErrorKind::kSchemaMismatch, "missing Arrow array or schema");
  if (std::string_view(s->format) != "+s" || s->dictionary != nullptr)
    return Status::Error(ErrorKind::kSchemaMismatch,
                         "expected an Arrow struct of columns but found " + ArrowTypeName(s));
  return Bind(a, s, st, "", strict, out);
}

}  // namespace zerorow::arrow_io::internal

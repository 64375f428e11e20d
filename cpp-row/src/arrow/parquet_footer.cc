// PatchParquetFooter: a Thrift compact-protocol walk of FileMetaData's schema list (field 2),
// everything else copied byte for byte. Every read is bounds-checked; nesting is capped; the
// work is linear in the footer's size (paths are built for marked elements only, and cut).
#include "zerorow/arrow/parquet_footer.h"

#include <algorithm>
#include <climits>
#include <set>

namespace zerorow::arrow_io {
namespace {

// Compact protocol type codes.
constexpr uint8_t kTrue = 1, kFalse = 2, kByte = 3, kI16 = 4, kI32 = 5, kI64 = 6, kDouble = 7, kBinary = 8, kList = 9,
                  kSet = 10, kMap = 11, kStruct = 12;
constexpr int kMaxDepth = 64;
// A mark's path names at most this many levels (the innermost): it is for messages only, and a
// footer of nested groups must not cost quadratic time or memory.
constexpr int kMaxPathLevels = 64;
// SchemaElement fields, ConvertedType and LogicalType members used here.
constexpr int16_t kType = 1, kName = 4, kNumChildren = 5, kConvertedType = 6, kFieldId = 9, kLogicalType = 10;
constexpr int64_t kConvertedInterval = 21, kPhysicalByteArray = 6;
constexpr int16_t kLogicalVariant = 16;

Status Broken(const std::string& what) {
  return Status::Error(ErrorKind::kInvalidData, "the Parquet footer is broken: " + what);
}

struct Reader {
  std::span<const uint8_t> b;
  size_t pos = 0;

  Result<uint64_t> Varint() {
    uint64_t r = 0;
    for (int shift = 0; shift < 64; shift += 7) {
      if (pos >= b.size()) return Broken("a varint runs past its end");
      const uint8_t c = b[pos++];
      r |= uint64_t{c & 0x7Fu} << shift;
      if (c < 0x80) return r;
    }
    return Broken("a varint of more than 10 bytes");
  }
  Result<int64_t> ZigZag() {
    ZR_ASSIGN_OR_RETURN(uint64_t n, Varint());
    return static_cast<int64_t>(n >> 1) ^ -static_cast<int64_t>(n & 1);
  }
  Result<uint8_t> Byte() {
    if (pos >= b.size()) return Broken("a value runs past its end");
    return b[pos++];
  }
  Status Skip(size_t n) {
    if (n > b.size() - pos) return Broken("a value runs past its end");
    pos += n;
    return Status::OK();
  }
  // A field header: its id (after the previous one, `last`) and type; type 0 ends the struct.
  Status Header(int16_t* last, int16_t* id, uint8_t* type) {
    ZR_ASSIGN_OR_RETURN(uint8_t h, Byte());
    *type = h & 0x0F;
    if (*type == 0) return Status::OK();
    if (h >> 4) {
      *id = static_cast<int16_t>(*last + (h >> 4));
    } else {
      ZR_ASSIGN_OR_RETURN(int64_t v, ZigZag());
      if (v < INT16_MIN || v > INT16_MAX) return Broken("a field id past int16");
      *id = static_cast<int16_t>(v);
    }
    *last = *id;
    return Status::OK();
  }
  // An element of a list, set or map: a bool there is a byte of its own (in a struct field it
  // is the header's type).
  Status SkipElement(uint8_t type, int depth) {
    if (type == kTrue || type == kFalse) return Skip(1);
    return SkipValue(type, depth);
  }
  Status SkipValue(uint8_t type, int depth) {
    if (depth > kMaxDepth) return Broken("values nested more than 64 deep");
    switch (type) {
      case kTrue:
      case kFalse:
        return Status::OK();
      case kByte:
        return Skip(1);
      case kI16:
      case kI32:
      case kI64:
        return Varint().status();
      case kDouble:
        return Skip(8);
      case kBinary: {
        ZR_ASSIGN_OR_RETURN(uint64_t n, Varint());
        return Skip(n);
      }
      case kList:
      case kSet: {
        ZR_ASSIGN_OR_RETURN(uint8_t h, Byte());
        uint64_t n = h >> 4;
        if (n == 15) {
          ZR_ASSIGN_OR_RETURN(n, Varint());
        }
        // Every element takes a byte at least: a count past the bytes left is broken (and the
        // loop below is bounded by the footer's size).
        if (n > b.size() - pos) return Broken("a list of more elements than the footer has bytes");
        const uint8_t et = h & 0x0F;
        for (uint64_t k = 0; k < n; ++k) ZR_RETURN_NOT_OK(SkipElement(et, depth + 1));
        return Status::OK();
      }
      case kMap: {
        ZR_ASSIGN_OR_RETURN(uint64_t n, Varint());
        if (n == 0) return Status::OK();
        ZR_ASSIGN_OR_RETURN(uint8_t h, Byte());
        if (n > (b.size() - pos) / 2) return Broken("a map of more entries than the footer has bytes");
        for (uint64_t k = 0; k < n; ++k) {
          ZR_RETURN_NOT_OK(SkipElement(h >> 4, depth + 1));
          ZR_RETURN_NOT_OK(SkipElement(h & 0x0F, depth + 1));
        }
        return Status::OK();
      }
      case kStruct: {
        int16_t last = 0, id = 0;
        while (true) {
          uint8_t t = 0;
          ZR_RETURN_NOT_OK(Header(&last, &id, &t));
          if (t == 0) return Status::OK();
          ZR_RETURN_NOT_OK(SkipValue(t, depth + 1));
        }
      }
    }
    return Broken("unknown value type " + std::to_string(type));
  }
};

struct Field {
  int16_t id;
  uint8_t type;
  size_t begin, end;  // the value's bytes
};

struct Element {
  size_t begin = 0, end = 0;  // the struct's bytes (stop byte included)
  std::vector<Field> fields;
  std::string name;
  int64_t num_children = 0, converted = -1, physical = -1;
  std::optional<int32_t> field_id;
  int16_t logical = 0;  // the LogicalType union's member, 0 when absent
  int parent = -1;
};

// The dotted path of element i (the root's children are at the top), its outer levels past
// kMaxPathLevels given as "...".
std::string PathOf(const std::vector<Element>& elements, size_t i) {
  std::vector<const std::string*> names;
  int at = static_cast<int>(i);
  while (at > 0 && names.size() < kMaxPathLevels) {
    names.push_back(&elements[static_cast<size_t>(at)].name);
    at = elements[static_cast<size_t>(at)].parent;
  }
  std::string path = at > 0 ? "..." : "";
  for (auto it = names.rbegin(); it != names.rend(); ++it) path += (path.empty() ? "" : ".") + **it;
  return path;
}

Result<Element> ReadElement(Reader& r) {
  Element e;
  e.begin = r.pos;
  int16_t last = 0, id = 0;
  while (true) {
    uint8_t t = 0;
    ZR_RETURN_NOT_OK(r.Header(&last, &id, &t));
    if (t == 0) break;
    const size_t begin = r.pos;
    Reader v{r.b, r.pos};
    if (id == kName && t == kBinary) {
      ZR_ASSIGN_OR_RETURN(uint64_t n, v.Varint());
      ZR_RETURN_NOT_OK(v.Skip(n));
      e.name.assign(reinterpret_cast<const char*>(r.b.data()) + v.pos - n, n);
    } else if ((id == kNumChildren || id == kConvertedType || id == kFieldId || id == kType) && t == kI32) {
      ZR_ASSIGN_OR_RETURN(int64_t n, v.ZigZag());
      if (id == kNumChildren) e.num_children = n;
      if (id == kConvertedType) e.converted = n;
      if (id == kType) e.physical = n;
      if (id == kFieldId) e.field_id = static_cast<int32_t>(n);
    } else if (id == kLogicalType && t == kStruct) {
      int16_t ulast = 0, uid = 0;
      uint8_t ut = 0;
      ZR_RETURN_NOT_OK(v.Header(&ulast, &uid, &ut));
      if (ut != 0) e.logical = uid;
    }
    ZR_RETURN_NOT_OK(r.SkipValue(t, 1));
    e.fields.push_back({id, t, begin, r.pos});
  }
  e.end = r.pos;
  return e;
}

void PutVarint(std::string* out, uint64_t n) {
  while (n >= 0x80) {
    out->push_back(static_cast<char>((n & 0x7F) | 0x80));
    n >>= 7;
  }
  out->push_back(static_cast<char>(n));
}

void PutHeader(std::string* out, int16_t* last, int16_t id, uint8_t type) {
  const int delta = id - *last;
  if (delta > 0 && delta <= 15) {
    out->push_back(static_cast<char>((delta << 4) | type));
  } else {
    out->push_back(static_cast<char>(type));
    PutVarint(out, (static_cast<uint64_t>(id) << 1) ^ static_cast<uint64_t>(int64_t{id} >> 63));
  }
  *last = id;
}

// Element `e` without its logical type and with field id `id`.
void Rewrite(std::span<const uint8_t> b, const Element& e, int32_t id, std::string* out) {
  std::vector<Field> fields;
  for (const Field& f : e.fields)
    if (f.id != kLogicalType && f.id != kFieldId) fields.push_back(f);
  std::string value;
  PutVarint(&value, (static_cast<uint64_t>(static_cast<uint32_t>(id)) << 1) ^ static_cast<uint64_t>(int64_t{id} >> 63));
  fields.push_back({kFieldId, kI32, 0, 0});
  std::stable_sort(fields.begin(), fields.end(), [](const Field& x, const Field& y) { return x.id < y.id; });
  int16_t last = 0;
  for (const Field& f : fields) {
    PutHeader(out, &last, f.id, f.type);
    if (f.id == kFieldId)
      out->append(value);
    else
      out->append(reinterpret_cast<const char*>(b.data()) + f.begin, f.end - f.begin);
  }
  out->push_back('\0');
}

}  // namespace

Result<PatchedFooter> PatchParquetFooter(std::span<const uint8_t> footer) {
  Reader r{footer, 0};
  int16_t last = 0, id = 0;
  size_t list_begin = 0, list_end = 0;
  std::vector<Element> elements;
  while (true) {
    uint8_t t = 0;
    ZR_RETURN_NOT_OK(r.Header(&last, &id, &t));
    if (t == 0) break;
    if (id != 2 || t != kList) {
      ZR_RETURN_NOT_OK(r.SkipValue(t, 1));
      continue;
    }
    if (list_end != 0) return Broken("the schema (field 2) appears twice");
    ZR_ASSIGN_OR_RETURN(uint8_t h, r.Byte());
    uint64_t n = h >> 4;
    if (n == 15) {
      ZR_ASSIGN_OR_RETURN(n, r.Varint());
    }
    if ((h & 0x0F) != kStruct) return Broken("the schema is not a list of SchemaElement");
    if (n > footer.size()) return Broken("the schema has more elements than the footer has bytes");
    list_begin = r.pos;
    for (uint64_t k = 0; k < n; ++k) {
      ZR_ASSIGN_OR_RETURN(Element e, ReadElement(r));
      elements.push_back(std::move(e));
    }
    list_end = r.pos;
  }
  // Parents: element 0 is the root, each group's children follow it depth first.
  std::vector<std::pair<int64_t, int>> open;  // children still to come, the group's index
  std::vector<std::vector<int>> kids(elements.size());
  for (size_t i = 0; i < elements.size(); ++i) {
    Element& e = elements[i];
    if (!open.empty()) {
      e.parent = open.back().second;
      kids[static_cast<size_t>(e.parent)].push_back(static_cast<int>(i));
      --open.back().first;
    }
    if (e.num_children < 0 || e.num_children > static_cast<int64_t>(elements.size()))
      return Broken("element '" + e.name + "' has " + std::to_string(e.num_children) + " children");
    if (e.num_children > 0) open.emplace_back(e.num_children, static_cast<int>(i));
    while (!open.empty() && open.back().first == 0) open.pop_back();
  }
  PatchedFooter out;
  std::set<int32_t> used;
  for (const Element& e : elements)
    if (e.field_id) used.insert(*e.field_id);
  int32_t fresh = INT32_MAX;
  std::vector<int32_t> ids(elements.size(), -1);
  for (size_t i = 1; i < elements.size(); ++i) {
    const Element& e = elements[i];
    ParquetMark m;
    if (e.converted == kConvertedInterval && e.num_children == 0) {
      m.kind = ParquetMark::Kind::kInterval;
    } else if (e.logical == kLogicalVariant && e.num_children > 0) {
      const std::vector<int>& k = kids[i];
      auto binary = [&](int c, const char* name) {
        const Element& x = elements[static_cast<size_t>(c)];
        return x.name == name && x.num_children == 0 && x.physical == kPhysicalByteArray;
      };
      const bool plain = k.size() == 2 && binary(k[0], "metadata") && binary(k[1], "value");
      m.kind = plain ? ParquetMark::Kind::kVariant : ParquetMark::Kind::kShreddedVariant;
    } else {
      continue;
    }
    while (used.count(fresh)) --fresh;
    used.insert(fresh);
    m.field_id = fresh;
    m.original_field_id = e.field_id;
    m.path = PathOf(elements, i);
    ids[i] = fresh;
    out.marks.push_back(std::move(m));
  }
  if (out.marks.empty()) return out;
  const char* raw = reinterpret_cast<const char*>(footer.data());
  out.footer.assign(raw, list_begin);
  for (size_t i = 0; i < elements.size(); ++i) {
    const Element& e = elements[i];
    if (ids[i] >= 0)
      Rewrite(footer, e, ids[i], &out.footer);
    else
      out.footer.append(raw + e.begin, e.end - e.begin);
  }
  out.footer.append(raw + list_end, footer.size() - list_end);
  return out;
}

}  // namespace zerorow::arrow_io

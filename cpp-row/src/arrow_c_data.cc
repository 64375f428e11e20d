// Rows -> Arrow C Data (SPEC §12). Each column is built in one pass over the batch: the
// "cells" of a column (pointer to the slot/element, plus the enclosing region for bounds
// checks) are collected once, then fixed-width values are gathered in a tight loop and
// nested columns recurse on their children's cells. Top-level fixed-width and string/binary
// columns skip the cells: they are read straight from the rows, block by block (see
// ExportRowPointers), with the same bounds checks.
#include <algorithm>
#include <bit>
#include <cstring>
#include <string>

#include "arrow_c_data_internal.h"
#include "zerorow/validate.h"

namespace zerorow::arrow_io {

namespace internal {

void ReleaseArray(ArrowArray* a) {
  if (a == nullptr || a->release == nullptr) return;
  auto* priv = static_cast<ArrayPrivate*>(a->private_data);
  for (auto& child : priv->children) {
    if (child->release) child->release(child.get());
  }
  delete priv;
  a->release = nullptr;
}

void ReleaseSchema(ArrowSchema* s) {
  if (s == nullptr || s->release == nullptr) return;
  auto* priv = static_cast<SchemaPrivate*>(s->private_data);
  for (auto& child : priv->children) {
    if (child->release) child->release(child.get());
  }
  delete priv;
  s->release = nullptr;
}

std::string FormatOf(const DataType& t) {
  switch (t.id()) {
    case TypeId::kBool:
      return "b";
    case TypeId::kInt8:
      return "c";
    case TypeId::kInt16:
      return "s";
    case TypeId::kInt32:
      return "i";
    case TypeId::kInt64:
      return "l";
    case TypeId::kFloat32:
      return "f";
    case TypeId::kFloat64:
      return "g";
    case TypeId::kString:
      return "u";
    case TypeId::kBinary:
      return "z";
    case TypeId::kDate32:
      return "tdD";
    case TypeId::kTime:
      return "ttu";
    case TypeId::kTimestamp:
      return "tsu:" + t.tz();
    case TypeId::kDuration:
      return "tDu";
    case TypeId::kDecimal:
      return "d:" + std::to_string(t.precision()) + "," + std::to_string(t.scale());
    case TypeId::kList:
      return "+l";
    case TypeId::kMap:
      return "+m";
    case TypeId::kStruct:
      return "+s";
  }
  return "n";
}

}  // namespace internal

namespace {

using internal::ArrayPrivate;
using internal::Buffer;
using internal::SchemaPrivate;

// ---- schema ---------------------------------------------------------------------------------

void FillSchema(ArrowSchema* out, std::string format, std::string name, bool nullable, int64_t extra_flags) {
  auto* priv = new SchemaPrivate();
  priv->format = std::move(format);
  priv->name = std::move(name);
  out->format = priv->format.c_str();
  out->name = priv->name.c_str();
  out->metadata = nullptr;
  out->flags = (nullable ? ARROW_FLAG_NULLABLE : 0) | extra_flags;
  out->n_children = 0;
  out->children = nullptr;
  out->dictionary = nullptr;
  out->release = internal::ReleaseSchema;
  out->private_data = priv;
}

ArrowSchema* AddChild(ArrowSchema* parent) {
  auto* priv = static_cast<SchemaPrivate*>(parent->private_data);
  priv->children.push_back(std::make_unique<ArrowSchema>());
  priv->child_ptrs.push_back(priv->children.back().get());
  parent->n_children = static_cast<int64_t>(priv->children.size());
  parent->children = priv->child_ptrs.data();
  return priv->children.back().get();
}

void ExportType(const DataType& t, const std::string& name, bool nullable, ArrowSchema* out) {
  FillSchema(out, internal::FormatOf(t), name, nullable, 0);
  switch (t.id()) {
    case TypeId::kList:
      ExportType(*t.element(), "item", t.element_nullable(), AddChild(out));
      break;
    case TypeId::kMap: {
      ArrowSchema* entries = AddChild(out);
      FillSchema(entries, "+s", "entries", false, 0);
      ExportType(*t.key(), "key", false, AddChild(entries));
      ExportType(*t.value(), "value", t.value_nullable(), AddChild(entries));
      break;
    }
    case TypeId::kStruct:
      for (const Field& f : t.fields()) ExportType(*f.type, f.name, f.nullable, AddChild(out));
      break;
    default:
      break;
  }
}

// ---- cells ----------------------------------------------------------------------------------

// The values of one column: slot[k] points at the slot/element of value k (nullptr when
// null); region[k]/region_size[k] is its enclosing row or array, for the B2/B3 checks.
struct Cells {
  std::vector<const uint8_t*> slot, region;
  std::vector<uint32_t> region_size;
  // The bytes of all the input rows. A column of canonical rows cannot hold more elements,
  // entries or string bytes than that (bodies do not overlap, SPEC §6.3 rule e; every element
  // takes at least one byte): more means shared bodies, whose walk can grow exponentially.
  uint64_t budget = 0;
  size_t size() const { return slot.size(); }
  void Reserve(size_t n) {
    slot.reserve(n);
    region.reserve(n);
    region_size.reserve(n);
  }
  void Add(const uint8_t* s, const uint8_t* r, uint32_t rs) {
    slot.push_back(s);
    region.push_back(r);
    region_size.push_back(rs);
  }
  // B2: the body referenced by cell k.
  Result<std::span<const uint8_t>> Body(size_t k) const {
    uint64_t ref = detail::Load<uint64_t>(slot[k]);
    uint64_t off = ref >> 32, sz = ref & 0xffffffffu;
    if (off + sz > region_size[k])
      return Status::Error(
          ErrorKind::kInvalidData,
          "expected offset+size <= " + std::to_string(region_size[k]) + " but found " + std::to_string(off + sz), {},
          region_size[k], static_cast<int64_t>(off + sz));
    return std::span<const uint8_t>(region[k] + off, sz);
  }
};

Status OverBudget(const char* what, uint64_t count, uint64_t budget) {
  return Status::Error(ErrorKind::kInvalidData,
                       std::string("expected at most as many ") + what + " as the rows have bytes (" +
                           std::to_string(budget) + ") but found " + std::to_string(count) +
                           ": bodies are shared or overlap (SPEC §6.3 rule e)",
                       {}, static_cast<int64_t>(budget), static_cast<int64_t>(count));
}

ArrayPrivate* InitArray(ArrowArray* out, int64_t length, int n_buffers) {
  auto* priv = new ArrayPrivate();
  priv->buffers.resize(n_buffers);
  priv->buffer_ptrs.assign(n_buffers, nullptr);
  out->length = length;
  out->null_count = 0;
  out->offset = 0;
  out->n_buffers = n_buffers;
  out->n_children = 0;
  out->buffers = priv->buffer_ptrs.data();
  out->children = nullptr;
  out->dictionary = nullptr;
  out->release = internal::ReleaseArray;
  out->private_data = priv;
  return priv;
}

ArrowArray* AddChild(ArrowArray* parent) {
  auto* priv = static_cast<ArrayPrivate*>(parent->private_data);
  auto child = std::make_unique<ArrowArray>();
  child->release = nullptr;
  priv->children.push_back(std::move(child));
  priv->child_ptrs.push_back(priv->children.back().get());
  parent->n_children = static_cast<int64_t>(priv->children.size());
  parent->children = priv->child_ptrs.data();
  return priv->children.back().get();
}

void SetBuffer(ArrowArray* a, int index, Buffer buf) {
  auto* priv = static_cast<ArrayPrivate*>(a->private_data);
  priv->buffers[index] = std::move(buf);
  priv->buffer_ptrs[index] = priv->buffers[index].data();
}

// Validity bitmap from the cells; omitted (nullptr) when nothing is null.
void SetValidity(ArrowArray* a, const Cells& cells) {
  size_t n = cells.size();
  Buffer bits((n + 7) / 8);
  int64_t nulls = 0;
  uint8_t* b = bits.data();
  for (size_t k = 0; k < n; ++k) {
    bool valid = cells.slot[k] != nullptr;
    b[k >> 3] |= static_cast<uint8_t>(valid) << (k & 7);
    nulls += !valid;
  }
  a->null_count = nulls;
  if (nulls) SetBuffer(a, 0, std::move(bits));
}

template <typename T>
Buffer GatherFixed(const Cells& cells) {
  size_t n = cells.size();
  Buffer out(n * sizeof(T));
  T* dst = reinterpret_cast<T*>(out.data());
  const uint8_t* const* src = cells.slot.data();
  for (size_t k = 0; k < n; ++k) dst[k] = src[k] ? detail::Load<T>(src[k]) : T{};
  return out;
}

Status ExportColumn(const DataType& t, const Cells& cells, ArrowArray* out);

Status ExportVarBinary(const Cells& cells, bool utf8, ArrowArray* out) {
  size_t n = cells.size();
  Buffer offsets((n + 1) * 4);
  int32_t* off = reinterpret_cast<int32_t*>(offsets.data());
  std::vector<std::span<const uint8_t>> bodies(n);
  uint64_t total = 0;
  for (size_t k = 0; k < n; ++k) {
    off[k] = static_cast<int32_t>(total);
    if (!cells.slot[k]) continue;
    ZR_ASSIGN_OR_RETURN(bodies[k], cells.Body(k));
    total += bodies[k].size();
    if (total > cells.budget) return OverBudget("string/binary bytes", total, cells.budget);
    if (total > INT32_MAX)
      return Status::Unsupported("a string/binary column over 2 GiB needs large_utf8 (not exported)");
  }
  off[n] = static_cast<int32_t>(total);
  Buffer data(total, /*zero=*/false);
  for (size_t k = 0; k < n; ++k) {
    if (!bodies[k].empty()) std::memcpy(data.data() + off[k], bodies[k].data(), bodies[k].size());
  }
  if (utf8) {
    // One pass over the whole buffer: if it is valid UTF-8 and no string starts with a
    // continuation byte, every string boundary is a code point boundary, so each string
    // is valid on its own (Arrow requires that of every utf8 value).
    bool ok = IsValidUtf8(std::span<const uint8_t>(data.data(), total));
    for (size_t k = 0; ok && k < n; ++k) {
      ok = bodies[k].empty() || (data.data()[off[k]] & 0xC0) != 0x80;
    }
    if (!ok) {
      for (size_t k = 0; k < n; ++k) {
        if (!IsValidUtf8(bodies[k]))
          return Status::Error(ErrorKind::kInvalidData, "string is not valid UTF-8", "[" + std::to_string(k) + "]");
      }
    }
  }
  SetBuffer(out, 1, std::move(offsets));
  SetBuffer(out, 2, std::move(data));
  return Status::OK();
}

// Cells of the elements of each non-null list cell; fills the int32 offsets.
Status ListChildren(const Cells& cells, const DataType& elem, Buffer* offsets_buf, Cells* child,
                    std::vector<BinaryArray>* arrays) {
  size_t n = cells.size();
  offsets_buf->Resize((n + 1) * 4);
  int32_t* off = reinterpret_cast<int32_t*>(offsets_buf->data());
  int64_t total = 0;
  arrays->assign(n, BinaryArray());
  for (size_t k = 0; k < n; ++k) {
    off[k] = static_cast<int32_t>(total);
    if (!cells.slot[k]) continue;
    ZR_ASSIGN_OR_RETURN(auto body, cells.Body(k));
    ZR_ASSIGN_OR_RETURN((*arrays)[k], BinaryArray::Wrap(body, &elem));
    total += (*arrays)[k].size();
    if (static_cast<uint64_t>(total) > cells.budget) return OverBudget("list elements", total, cells.budget);
    if (total > INT32_MAX) return Status::Unsupported("a list column over 2^31 elements (needs large_list)");
  }
  off[n] = static_cast<int32_t>(total);
  child->budget = cells.budget;
  child->Reserve(total);
  const size_t w = elem.element_width();
  for (size_t k = 0; k < n; ++k) {
    const BinaryArray& a = (*arrays)[k];
    if (!cells.slot[k] || a.size() == 0) continue;
    const uint8_t* values = a.data() + 8 + a.null_bitmap().size();
    for (int e = 0; e < a.size(); ++e) {
      child->Add(a.IsNullUnchecked(e) ? nullptr : values + w * e, a.data(), a.size_bytes());
    }
  }
  return Status::OK();
}

Status ExportStructChildren(const DataType& t, const Cells& cells, ArrowArray* out) {
  size_t n = cells.size();
  std::vector<BinaryRow> rows(n);
  for (size_t k = 0; k < n; ++k) {
    if (!cells.slot[k]) continue;
    ZR_ASSIGN_OR_RETURN(auto body, cells.Body(k));
    ZR_ASSIGN_OR_RETURN(rows[k], BinaryRow::WrapNested(body, &t));
  }
  for (int f = 0; f < t.num_fields(); ++f) {
    Cells child;
    child.budget = cells.budget;
    child.Reserve(n);
    for (size_t k = 0; k < n; ++k) {
      const BinaryRow& r = rows[k];
      if (!cells.slot[k] || r.IsNullUnchecked(f)) {
        child.Add(nullptr, nullptr, 0);
      } else {
        child.Add(r.data() + t.bitmap_size() + 8 * static_cast<size_t>(f), r.data(), r.size_bytes());
      }
    }
    Status st = ExportColumn(*t.fields()[f].type, child, AddChild(out));
    if (!st.ok()) return std::move(st).WithPathPrefix(t.fields()[f].name);
  }
  return Status::OK();
}

Status ExportColumn(const DataType& t, const Cells& cells, ArrowArray* out) {
  const size_t n = cells.size();
  switch (t.id()) {
    case TypeId::kBool: {
      InitArray(out, n, 2);
      SetValidity(out, cells);
      Buffer bits((n + 7) / 8);
      for (size_t k = 0; k < n; ++k) {
        bool v = cells.slot[k] && cells.slot[k][0] != 0;
        bits.data()[k >> 3] |= static_cast<uint8_t>(v) << (k & 7);
      }
      SetBuffer(out, 1, std::move(bits));
      return Status::OK();
    }
    case TypeId::kInt8:
      InitArray(out, n, 2);
      SetValidity(out, cells);
      SetBuffer(out, 1, GatherFixed<int8_t>(cells));
      return Status::OK();
    case TypeId::kInt16:
      InitArray(out, n, 2);
      SetValidity(out, cells);
      SetBuffer(out, 1, GatherFixed<int16_t>(cells));
      return Status::OK();
    case TypeId::kInt32:
    case TypeId::kDate32:
    case TypeId::kFloat32:
      InitArray(out, n, 2);
      SetValidity(out, cells);
      SetBuffer(out, 1, GatherFixed<int32_t>(cells));
      return Status::OK();
    case TypeId::kInt64:
    case TypeId::kFloat64:
    case TypeId::kTime:
    case TypeId::kTimestamp:
    case TypeId::kDuration:
      InitArray(out, n, 2);
      SetValidity(out, cells);
      SetBuffer(out, 1, GatherFixed<int64_t>(cells));
      return Status::OK();
    case TypeId::kDecimal: {
      InitArray(out, n, 2);
      SetValidity(out, cells);
      Buffer values(n * 16);
      for (size_t k = 0; k < n; ++k) {
        if (!cells.slot[k]) continue;
        __int128 v;
        if (t.precision() <= 18) {
          v = detail::Load<int64_t>(cells.slot[k]);
        } else {
          ZR_ASSIGN_OR_RETURN(auto body, cells.Body(k));
          if (body.empty() || body.size() > 16) return Status::InvalidData("expected decimal byte length in [1, 16]");
          v = DecimalFromBigEndian(body.data(), static_cast<int>(body.size())).unscaled;
        }
        std::memcpy(values.data() + 16 * k, &v, 16);
      }
      SetBuffer(out, 1, std::move(values));
      return Status::OK();
    }
    case TypeId::kString:
    case TypeId::kBinary:
      InitArray(out, n, 3);
      SetValidity(out, cells);
      return ExportVarBinary(cells, t.id() == TypeId::kString, out);
    case TypeId::kList: {
      InitArray(out, n, 2);
      SetValidity(out, cells);
      Buffer offsets;
      Cells child;
      std::vector<BinaryArray> arrays;
      ZR_RETURN_NOT_OK(ListChildren(cells, *t.element(), &offsets, &child, &arrays));
      SetBuffer(out, 1, std::move(offsets));
      return ExportColumn(*t.element(), child, AddChild(out));
    }
    case TypeId::kMap: {
      InitArray(out, n, 2);
      SetValidity(out, cells);
      // Wrap each map (B2/B3), then export its key and value arrays like list elements.
      std::vector<BinaryMap> maps(n);
      for (size_t k = 0; k < n; ++k) {
        if (!cells.slot[k]) continue;
        ZR_ASSIGN_OR_RETURN(auto body, cells.Body(k));
        ZR_ASSIGN_OR_RETURN(maps[k], BinaryMap::Wrap(body, &t));
      }
      size_t total = 0;
      Buffer offsets((n + 1) * 4);
      int32_t* off = reinterpret_cast<int32_t*>(offsets.data());
      Cells kc, vc;
      for (size_t k = 0; k < n; ++k) {
        off[k] = static_cast<int32_t>(total);
        if (!cells.slot[k]) continue;
        total += maps[k].size();
        if (total > cells.budget) return OverBudget("map entries", total, cells.budget);
      }
      if (total > INT32_MAX) return Status::Unsupported("a map column over 2^31 entries");
      kc.budget = vc.budget = cells.budget;
      off[n] = static_cast<int32_t>(total);
      kc.Reserve(total);
      vc.Reserve(total);
      const size_t kw = t.key()->element_width(), vw = t.value()->element_width();
      for (size_t k = 0; k < n; ++k) {
        if (!cells.slot[k]) continue;
        const BinaryArray& ka = maps[k].keys();
        const BinaryArray& va = maps[k].values();
        const uint8_t* kv = ka.data() + 8 + ka.null_bitmap().size();
        const uint8_t* vv = va.data() + 8 + va.null_bitmap().size();
        for (int e = 0; e < ka.size(); ++e) {
          kc.Add(ka.IsNullUnchecked(e) ? nullptr : kv + kw * e, ka.data(), ka.size_bytes());
          vc.Add(va.IsNullUnchecked(e) ? nullptr : vv + vw * e, va.data(), va.size_bytes());
        }
      }
      SetBuffer(out, 1, std::move(offsets));
      ArrowArray* entries = AddChild(out);
      InitArray(entries, static_cast<int64_t>(total), 1);
      Status st = ExportColumn(*t.key(), kc, AddChild(entries));
      if (!st.ok()) return std::move(st).WithPathPrefix("{key}");
      if (entries->children[0]->null_count != 0) return Status::InvalidData("map key is null");
      st = ExportColumn(*t.value(), vc, AddChild(entries));
      if (!st.ok()) return std::move(st).WithPathPrefix("{value}");
      return Status::OK();
    }
    case TypeId::kStruct:
      InitArray(out, n, 1);
      SetValidity(out, cells);
      return ExportStructChildren(t, cells, out);
  }
  return Status::Unsupported("unknown type");
}

// Top-level fixed-width columns are gathered block by block: a block of rows stays in cache
// while each fixed-width column takes its values from it in a tight loop (a transpose).
constexpr size_t kBlockRows = 256;
constexpr uint64_t kMaxWrapSize = uint64_t{1} << 31;

struct FixedColumn {
  int field;
  int width;  // 1, 2, 4, 8 bytes; 0 = bool (bit-packed)
  size_t offset;
  Buffer values, validity;
  int64_t nulls = 0;
};

// Stores the low (count + 7) / 8 bytes of a 64-row bitmap word (a full word without a call).
inline void StoreBits(uint8_t* dst, uint64_t word, size_t count) {
  if (count == 64) {
    std::memcpy(dst, &word, 8);
  } else {
    std::memcpy(dst, &word, (count + 7) / 8);
  }
}

template <typename T>
void GatherBlock(const uint8_t* const* ptrs, size_t begin, size_t end, size_t off, uint8_t* out) {
  T* dst = reinterpret_cast<T*>(out);
  for (size_t k = begin; k < end; ++k) dst[k] = detail::Load<T>(ptrs[k] + off);
}

// `block_nulls` is the OR of the rows' bitmap word holding this column's bit: when the bit
// is clear, no row of the block is null here and the validity bits are set wholesale.
void GatherColumnBlock(FixedColumn& c, const uint8_t* const* ptrs, size_t begin, size_t end, uint64_t block_nulls) {
  switch (c.width) {
    case 1:
      GatherBlock<uint8_t>(ptrs, begin, end, c.offset, c.values.data());
      break;
    case 2:
      GatherBlock<uint16_t>(ptrs, begin, end, c.offset, c.values.data());
      break;
    case 4:
      GatherBlock<uint32_t>(ptrs, begin, end, c.offset, c.values.data());
      break;
    case 8:
      GatherBlock<uint64_t>(ptrs, begin, end, c.offset, c.values.data());
      break;
    default: {
      // 64 rows at a time into a register word (begin is a multiple of 64: kBlockRows is).
      uint8_t* bits = c.values.data();
      for (size_t base = begin; base < end; base += 64) {
        const size_t stop = std::min(end, base + 64);
        uint64_t word = 0;
        for (size_t k = base; k < stop; ++k) word |= static_cast<uint64_t>(ptrs[k][c.offset] != 0) << (k - base);
        StoreBits(bits + base / 8, word, stop - base);
      }
    }
  }
  uint8_t* valid_bits = c.validity.data();
  if (((block_nulls >> (c.field & 63)) & 1) == 0) {
    // begin is a multiple of 8 (kBlockRows is).
    std::memset(valid_bits + begin / 8, 0xff, (end - begin) / 8);
    if (end & 7) valid_bits[end / 8] |= static_cast<uint8_t>((1u << (end & 7)) - 1);
    return;
  }
  const size_t byte = c.field >> 3;
  const int bit = c.field & 7;
  int64_t nulls = 0;
  for (size_t base = begin; base < end; base += 64) {
    const size_t stop = std::min(end, base + 64);
    uint64_t word = 0;
    for (size_t k = base; k < stop; ++k) word |= static_cast<uint64_t>(~(ptrs[k][byte] >> bit) & 1u) << (k - base);
    StoreBits(valid_bits + base / 8, word, stop - base);
    nulls += static_cast<int64_t>(stop - base) - std::popcount(word);
  }
  c.nulls += nulls;
}

// A top-level string/binary column, read straight from the rows (no cells), block by block
// with the fixed-width columns so each block of rows is read from memory once. Per block,
// pass 1 checks every non-null reference against its row (B2) and extends the offsets and
// the validity bitmap 64 rows at a time; pass 2 copies the bodies (short ones as one 16-byte
// block when the row has the bytes) and checks the block's UTF-8. A column that fails any
// check (a reference past its row, over 2 GiB, UTF-8 that needs the per-string check) is
// marked failed and exported by the cell path instead, which reports the error as before.
struct VarColumn {
  int field;
  size_t slot_offset;
  bool utf8;
  Buffer offsets, validity, data;  // data holds `total` bytes and at least 16 bytes of slack
  uint64_t total = 0;
  int64_t nulls = 0;
  bool failed = false;
};

bool VarColumnBlock(VarColumn& c, const uint8_t* const* ptrs, const uint32_t* sizes, size_t begin, size_t end,
                    size_t n) {
  const size_t byte = static_cast<size_t>(c.field) >> 3;
  const int bit = c.field & 7;
  const size_t slot_offset = c.slot_offset;
  int32_t* off = reinterpret_cast<int32_t*>(c.offsets.data());
  uint64_t total = c.total;
  uint64_t bad = 0;
  for (size_t base = begin; base < end; base += 64) {  // begin is a multiple of 64
    const size_t stop = std::min(end, base + 64);
    uint64_t valid_word = 0;
    for (size_t k = base; k < stop; ++k) {
      const uint8_t* row = ptrs[k];
      const uint64_t valid = (~(row[byte] >> bit)) & 1u;
      const uint64_t ref = detail::Load<uint64_t>(row + slot_offset);
      const uint64_t sz = (ref & 0xffffffffu) & (0 - valid);              // null: no body
      bad |= valid & static_cast<uint64_t>((ref >> 32) + sz > sizes[k]);  // B2
      off[k] = static_cast<int32_t>(total);
      total += sz;
      valid_word |= valid << (k - base);
    }
    c.nulls += static_cast<int64_t>(stop - base) - std::popcount(valid_word);
    StoreBits(c.validity.data() + base / 8, valid_word, stop - base);
  }
  if (bad || total > INT32_MAX) return false;
  off[end] = static_cast<int32_t>(total);
  if (total + 16 > c.data.size()) {
    // Grow once per block at most: from the first block, extrapolate to the whole batch.
    uint64_t want = std::max<uint64_t>(total + 16, c.data.size() * 2);
    if (c.data.size() == 0) {
      want = std::max<uint64_t>(want, std::min<uint64_t>(total * n / end + total / 8 + 64, uint64_t{INT32_MAX} + 16));
    }
    Buffer bigger(want, /*zero=*/false);
    if (c.total) std::memcpy(bigger.data(), c.data.data(), c.total);
    c.data = std::move(bigger);
  }
  uint8_t* dst = c.data.data();
  uint64_t starts_mid_char = 0;
  for (size_t k = begin; k < end; ++k) {
    const uint32_t sz = static_cast<uint32_t>(off[k + 1] - off[k]);
    if (sz == 0) continue;
    const uint8_t* row = ptrs[k];
    const uint64_t body = detail::Load<uint64_t>(row + slot_offset) >> 32;
    const uint8_t* src = row + body;
    if (sz <= 8 && body + 8 <= sizes[k]) {  // bodies are padded to 8 bytes: the usual case
      std::memcpy(dst + off[k], src, 8);
    } else if (sz <= 16 && body + 16 <= sizes[k]) {
      std::memcpy(dst + off[k], src, 16);
    } else {
      std::memcpy(dst + off[k], src, sz);
    }
    starts_mid_char |= (src[0] & 0xC0) == 0x80;
  }
  if (c.utf8) {
    // Valid UTF-8 as a whole with no string starting on a continuation byte: every string
    // boundary is a code point boundary, so each string is valid on its own.
    if (starts_mid_char || !IsValidUtf8(std::span<const uint8_t>(dst + c.total, total - c.total))) return false;
  }
  c.total = total;
  return true;
}

int FixedWidthOf(const DataType& t) {
  switch (t.id()) {
    case TypeId::kBool:
      return 0;
    case TypeId::kInt8:
      return 1;
    case TypeId::kInt16:
      return 2;
    case TypeId::kInt32:
    case TypeId::kDate32:
    case TypeId::kFloat32:
      return 4;
    case TypeId::kInt64:
    case TypeId::kFloat64:
    case TypeId::kTime:
    case TypeId::kTimestamp:
    case TypeId::kDuration:
      return 8;
    default:
      return -1;  // decimal goes through cells (16-byte Arrow values)
  }
}

}  // namespace

Status ExportSchema(const Schema& schema, ArrowSchema* out) {
  ExportType(*schema.struct_type(), "", false, out);
  return Status::OK();
}

namespace {

// The export proper, over rows given as (pointer, size) pairs that passed W1.
Status ExportRowPointers(const Schema& schema, const std::vector<const uint8_t*>& ptrs,
                         const std::vector<uint32_t>& sizes, ArrowArray* out_array, ArrowSchema* out_schema) {
  const DataType* st = schema.struct_type().get();
  const size_t n = ptrs.size();
  uint64_t input_bytes = 0;
  for (uint32_t size : sizes) input_bytes += size;
  std::vector<FixedColumn> fixed;
  std::vector<int> fixed_index(schema.num_fields(), -1);
  for (int f = 0; f < schema.num_fields(); ++f) {
    int w = FixedWidthOf(*schema.field(f).type);
    if (w < 0) continue;
    fixed_index[f] = static_cast<int>(fixed.size());
    fixed.push_back(FixedColumn{f, w, st->bitmap_size() + 8 * static_cast<size_t>(f),
                                Buffer(w == 0 ? (n + 7) / 8 : n * w, /*zero=*/w == 0), Buffer((n + 7) / 8)});
  }
  std::vector<VarColumn> var;
  std::vector<int> var_index(schema.num_fields(), -1);
  for (int f = 0; f < schema.num_fields(); ++f) {
    const TypeId id = schema.field(f).type->id();
    if (id != TypeId::kString && id != TypeId::kBinary) continue;
    var_index[f] = static_cast<int>(var.size());
    var.push_back(VarColumn{f, st->bitmap_size() + 8 * static_cast<size_t>(f), id == TypeId::kString,
                            Buffer((n + 1) * 4, /*zero=*/false), Buffer((n + 7) / 8, /*zero=*/false), Buffer()});
  }
  if (n == 0) {
    for (VarColumn& c : var) c.failed = true;  // the cell path handles the empty batch
  }
  for (size_t begin = 0; begin < n; begin += kBlockRows) {
    size_t end = std::min(n, begin + kBlockRows);
    for (VarColumn& c : var) {
      if (!c.failed && !VarColumnBlock(c, ptrs.data(), sizes.data(), begin, end, n)) c.failed = true;
    }
    // OR of each bitmap word over the block: which columns have a null in it.
    const size_t words = st->bitmap_size() / 8;
    uint64_t block_nulls[64] = {};
    if (!fixed.empty() && words == 1) {
      uint64_t acc = 0;  // the common case (<= 64 fields): keep the OR in a register
      for (size_t k = begin; k < end; ++k) acc |= detail::Load<uint64_t>(ptrs[k]);
      block_nulls[0] = acc;
    } else if (!fixed.empty()) {
      for (size_t k = begin; k < end; ++k) {
        for (size_t wd = 0; wd < words && wd < 64; ++wd) block_nulls[wd] |= detail::Load<uint64_t>(ptrs[k] + 8 * wd);
      }
    }
    for (FixedColumn& c : fixed) {
      size_t wd = static_cast<size_t>(c.field) >> 6;
      GatherColumnBlock(c, ptrs.data(), begin, end, wd < 64 ? block_nulls[wd] : ~uint64_t{0});
    }
  }
  ArrowArray result;
  InitArray(&result, static_cast<int64_t>(n), 1);
  for (int f = 0; f < schema.num_fields(); ++f) {
    ArrowArray* child = AddChild(&result);
    if (fixed_index[f] >= 0) {
      FixedColumn& c = fixed[fixed_index[f]];
      InitArray(child, static_cast<int64_t>(n), 2);
      child->null_count = c.nulls;
      if (c.nulls) SetBuffer(child, 0, std::move(c.validity));
      SetBuffer(child, 1, std::move(c.values));
      continue;
    }
    const size_t slot_offset = st->bitmap_size() + 8 * static_cast<size_t>(f);
    if (var_index[f] >= 0 && !var[var_index[f]].failed) {
      VarColumn& c = var[var_index[f]];
      std::memset(c.data.data() + c.total, 0, 16);  // the copies' slack: padding stays defined
      InitArray(child, static_cast<int64_t>(n), 3);
      child->null_count = c.nulls;
      if (c.nulls) SetBuffer(child, 0, std::move(c.validity));
      SetBuffer(child, 1, std::move(c.offsets));
      SetBuffer(child, 2, std::move(c.data));
      continue;
    }
    const size_t byte = f >> 3;
    const int bit = f & 7;
    Cells cells;
    cells.budget = input_bytes;
    cells.Reserve(n);
    for (size_t k = 0; k < n; ++k) {
      bool is_null = (ptrs[k][byte] >> bit) & 1;
      cells.Add(is_null ? nullptr : ptrs[k] + slot_offset, ptrs[k], sizes[k]);
    }
    Status s = ExportColumn(*schema.field(f).type, cells, child);
    if (!s.ok()) {
      internal::ReleaseArray(&result);
      return std::move(s).WithPathPrefix(schema.field(f).name);
    }
  }
  if (out_schema != nullptr) ZR_RETURN_NOT_OK(ExportSchema(schema, out_schema));
  *out_array = result;
  return Status::OK();
}

Status NotARow(size_t k, uint64_t fixed, uint64_t size) {
  return Status::Error(ErrorKind::kInvalidData,
                       "row " + std::to_string(k) + " is not a row of the schema (expected size >= " +
                           std::to_string(fixed) + ", a multiple of 8, but found " + std::to_string(size) + ")",
                       "[" + std::to_string(k) + "]", static_cast<int64_t>(fixed), static_cast<int64_t>(size));
}

}  // namespace

Status ExportRows(const Schema& schema, std::span<const BinaryRow> rows, ArrowArray* out_array,
                  ArrowSchema* out_schema) {
  const DataType* st = schema.struct_type().get();
  std::vector<const uint8_t*> ptrs(rows.size());
  std::vector<uint32_t> sizes(rows.size());
  for (size_t k = 0; k < rows.size(); ++k) {
    // The rows may come from WrapUnchecked: re-apply W1 so slot reads stay inside.
    if (rows[k].data() == nullptr || rows[k].size_bytes() < st->fixed_region_size() ||
        rows[k].num_fields() != st->num_fields())
      return NotARow(k, st->fixed_region_size(), rows[k].size_bytes());
    ptrs[k] = rows[k].data();
    sizes[k] = rows[k].size_bytes();
  }
  return ExportRowPointers(schema, ptrs, sizes, out_array, out_schema);
}

Status ExportRows(const Schema& schema, std::span<const uint8_t> bytes, std::span<const int64_t> offsets,
                  ArrowArray* out_array, ArrowSchema* out_schema) {
  if (offsets.empty()) return Status::Error(ErrorKind::kInvalidArgument, "offsets needs num_rows + 1 entries");
  const uint64_t fixed = schema.struct_type()->fixed_region_size();
  const size_t n = offsets.size() - 1;
  std::vector<const uint8_t*> ptrs(n);
  std::vector<uint32_t> sizes(n);
  for (size_t k = 0; k < n; ++k) {
    int64_t a = offsets[k], b = offsets[k + 1];
    if (a < 0 || b < a || static_cast<uint64_t>(b) > bytes.size())
      return Status::Error(ErrorKind::kInvalidArgument, "row offsets out of order or past the buffer");
    uint64_t size = static_cast<uint64_t>(b - a);
    if (size < fixed || size % 8 != 0 || size > kMaxWrapSize) return NotARow(k, fixed, size);  // W1, W2
    ptrs[k] = bytes.data() + a;
    sizes[k] = static_cast<uint32_t>(size);
  }
  return ExportRowPointers(schema, ptrs, sizes, out_array, out_schema);
}

}  // namespace zerorow::arrow_io

// Arrow C Data -> rows (SPEC §12, with the reader alternatives), in three passes over the
// top-level columns: 1. every row's size (nested values are encoded here, with the
// writers, into a scratch buffer per column); 2. every row allocated at once; 3. block by
// block of rows, each column scattered into its slot (fixed-width columns in a tight loop)
// and its bodies appended in ordinal order, which is the canonical layout.
#include <algorithm>
#include <cstring>
#include <string>

#include "import_internal.h"
#include "ordinal_path.h"
#include "zerorow/arrow/import.h"
#include "zerorow/decimal.h"
#include "zerorow/validate.h"

namespace zerorow::arrow_io {
namespace {

using internal::Col;

uint64_t Pad8(uint64_t x) { return (x + 7) & ~uint64_t{7}; }

// The bodies of one variable-width top-level column, measured (and for nested values
// encoded) ahead of layout.
struct Bodies {
  std::vector<uint8_t> bytes;    // nested: concatenated padded bodies
  std::vector<uint64_t> offset;  // n + 1 entries into bytes (nested only)
  std::vector<uint32_t> size;    // meaningful size per row (0 for null)
};

// The batch being imported: the bound top-level struct and its geometry.
struct Import {
  const ArrowArray* array;
  const DataType& st;
  std::vector<Col> cols;  // per field; indexed by the struct's physical position (offset + k)
  int64_t n;
  int64_t Pos(int64_t k) const { return array->offset + k; }
};

// ---- pass 1: sizes ----------------------------------------------------------------------

Status SizeVarBinary(const Import& im, int f, Bodies* b, std::vector<uint64_t>* row_size) {
  const Col& c = im.cols[f];
  b->size.assign(im.n, 0);
  for (int64_t k = 0; k < im.n; ++k) {
    if (!c.Valid(im.Pos(k))) continue;
    auto [lo, hi] = c.Range(im.Pos(k));
    if (hi < lo || lo < 0 || hi - lo >= (int64_t{1} << 31))
      return Status::Error(ErrorKind::kInvalidData, "bad Arrow offsets", im.st.fields()[f].name);
    b->size[k] = static_cast<uint32_t>(hi - lo);
    (*row_size)[k] += Pad8(hi - lo);
  }
  return Status::OK();
}

// Nested values are encoded now with the writers; their bodies are copied in pass 3.
Status EncodeNested(const Import& im, int f, Bodies* b, std::vector<uint64_t>* row_size) {
  b->offset.assign(1, 0);
  b->size.assign(im.n, 0);
  // A one-field scratch row named like the field, so error paths come out right.
  const Field& field = im.st.fields()[f];
  Schema one = *Schema::Make({Field{field.name, field.type, true}});
  RowWriter w(one);
  for (int64_t k = 0; k < im.n; ++k) {
    if (im.cols[f].Valid(im.Pos(k))) {
      w.Reset();
      ZR_RETURN_NOT_OK(internal::WriteCell(&w, 0, im.cols[f], im.Pos(k)));
      ZR_RETURN_NOT_OK(w.Finish());
      auto bytes = w.bytes().subspan(16);  // skip bitmap + slot: inner offsets are relative
      b->bytes.insert(b->bytes.end(), bytes.begin(), bytes.end());
      b->size[k] = static_cast<uint32_t>(bytes.size());
      (*row_size)[k] += bytes.size();
    }
    b->offset.push_back(b->bytes.size());
  }
  return Status::OK();
}

// Pass 1: each row's size, the fixed region plus every variable-width column's padded body.
Status SizeRows(const Import& im, std::vector<Bodies>* bodies, std::vector<uint64_t>* row_size) {
  row_size->assign(im.n, im.st.fixed_region_size());
  bodies->assign(im.st.num_fields(), Bodies{});
  for (int f = 0; f < im.st.num_fields(); ++f) {
    const DataType& t = *im.st.fields()[f].type;
    if (t.is_fixed_width()) continue;
    switch (t.id()) {
      case TypeId::kString:
      case TypeId::kBinary:
        ZR_RETURN_NOT_OK(SizeVarBinary(im, f, &(*bodies)[f], row_size));
        break;
      case TypeId::kDecimal:  // precision > 18: a 16-byte reserve, null or not (SPEC §3.5)
        for (uint64_t& size : *row_size) size += 16;
        break;
      default:
        ZR_RETURN_NOT_OK(EncodeNested(im, f, &(*bodies)[f], row_size));
    }
  }
  return Status::OK();
}

// ---- pass 2: allocation -----------------------------------------------------------------

// Appends the rows' zero-filled space to `out`; row_off[k] is where row k starts.
Status AllocateRows(const std::vector<uint64_t>& row_size, RowBatch* out, std::vector<uint64_t>* row_off) {
  row_off->resize(row_size.size());
  uint64_t total = out->bytes.size();
  for (size_t k = 0; k < row_size.size(); ++k) {
    if (row_size[k] > kMaxRowSize)
      return Status::Error(
          ErrorKind::kInvalidData,
          "row larger than 2^31-8 bytes: row " + std::to_string(k) + " needs " + std::to_string(row_size[k]), {},
          static_cast<int64_t>(kMaxRowSize), static_cast<int64_t>(row_size[k]));
    (*row_off)[k] = total;
    total += row_size[k];
  }
  out->bytes.resize(total);  // zero-filled
  return Status::OK();
}

// ---- pass 3: scatter --------------------------------------------------------------------

// Where column f of rows [lo, hi) of the batch goes in the allocated rows. The loops below
// copy these into locals: their stores into the rows would otherwise make the compiler
// reload them.
struct Target {
  const Import& im;
  int f;
  uint8_t* buf;
  const uint64_t* row_off;  // row k starts at buf + row_off[k]
  size_t slot;              // the field's slot offset in a row
  int64_t lo, hi;           // the rows of this pass
  // Sets row k's null bit (refused for a non-nullable field).
  Status SetNull(int64_t k) const {
    const Field& field = im.st.fields()[f];
    if (!field.nullable)
      return Status::Error(ErrorKind::kInvalidData, "null value in a non-nullable field", field.name);
    buf[row_off[k] + (f >> 3)] |= static_cast<uint8_t>(1u << (f & 7));
    return Status::OK();
  }
  const std::string& name() const { return im.st.fields()[f].name; }
};

// Same width in Arrow and in the slot, no conversion: one copy per row in a tight loop.
// Floats come too: their bits are copied as they are, a NaN made canonical (SPEC §2.6).
bool IsPlainFixed(const Col& c) {
  const TypeId id = c.t->id();
  return c.mul == 1 && c.div == 1 &&
         (id == TypeId::kInt32 || id == TypeId::kInt64 || id == TypeId::kDate32 || id == TypeId::kTimestamp ||
          id == TypeId::kDuration || id == TypeId::kInt8 || id == TypeId::kInt16 || id == TypeId::kFloat32 ||
          id == TypeId::kFloat64);
}

// The copy loop of one width (a memcpy of a constant size compiles to one load and store;
// of a variable size, to a library call per value).
template <typename T, bool kFloat>
void CopyFixed(uint8_t* buf, const uint64_t* off, size_t slot, const uint8_t* src, int64_t lo, int64_t hi) {
  for (int64_t k = lo; k < hi; ++k) {
    T v;
    std::memcpy(&v, src + sizeof(T) * k, sizeof(T));
    if constexpr (kFloat) {
      if constexpr (sizeof(T) == 4) {
        if ((v & 0x7f800000u) == 0x7f800000u && (v & 0x007fffffu)) v = 0x7fc00000u;
      } else {
        if ((v & 0x7ff0000000000000ull) == 0x7ff0000000000000ull && (v & 0x000fffffffffffffull))
          v = 0x7ff8000000000000ull;
      }
    }
    std::memcpy(buf + off[k] + slot, &v, sizeof(T));
  }
}

Status ScatterPlainFixed(const Target& to, const Col& c) {
  uint8_t* const buf = to.buf;
  const size_t slot = to.slot;
  const uint64_t* const off = to.row_off;
  const int64_t lo = to.lo, hi = to.hi, base = to.im.array->offset;
  const size_t w = c.t->element_width();
  const uint8_t* src = static_cast<const uint8_t*>(c.a->buffers[1]) + w * (c.a->offset + base);
  switch (c.t->id()) {
    case TypeId::kFloat32:
      CopyFixed<uint32_t, true>(buf, off, slot, src, lo, hi);
      break;
    case TypeId::kFloat64:
      CopyFixed<uint64_t, true>(buf, off, slot, src, lo, hi);
      break;
    default:
      switch (w) {
        case 1:
          CopyFixed<uint8_t, false>(buf, off, slot, src, lo, hi);
          break;
        case 2:
          CopyFixed<uint16_t, false>(buf, off, slot, src, lo, hi);
          break;
        case 4:
          CopyFixed<uint32_t, false>(buf, off, slot, src, lo, hi);
          break;
        default:
          CopyFixed<uint64_t, false>(buf, off, slot, src, lo, hi);
      }
  }
  if (c.a->null_count == 0 || c.a->buffers[0] == nullptr) return Status::OK();
  for (int64_t k = lo; k < hi; ++k) {
    if (c.Valid(base + k)) continue;
    ZR_RETURN_NOT_OK(to.SetNull(k));
    std::memset(buf + off[k] + slot, 0, 8);  // null slots are zero
  }
  return Status::OK();
}

// Fixed-width values that need a conversion (bool bits, time units, NaN, decimal precision).
Status ScatterFixed(const Target& to, const Col& c) {
  uint8_t* const buf = to.buf;
  const size_t slot = to.slot;
  const uint64_t* const off = to.row_off;
  const int64_t lo = to.lo, hi = to.hi, base = to.im.array->offset;
  for (int64_t k = lo; k < hi; ++k) {
    if (!c.Valid(base + k)) {
      ZR_RETURN_NOT_OK(to.SetNull(k));
      continue;
    }
    auto bits = internal::FixedBits(c, base + k);
    if (!bits.ok()) return bits.status().WithPathPrefix(to.name());
    uint64_t v = internal::Canonical(*c.t, *bits);
    std::memcpy(buf + off[k] + slot, &v, 8);
  }
  return Status::OK();
}

// Decimals of precision > 18: minimal big-endian bytes in a 16-byte reserve (SPEC §3.5),
// which a null value keeps too.
Status ScatterWideDecimal(const Target& to, const Col& c, uint64_t* cursor) {
  const DataType& t = *c.t;
  const uint64_t* const off = to.row_off;
  const int64_t lo = to.lo, hi = to.hi, base = to.im.array->offset;
  const uint8_t* values = static_cast<const uint8_t*>(c.a->buffers[1]);
  for (int64_t k = lo; k < hi; ++k) {
    uint8_t* row = to.buf + off[k];
    uint64_t ref = cursor[k] << 32;
    if (!c.Valid(base + k)) {
      ZR_RETURN_NOT_OK(to.SetNull(k));
    } else {
      __int128 v;
      std::memcpy(&v, values + 16 * c.Phys(base + k), 16);
      if (!DecimalFitsPrecision(Decimal128{v}, t.precision()))
        return Status::Error(ErrorKind::kInvalidData, "decimal exceeds precision " + std::to_string(t.precision()),
                             to.name());
      ref |= static_cast<uint64_t>(DecimalToBigEndian(Decimal128{v}, row + cursor[k]));
    }
    std::memcpy(row + to.slot, &ref, 8);
    cursor[k] += 16;
  }
  return Status::OK();
}

// Strings and binaries straight from the Arrow data buffer, nested values from pass 1's
// scratch bodies; each appended at the row's cursor.
Status ScatterBodies(const Target& to, const Col& c, const Bodies& bodies, uint64_t* cursor) {
  const TypeId id = c.t->id();
  const bool from_arrow = id == TypeId::kString || id == TypeId::kBinary;
  const uint64_t* const off = to.row_off;
  const size_t slot = to.slot;
  const int64_t lo = to.lo, hi = to.hi, base = to.im.array->offset;
  const uint8_t* const arrow_data = from_arrow ? static_cast<const uint8_t*>(c.a->buffers[2]) : nullptr;
  for (int64_t k = lo; k < hi; ++k) {
    if (!c.Valid(base + k)) {
      ZR_RETURN_NOT_OK(to.SetNull(k));
      continue;
    }
    const uint8_t* src;
    const uint64_t sz = bodies.size[k];
    if (from_arrow) {
      src = arrow_data + c.Range(base + k).first;
      if (id == TypeId::kString && !IsValidUtf8(std::span<const uint8_t>(src, sz)))
        return Status::Error(ErrorKind::kInvalidData, "string is not valid UTF-8", to.name() + detail::IndexPath(k));
    } else {
      src = bodies.bytes.data() + bodies.offset[k];
    }
    uint8_t* row = to.buf + off[k];
    if (sz) std::memcpy(row + cursor[k], src, sz);
    const uint64_t ref = (cursor[k] << 32) | sz;
    std::memcpy(row + slot, &ref, 8);
    cursor[k] += Pad8(sz);
  }
  return Status::OK();
}

// Pass 3 for column f: columns go in ordinal order, so bodies land in canonical order.
Status ScatterColumn(const Target& to, const Bodies& bodies, uint64_t* cursor) {
  const Col& c = to.im.cols[to.f];
  if (IsPlainFixed(c)) return ScatterPlainFixed(to, c);
  if (c.t->is_fixed_width()) return ScatterFixed(to, c);
  if (c.t->id() == TypeId::kDecimal) return ScatterWideDecimal(to, c, cursor);
  return ScatterBodies(to, c, bodies, cursor);
}

}  // namespace

Status ImportRows(const ArrowArray* array, const ArrowSchema* array_schema, const Schema& schema, RowBatch* out) {
  Col top;
  ZR_RETURN_NOT_OK(internal::Bind(array, array_schema, *schema.struct_type(), "", &top));
  if (array->null_count != 0 && array->buffers[0] != nullptr) {
    for (int64_t k = 0; k < array->length; ++k) {
      if (!top.Valid(k)) return Status::InvalidData("top-level struct entry " + std::to_string(k) + " is null");
    }
  }
  // No rows: nothing to read, and an empty array's buffers may be null (no pointer
  // arithmetic on them).
  if (array->length == 0) return Status::OK();
  const Import im{array, *schema.struct_type(), std::move(top.children), array->length};
  std::vector<Bodies> bodies;
  std::vector<uint64_t> row_size, row_off;
  ZR_RETURN_NOT_OK(SizeRows(im, &bodies, &row_size));
  ZR_RETURN_NOT_OK(AllocateRows(row_size, out, &row_off));
  std::vector<uint64_t> cursor(im.n, im.st.fixed_region_size());
  // Row blocks of kScatterRows, every column of a block before the next block: the block's
  // rows stay in the cache while each column writes its slot (column by column over the
  // whole batch, every store missed it).
  constexpr int64_t kScatterRows = 512;
  for (int64_t lo = 0; lo < im.n; lo += kScatterRows) {
    const int64_t hi = std::min(im.n, lo + kScatterRows);
    for (int f = 0; f < im.st.num_fields(); ++f) {
      const Target to{im, f, out->bytes.data(), row_off.data(), im.st.bitmap_size() + 8 * static_cast<size_t>(f),
                      lo, hi};
      ZR_RETURN_NOT_OK(ScatterColumn(to, bodies[f], cursor.data()));
    }
  }
  out->offsets.reserve(out->offsets.size() + im.n);
  for (int64_t k = 0; k < im.n; ++k) out->offsets.push_back(static_cast<int64_t>(row_off[k] + row_size[k]));
  return Status::OK();
}

}  // namespace zerorow::arrow_io

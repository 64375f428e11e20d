// Arrow C Data -> rows (SPEC §12.2), in three passes over the top-level columns: 1. every
// row's size (a column that needs more than a copy — nested, converted, dictionary, run-end
// or view values — is encoded here with the writers, into a scratch buffer per column);
// 2. every row allocated at once; 3. block by block of rows, each column scattered into its
// slot (plain fixed-width columns in a tight loop) and its bodies appended in ordinal order,
// which is the canonical layout. An error about a value names the column path and the global
// row.
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
using internal::Source;

uint64_t Pad8(uint64_t x) { return (x + 7) & ~uint64_t{7}; }

// How a top-level column goes into the rows.
enum class Route : uint8_t {
  kPlain,    // fixed-width values of the target's own width and type: one copy per row (floats
             // too, a NaN made canonical in the copy, SPEC §2.6)
  kFixed,    // fixed-width values of the target's type with a per-value conversion (bits, units)
  kStrings,  // string / binary values of the target's type, 32- or 64-bit offsets: bodies copied
  kScratch,  // everything else: encoded per value with the writers, then copied
};

// The scratch encoding of one column: per row, its slot, null bit and body (for a reference).
struct Scratch {
  std::vector<uint8_t> bytes;    // concatenated padded bodies
  std::vector<uint64_t> offset;  // n + 1 entries into bytes
  std::vector<uint64_t> slot;    // the slot as the one-field row had it
  std::vector<uint8_t> null;
};

// The batch being imported: the bound top-level struct and its geometry.
struct Import {
  const ArrowArray* array;
  const DataType& st;
  std::vector<Col> cols;  // per target field
  int64_t n;
  const ImportOptions& options;
  int64_t Pos(int64_t k) const { return array->offset + k; }
  // An error about value k of field f, at "[<global row>].<column path>": the row in the whole
  // input first, as the encoder names the objects of a batch (SPEC §5: a row number).
  Status At(const Status& st, int f, int64_t k) const {
    const std::string& name = this->st.fields()[f].name;
    std::string path = st.path().empty() ? name : st.path();
    if (path.rfind(name, 0) != 0) path = name + (path[0] == '[' || path[0] == '{' ? "" : ".") + path;
    return Status::Error(st.kind(), st.message(), detail::IndexPath(options.first_row + k) + "." + path, st.expected(),
                         st.actual());
  }
};

bool SameKind(const Col& c) {
  const TypeId t = c.t->id();
  switch (c.f.source) {
    case Source::kBool:
      return t == TypeId::kBool;
    case Source::kSigned:
      return NaturalWidth(t) == c.f.width &&
             (t == TypeId::kInt8 || t == TypeId::kInt16 || t == TypeId::kInt32 || t == TypeId::kInt64);
    case Source::kFloat32:
      return t == TypeId::kFloat32;
    case Source::kFloat64:
      return t == TypeId::kFloat64;
    case Source::kDate32:
      return t == TypeId::kDate32;
    case Source::kMonths:
      return t == TypeId::kIntervalYm;
    case Source::kTime:
      return t == TypeId::kTime;
    case Source::kTimestamp:
      return t == TypeId::kTimestamp;
    case Source::kDuration:
      return t == TypeId::kDuration;
    case Source::kDecimal:
      return t == TypeId::kDecimal && c.t->scale() == c.f.scale && c.t->precision() <= 18;
    case Source::kBinary:
      return t == (c.f.utf8 ? TypeId::kString : TypeId::kBinary);
    case Source::kNull:
    case Source::kUnsigned:
    case Source::kFloat16:
    case Source::kDate64:
    case Source::kDayTime:
    case Source::kMonthDayNano:
    case Source::kBinaryView:
    case Source::kFixedSizeBinary:
    case Source::kList:
    case Source::kListView:
    case Source::kFixedSizeList:
    case Source::kMap:
    case Source::kStruct:
    case Source::kVariant:
    case Source::kDictionary:
    case Source::kRunEnd:
      return false;
  }
  return false;
}

Route RouteOf(const Col& c) {
  if (!SameKind(c)) return Route::kScratch;
  if (c.f.source == Source::kBinary) return Route::kStrings;
  const bool plain = (c.f.source == Source::kSigned || c.f.source == Source::kDate32 || c.f.source == Source::kMonths ||
                      c.f.source == Source::kFloat32 || c.f.source == Source::kFloat64 ||
                      ((c.f.source == Source::kTimestamp || c.f.source == Source::kDuration) && c.f.unit_mul == 1 &&
                       c.f.unit_div == 1));
  return plain ? Route::kPlain : Route::kFixed;
}

// ---- pass 1: sizes ----------------------------------------------------------------------

Status SizeStrings(const Import& im, int f, Scratch* b, std::vector<uint64_t>* row_size) {
  const Col& c = im.cols[f];
  b->offset.assign(im.n + 1, 0);  // sizes, not offsets, for this route
  for (int64_t k = 0; k < im.n; ++k) {
    if (!c.Valid(im.Pos(k))) continue;
    auto [lo, hi] = c.Range(im.Pos(k));
    if (hi < lo || lo < 0 || hi - lo >= (int64_t{1} << 31))
      return im.At(Status::Error(ErrorKind::kInvalidData, "bad Arrow offsets"), f, k);
    b->offset[k] = static_cast<uint64_t>(hi - lo);
    (*row_size)[k] += Pad8(hi - lo);
  }
  return Status::OK();
}

// Every value of the column encoded now with the writers, in a one-field row named like the
// field (so error paths come out right); pass 3 copies its slot, null bit and body.
Status EncodeScratch(const Import& im, int f, Scratch* b, std::vector<uint64_t>* row_size) {
  b->offset.assign(1, 0);
  b->slot.assign(im.n, 0);
  b->null.assign(im.n, 0);
  const Field& field = im.st.fields()[f];
  Schema one = *Schema::Make({Field{field.name, field.type, true}});
  RowWriter w(one);
  for (int64_t k = 0; k < im.n; ++k) {
    w.Reset();
    Status st = internal::WriteCell(&w, 0, im.cols[f], im.Pos(k));
    if (st.ok()) st = w.Finish();
    if (!st.ok()) return im.At(st, f, k);
    std::span<const uint8_t> row = w.bytes();
    b->null[k] = row[0] & 1;
    if (b->null[k] && !field.nullable)
      return im.At(Status::Error(ErrorKind::kInvalidData, "null value in a non-nullable field", field.name), f, k);
    std::memcpy(&b->slot[k], row.data() + 8, 8);
    auto body = row.subspan(16);  // after bitmap + slot: inner offsets are relative
    b->bytes.insert(b->bytes.end(), body.begin(), body.end());
    (*row_size)[k] += body.size();
    b->offset.push_back(b->bytes.size());
  }
  return Status::OK();
}

// Pass 1: each row's size, the fixed region plus every body.
Status SizeRows(const Import& im, const std::vector<Route>& routes, std::vector<Scratch>* scratch,
                std::vector<uint64_t>* row_size) {
  row_size->assign(im.n, im.st.fixed_region_size());
  scratch->assign(im.st.num_fields(), Scratch{});
  for (int f = 0; f < im.st.num_fields(); ++f) {
    switch (routes[f]) {
      case Route::kPlain:
      case Route::kFixed:
        break;
      case Route::kStrings:
        ZR_RETURN_NOT_OK(SizeStrings(im, f, &(*scratch)[f], row_size));
        break;
      case Route::kScratch:
        ZR_RETURN_NOT_OK(EncodeScratch(im, f, &(*scratch)[f], row_size));
        break;
    }
  }
  return Status::OK();
}

// ---- pass 2: allocation -----------------------------------------------------------------

// Appends the rows' zero-filled space to `out`; row_off[k] is where row k starts.
Status AllocateRows(const Import& im, const std::vector<uint64_t>& row_size, RowBatch* out,
                    std::vector<uint64_t>* row_off) {
  row_off->resize(row_size.size());
  uint64_t total = out->bytes.size();
  for (size_t k = 0; k < row_size.size(); ++k) {
    if (row_size[k] > kMaxRowSize)
      return Status::Error(ErrorKind::kInvalidData,
                           "row larger than 2^31-8 bytes: it needs " + std::to_string(row_size[k]),
                           detail::IndexPath(im.options.first_row + static_cast<int64_t>(k)),
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
      return im.At(Status::Error(ErrorKind::kInvalidData, "null value in a non-nullable field", field.name), f, k);
    buf[row_off[k] + (f >> 3)] |= static_cast<uint8_t>(1u << (f & 7));
    return Status::OK();
  }
};

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

Status ScatterPlain(const Target& to, const Col& c) {
  uint8_t* const buf = to.buf;
  const size_t slot = to.slot;
  const uint64_t* const off = to.row_off;
  const int64_t lo = to.lo, hi = to.hi, base = to.im.array->offset;
  const size_t w = c.f.source == Source::kFloat64 ? 8
                   : c.f.width == 0               ? 4  // float32, date32 and months
                                                  : static_cast<size_t>(c.f.width);
  const uint8_t* src = static_cast<const uint8_t*>(c.a->buffers[1]) + w * (c.a->offset + base);
  if (c.f.source == Source::kFloat32) {
    CopyFixed<uint32_t, true>(buf, off, slot, src, lo, hi);
  } else if (c.f.source == Source::kFloat64) {
    CopyFixed<uint64_t, true>(buf, off, slot, src, lo, hi);
  } else {
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

// Fixed-width values that need a conversion (bool bits, time units, decimal precision).
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
    if (!bits.ok()) return to.im.At(bits.status(), to.f, k);
    const uint64_t v = *bits;
    std::memcpy(buf + off[k] + slot, &v, 8);
  }
  return Status::OK();
}

// Strings and binaries straight from the Arrow data buffer, each at the row's cursor.
Status ScatterStrings(const Target& to, const Col& c, const Scratch& sizes, uint64_t* cursor) {
  const uint64_t* const off = to.row_off;
  const size_t slot = to.slot;
  const int64_t lo = to.lo, hi = to.hi, base = to.im.array->offset;
  const uint8_t* const arrow_data = static_cast<const uint8_t*>(c.a->buffers[2]);
  for (int64_t k = lo; k < hi; ++k) {
    if (!c.Valid(base + k)) {
      ZR_RETURN_NOT_OK(to.SetNull(k));
      continue;
    }
    const uint64_t sz = sizes.offset[k];
    const uint8_t* src = arrow_data + c.Range(base + k).first;
    if (c.f.utf8 && !IsValidUtf8(std::span<const uint8_t>(src, sz)))
      return to.im.At(Status::Error(ErrorKind::kInvalidData, "string is not valid UTF-8"), to.f, k);
    uint8_t* row = to.buf + off[k];
    if (sz) std::memcpy(row + cursor[k], src, sz);
    const uint64_t ref = (cursor[k] << 32) | sz;
    std::memcpy(row + slot, &ref, 8);
    cursor[k] += Pad8(sz);
  }
  return Status::OK();
}

// The scratch encoding: null bit, slot (a reference relocated to the row's cursor) and body.
void ScatterScratch(const Target& to, const Scratch& s, uint64_t* cursor) {
  const bool ref = to.im.st.fields()[to.f].type->has_body();
  for (int64_t k = to.lo; k < to.hi; ++k) {
    uint8_t* row = to.buf + to.row_off[k];
    if (s.null[k]) row[to.f >> 3] |= static_cast<uint8_t>(1u << (to.f & 7));
    uint64_t slot = s.slot[k];
    const uint64_t body = s.offset[k + 1] - s.offset[k];
    if (ref && slot != 0) {  // a reference (a null decimal p > 18 or interval keeps its reserve)
      if (body) std::memcpy(row + cursor[k], s.bytes.data() + s.offset[k], body);
      slot = (cursor[k] << 32) | (slot & 0xffffffffu);
      cursor[k] += body;
    }
    std::memcpy(row + to.slot, &slot, 8);
  }
}

}  // namespace

Status ImportRows(const ArrowArray* array, const ArrowSchema* array_schema, const Schema& schema, RowBatch* out,
                  const ImportOptions& options) {
  Col top;
  ZR_RETURN_NOT_OK(internal::BindTop(array, array_schema, *schema.struct_type(), options.strict, &top));
  if (array->null_count != 0 && array->buffers[0] != nullptr) {
    for (int64_t k = 0; k < array->length; ++k) {
      if (!top.Valid(k))
        return Status::Error(ErrorKind::kInvalidData, "the top-level struct entry is null",
                             detail::IndexPath(options.first_row + k));
    }
  }
  // No rows: nothing to read, and an empty array's buffers may be null (no pointer
  // arithmetic on them).
  if (array->length == 0) return Status::OK();
  const Import im{array, *schema.struct_type(), std::move(top.children), array->length, options};
  std::vector<Route> routes;
  for (const Col& c : im.cols) routes.push_back(RouteOf(c));
  std::vector<Scratch> scratch;
  std::vector<uint64_t> row_size, row_off;
  ZR_RETURN_NOT_OK(SizeRows(im, routes, &scratch, &row_size));
  const size_t first = out->bytes.size();
  Status st = AllocateRows(im, row_size, out, &row_off);
  std::vector<uint64_t> cursor(im.n, im.st.fixed_region_size());
  // Row blocks of kScatterRows, every column of a block before the next block: the block's
  // rows stay in the cache while each column writes its slot (column by column over the
  // whole batch, every store missed it).
  constexpr int64_t kScatterRows = 512;
  for (int64_t lo = 0; st.ok() && lo < im.n; lo += kScatterRows) {
    const int64_t hi = std::min(im.n, lo + kScatterRows);
    for (int f = 0; st.ok() && f < im.st.num_fields(); ++f) {
      const Target to{im, f, out->bytes.data(), row_off.data(), im.st.bitmap_size() + 8 * static_cast<size_t>(f),
                      lo, hi};
      switch (routes[f]) {
        case Route::kPlain:
          st = ScatterPlain(to, im.cols[f]);
          break;
        case Route::kFixed:
          st = ScatterFixed(to, im.cols[f]);
          break;
        case Route::kStrings:
          st = ScatterStrings(to, im.cols[f], scratch[f], cursor.data());
          break;
        case Route::kScratch:
          ScatterScratch(to, scratch[f], cursor.data());
          break;
      }
    }
  }
  if (!st.ok()) {
    out->bytes.resize(first);  // no half-written rows stay behind
    return st;
  }
  out->offsets.reserve(out->offsets.size() + im.n);
  for (int64_t k = 0; k < im.n; ++k) out->offsets.push_back(static_cast<int64_t>(row_off[k] + row_size[k]));
  return Status::OK();
}

}  // namespace zerorow::arrow_io

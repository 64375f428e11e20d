// Rows -> Arrow C Data (SPEC §12), the entry points. Top-level fixed-width and
// string/binary columns go through the block path, every other column (and a string
// column the block path gave up on) through the cell path (export_internal.h).
#include <algorithm>
#include <cstring>
#include <string>

#include "export_internal.h"
#include "ordinal_path.h"
#include "zerorow/arrow/export.h"

namespace zerorow::arrow_io {
namespace {

using internal::Buffer;
using internal::Cells;
using internal::FixedColumn;
using internal::VarColumn;

constexpr uint64_t kMaxWrapSize = uint64_t{1} << 31;

// Rows given as (pointer, size) pairs that passed W1.
struct RowPointers {
  std::vector<const uint8_t*> ptrs;
  std::vector<uint32_t> sizes;
  size_t size() const { return ptrs.size(); }
};

// The top-level columns, by field: index into `fixed` / `var`, or -1 (cell path).
struct BlockColumns {
  std::vector<FixedColumn> fixed;
  std::vector<VarColumn> var;
  std::vector<int> fixed_index, var_index;
};

BlockColumns MakeBlockColumns(const DataType& st, size_t n) {
  BlockColumns b;
  b.fixed_index.assign(st.num_fields(), -1);
  b.var_index.assign(st.num_fields(), -1);
  for (int f = 0; f < st.num_fields(); ++f) {
    const DataType& t = *st.fields()[f].type;
    const size_t slot_offset = st.bitmap_size() + 8 * static_cast<size_t>(f);
    const int w = internal::FixedWidthOf(t);
    if (w >= 0) {
      b.fixed_index[f] = static_cast<int>(b.fixed.size());
      b.fixed.push_back(
          FixedColumn{f, w, slot_offset, Buffer(w == 0 ? (n + 7) / 8 : n * w, /*zero=*/w == 0), Buffer((n + 7) / 8)});
    } else if (t.id() == TypeId::kString || t.id() == TypeId::kBinary) {
      b.var_index[f] = static_cast<int>(b.var.size());
      b.var.push_back(VarColumn{f, slot_offset, t.id() == TypeId::kString, Buffer((n + 1) * 4, /*zero=*/false),
                                Buffer((n + 7) / 8, /*zero=*/false), Buffer()});
    }
  }
  if (n == 0) {
    for (VarColumn& c : b.var) c.failed = true;  // the cell path handles the empty batch
  }
  return b;
}

// The OR of each null-bitmap word over rows [begin, end): which columns have a null there.
void BlockNulls(const RowPointers& rows, size_t words, size_t begin, size_t end, uint64_t (&out)[64]) {
  std::fill(std::begin(out), std::end(out), 0);
  if (words == 1) {
    uint64_t acc = 0;  // the common case (<= 64 fields): keep the OR in a register
    for (size_t k = begin; k < end; ++k) acc |= detail::Load<uint64_t>(rows.ptrs[k]);
    out[0] = acc;
    return;
  }
  for (size_t k = begin; k < end; ++k) {
    for (size_t wd = 0; wd < words && wd < 64; ++wd) out[wd] |= detail::Load<uint64_t>(rows.ptrs[k] + 8 * wd);
  }
}

// Runs the block path over every block of rows.
void GatherBlocks(const DataType& st, const RowPointers& rows, BlockColumns* b) {
  const size_t n = rows.size();
  for (size_t begin = 0; begin < n; begin += internal::kBlockRows) {
    const size_t end = std::min(n, begin + internal::kBlockRows);
    for (VarColumn& c : b->var) {
      if (!c.failed && !VarColumnBlock(c, rows.ptrs.data(), rows.sizes.data(), begin, end, n)) c.failed = true;
    }
    if (b->fixed.empty()) continue;
    uint64_t block_nulls[64];
    BlockNulls(rows, st.bitmap_size() / 8, begin, end, block_nulls);
    for (FixedColumn& c : b->fixed) {
      const size_t wd = static_cast<size_t>(c.field) >> 6;
      GatherColumnBlock(c, rows.ptrs.data(), begin, end, wd < 64 ? block_nulls[wd] : ~uint64_t{0});
    }
  }
}

void MoveFixed(FixedColumn& c, size_t n, ArrowArray* child) {
  internal::InitArray(child, static_cast<int64_t>(n), 2);
  child->null_count = c.nulls;
  if (c.nulls) internal::SetBuffer(child, 0, std::move(c.validity));
  internal::SetBuffer(child, 1, std::move(c.values));
}

void MoveVar(VarColumn& c, size_t n, ArrowArray* child) {
  std::memset(c.data.data() + c.total, 0, 16);  // the copies' slack: padding stays defined
  internal::InitArray(child, static_cast<int64_t>(n), 3);
  child->null_count = c.nulls;
  if (c.nulls) internal::SetBuffer(child, 0, std::move(c.validity));
  internal::SetBuffer(child, 1, std::move(c.offsets));
  internal::SetBuffer(child, 2, std::move(c.data));
}

// Top-level field f through the cell path; `budget` is the bytes of all the rows.
Status ExportCellColumn(const DataType& st, int f, const RowPointers& rows, uint64_t budget, ArrowArray* child) {
  const size_t n = rows.size();
  const size_t byte = static_cast<size_t>(f) >> 3;
  const int bit = f & 7;
  const size_t slot_offset = st.bitmap_size() + 8 * static_cast<size_t>(f);
  Cells cells;
  cells.budget = budget;
  cells.Reserve(n);
  for (size_t k = 0; k < n; ++k) {
    const bool is_null = (rows.ptrs[k][byte] >> bit) & 1;
    cells.Add(is_null ? nullptr : rows.ptrs[k] + slot_offset, rows.ptrs[k], rows.sizes[k]);
  }
  Status s = internal::ExportColumn(*st.fields()[f].type, cells, child);
  if (!s.ok()) return std::move(s).WithPathPrefix(st.fields()[f].name);
  return Status::OK();
}

Status ExportRowPointers(const Schema& schema, const RowPointers& rows, ArrowArray* out_array,
                         ArrowSchema* out_schema) {
  const DataType& st = *schema.struct_type();
  const size_t n = rows.size();
  uint64_t input_bytes = 0;
  for (uint32_t size : rows.sizes) input_bytes += size;
  BlockColumns blocks = MakeBlockColumns(st, n);
  GatherBlocks(st, rows, &blocks);
  ArrowArray result;
  internal::InitArray(&result, static_cast<int64_t>(n), 1);
  for (int f = 0; f < st.num_fields(); ++f) {
    ArrowArray* child = internal::AddChild(&result);
    if (blocks.fixed_index[f] >= 0) {
      MoveFixed(blocks.fixed[blocks.fixed_index[f]], n, child);
    } else if (blocks.var_index[f] >= 0 && !blocks.var[blocks.var_index[f]].failed) {
      MoveVar(blocks.var[blocks.var_index[f]], n, child);
    } else if (Status s = ExportCellColumn(st, f, rows, input_bytes, child); !s.ok()) {
      internal::ReleaseArray(&result);
      return s;
    }
  }
  if (out_schema != nullptr) ZR_RETURN_NOT_OK(ExportSchema(schema, out_schema));
  *out_array = result;
  return Status::OK();
}

// W1-W2 as BinaryRow::Wrap applies them, with the same kinds: shorter than the fixed region
// is truncated, any other misfit invalid_data.
Status NotARow(size_t k, uint64_t fixed, uint64_t size) {
  return Status::Error(
      size < fixed ? ErrorKind::kTruncated : ErrorKind::kInvalidData,
      "row " + std::to_string(k) + " is not a row of the schema (expected size >= " + std::to_string(fixed) +
          ", a multiple of 8, but found " + std::to_string(size) + ")",
      detail::IndexPath(static_cast<int64_t>(k)), static_cast<int64_t>(fixed), static_cast<int64_t>(size));
}

}  // namespace

Status ExportRows(const Schema& schema, std::span<const BinaryRow> rows, ArrowArray* out_array,
                  ArrowSchema* out_schema) {
  const DataType* st = schema.struct_type().get();
  RowPointers pointers{std::vector<const uint8_t*>(rows.size()), std::vector<uint32_t>(rows.size())};
  for (size_t k = 0; k < rows.size(); ++k) {
    // The rows may come from WrapUnchecked: re-apply W1 so slot reads stay inside.
    if (rows[k].data() == nullptr || rows[k].size_bytes() < st->fixed_region_size() ||
        rows[k].num_fields() != st->num_fields())
      return NotARow(k, st->fixed_region_size(), rows[k].size_bytes());
    pointers.ptrs[k] = rows[k].data();
    pointers.sizes[k] = rows[k].size_bytes();
  }
  return ExportRowPointers(schema, pointers, out_array, out_schema);
}

Status ExportRows(const Schema& schema, std::span<const uint8_t> bytes, std::span<const int64_t> offsets,
                  ArrowArray* out_array, ArrowSchema* out_schema) {
  if (offsets.empty()) return Status::Error(ErrorKind::kInvalidArgument, "offsets needs num_rows + 1 entries");
  const uint64_t fixed = schema.struct_type()->fixed_region_size();
  const size_t n = offsets.size() - 1;
  RowPointers pointers{std::vector<const uint8_t*>(n), std::vector<uint32_t>(n)};
  for (size_t k = 0; k < n; ++k) {
    int64_t a = offsets[k], b = offsets[k + 1];
    if (a < 0 || b < a || static_cast<uint64_t>(b) > bytes.size())
      return Status::Error(ErrorKind::kInvalidArgument, "row offsets out of order or past the buffer");
    uint64_t size = static_cast<uint64_t>(b - a);
    if (size < fixed || size % 8 != 0 || size > kMaxWrapSize) return NotARow(k, fixed, size);  // W1, W2
    pointers.ptrs[k] = bytes.data() + a;
    pointers.sizes[k] = static_cast<uint32_t>(size);
  }
  return ExportRowPointers(schema, pointers, out_array, out_schema);
}

}  // namespace zerorow::arrow_io

// Entry point: arrow_io::ImportSchema + arrow_io::ImportRows on Arrow arrays that a buggy producer
// could hand over. The input's row is exported to Arrow (ExportRows), then the exported
// buffers are mutated in place — offsets, validity bits, child lengths, data bytes — by a
// stream derived from the input, and imported without any Arrow validation first. The
// import must return an error or rows, never read outside the buffers (ASan) or hang.
#include <string_view>
#include <vector>

#include "fuzz_common.h"
#include "zerorow/arrow/export.h"
#include "zerorow/arrow/import.h"

namespace {

// What one mutation can touch: an array and the width of its offsets (0: none).
struct Node {
  ArrowArray* array;
  int offset_width;
};

void Collect(ArrowArray* a, const ArrowSchema* s, std::vector<Node>* out) {
  std::string_view f(s->format);
  int w = 0;
  if (f == "u" || f == "z" || f == "+l" || f == "+m") w = 4;
  if (f == "U" || f == "Z" || f == "+L") w = 8;
  out->push_back(Node{a, w});
  for (int64_t c = 0; c < a->n_children && c < s->n_children; ++c) Collect(a->children[c], s->children[c], out);
}

// splitmix64: a stream of mutations determined by the input.
struct Stream {
  uint64_t x;
  uint64_t Next() {
    uint64_t z = (x += 0x9e3779b97f4a7c15ull);
    z = (z ^ (z >> 30)) * 0xbf58476d1ce4e5b9ull;
    z = (z ^ (z >> 27)) * 0x94d049bb133111ebull;
    return z ^ (z >> 31);
  }
  int64_t Small(int64_t bound) { return static_cast<int64_t>(Next() % static_cast<uint64_t>(bound)); }
};

void Mutate(const Node& n, Stream* r) {
  ArrowArray* a = n.array;
  const int64_t count = a->offset + a->length;
  switch (r->Small(4)) {
    case 0:  // an offset anywhere in [-4, 2 * (count + 4))
      if (n.offset_width != 0 && a->n_buffers > 1 && a->buffers[1] != nullptr) {
        int64_t at = r->Small(count + 1);
        int64_t v = r->Small(2 * (count + 4) + 4) - 4;
        if (n.offset_width == 4)
          static_cast<int32_t*>(const_cast<void*>(a->buffers[1]))[at] = static_cast<int32_t>(v);
        else
          static_cast<int64_t*>(const_cast<void*>(a->buffers[1]))[at] = v;
      }
      break;
    case 1:  // a shorter child than the parent needs
      if (a->length > 0) a->length -= 1 + r->Small(a->length);
      break;
    case 2:  // a validity bit flipped (null_count made nonzero so it is read)
      if (a->n_buffers > 0 && a->buffers[0] != nullptr && count > 0) {  // null type: no buffers
        int64_t bit = r->Small(count);
        static_cast<uint8_t*>(const_cast<void*>(a->buffers[0]))[bit >> 3] ^= static_cast<uint8_t>(1u << (bit & 7));
        a->null_count = -1;
      }
      break;
    default:  // the first value byte changed (string bytes, ints, decimals)
      if (a->n_buffers >= 2 && a->buffers[a->n_buffers - 1] != nullptr && a->length > 0 && n.offset_width == 0)
        static_cast<uint8_t*>(const_cast<void*>(a->buffers[a->n_buffers - 1]))[0] ^= static_cast<uint8_t>(r->Next());
      break;
  }
}

}  // namespace

extern "C" int LLVMFuzzerTestOneInput(const uint8_t* data, size_t size) {
  auto in = zerorow::fuzz::Split(data, size);
  if (!in) return 0;
  std::vector<uint8_t> row(in->row.begin(), in->row.end());
  std::vector<int64_t> offsets{0, static_cast<int64_t>(row.size()), static_cast<int64_t>(2 * row.size())};
  row.insert(row.end(), in->row.begin(), in->row.end());  // two rows: offsets inside a batch matter
  ArrowArray array;
  ArrowSchema schema;
  if (!zerorow::arrow_io::ExportRows(in->schema, row, offsets, &array, &schema).ok()) return 0;
  std::vector<Node> nodes;
  Collect(&array, &schema, &nodes);
  Stream r{zerorow::fuzz::Touch(std::span<const uint8_t>(data, size))};
  int mutations = 1 + static_cast<int>(r.Small(4));
  for (int k = 0; k < mutations; ++k)
    Mutate(nodes[static_cast<size_t>(r.Small(static_cast<int64_t>(nodes.size())))], &r);
  auto imported = zerorow::arrow_io::ImportSchema(&schema);
  zerorow::arrow_io::RowBatch batch;
  zerorow::Status st = zerorow::arrow_io::ImportRows(&array, &schema, in->schema, &batch);
  if (st.ok() && imported.ok()) (void)zerorow::fuzz::Touch(batch.bytes);
  array.release(&array);
  schema.release(&schema);
  return 0;
}

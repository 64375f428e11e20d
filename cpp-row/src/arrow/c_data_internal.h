// Shared by the export (export_*.cc) and the import (import_*.cc): owned buffers, the
// release callbacks of the Arrow C Data Interface, and building an ArrowArray.
#pragma once

#include <cstdlib>
#include <cstring>
#include <memory>
#include <string>
#include <string_view>
#include <vector>

#include "zerorow/arrow/c_data.h"
#include "zerorow/schema.h"

namespace zerorow::arrow_io::internal {

/// A 64-byte aligned, zero-initialised byte buffer (Arrow recommends 64-byte alignment).
class Buffer {
 public:
  Buffer() = default;
  explicit Buffer(size_t n, bool zero = true) { Resize(n, zero); }
  Buffer(Buffer&& o) noexcept : p_(o.p_), n_(o.n_) {
    o.p_ = nullptr;
    o.n_ = 0;
  }
  Buffer& operator=(Buffer&& o) noexcept {
    std::swap(p_, o.p_);
    std::swap(n_, o.n_);
    return *this;
  }
  ~Buffer() { std::free(p_); }
  void Resize(size_t n, bool zero = true) {  // discards the content
    std::free(p_);
    size_t cap = (n + 63) & ~size_t{63};
    p_ = static_cast<uint8_t*>(std::aligned_alloc(64, cap ? cap : 64));
    if (zero) {
      std::memset(p_, 0, cap ? cap : 64);
    } else if (cap > n) {
      std::memset(p_ + n, 0, cap - n);  // padding stays defined
    }
    n_ = n;
  }
  uint8_t* data() { return p_; }
  size_t size() const { return n_; }

 private:
  uint8_t* p_ = nullptr;
  size_t n_ = 0;
};

/// Everything an exported ArrowArray owns.
struct ArrayPrivate {
  std::vector<Buffer> buffers;
  std::vector<const void*> buffer_ptrs;
  std::vector<std::unique_ptr<ArrowArray>> children;
  std::vector<ArrowArray*> child_ptrs;
};

/// Everything an exported ArrowSchema owns.
struct SchemaPrivate {
  std::string format, name, metadata;
  std::vector<std::unique_ptr<ArrowSchema>> children;
  std::vector<ArrowSchema*> child_ptrs;
};

void ReleaseArray(ArrowArray* a);
void ReleaseSchema(ArrowSchema* s);

/// Makes `out` an array of `length` entries with `n_buffers` (still null) buffers, no
/// children, null_count 0, owned by an ArrayPrivate that ReleaseArray frees.
ArrayPrivate* InitArray(ArrowArray* out, int64_t length, int n_buffers);
/// Appends an (uninitialised, release = nullptr) child to an InitArray'd array.
ArrowArray* AddChild(ArrowArray* parent);
/// Hands `buf` to `a` as its buffer `index`.
void SetBuffer(ArrowArray* a, int index, Buffer buf);

/// Arrow format string for a zerorow type (SPEC §12.1).
std::string FormatOf(const DataType& t);
/// The ArrowSchema metadata naming extension type `name` (empty extension metadata).
std::string ExtensionMetadata(std::string_view name);
/// The extension names of SPEC §12.1.
inline constexpr std::string_view kUuidExtension = "arrow.uuid";
inline constexpr std::string_view kVariantExtension = "parquet.variant";

}  // namespace zerorow::arrow_io::internal

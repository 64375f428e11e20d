// What the export and the import share: the release callbacks, building an ArrowArray,
// and the Arrow format string of a zerorow type (SPEC §12).
#include "c_data_internal.h"

namespace zerorow::arrow_io::internal {

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
  out->release = ReleaseArray;
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
    case TypeId::kNull:
      return "n";
    case TypeId::kIntervalYm:
      return "tiM";  // month_interval
    case TypeId::kInterval:
      return "tin";  // month_day_nano_interval
    case TypeId::kFixedBinary:
    case TypeId::kUuid:
      return "w:" + std::to_string(t.body_size());
    case TypeId::kVariant:
      return "+s";  // struct<metadata, value>, extension parquet.variant
  }
  return "n";
}

std::string ExtensionMetadata(std::string_view name) {
  // Arrow C Data metadata: int32 pair count, then int32-length-prefixed key and value.
  std::string out;
  auto put32 = [&](int32_t v) { out.append(reinterpret_cast<const char*>(&v), 4); };
  auto put = [&](std::string_view s) {
    put32(static_cast<int32_t>(s.size()));
    out.append(s);
  };
  put32(2);
  put("ARROW:extension:name");
  put(name);
  put("ARROW:extension:metadata");
  put("");
  return out;
}

}  // namespace zerorow::arrow_io::internal

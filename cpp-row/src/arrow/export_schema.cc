// zerorow schema -> ArrowSchema (SPEC §12).
#include "c_data_internal.h"
#include "zerorow/arrow/export.h"

namespace zerorow::arrow_io {
namespace {

using internal::SchemaPrivate;

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

void SetMetadata(ArrowSchema* out, std::string metadata) {
  auto* priv = static_cast<SchemaPrivate*>(out->private_data);
  priv->metadata = std::move(metadata);
  out->metadata = priv->metadata.data();
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
    case TypeId::kUuid:
      SetMetadata(out, internal::ExtensionMetadata(internal::kUuidExtension));
      break;
    case TypeId::kVariant:
      // SPEC §12.1: extension parquet.variant over struct<metadata: binary not null, value: binary not null>.
      SetMetadata(out, internal::ExtensionMetadata(internal::kVariantExtension));
      FillSchema(AddChild(out), "z", "metadata", false, 0);
      FillSchema(AddChild(out), "z", "value", false, 0);
      break;
    case TypeId::kBool:
    case TypeId::kInt8:
    case TypeId::kInt16:
    case TypeId::kInt32:
    case TypeId::kInt64:
    case TypeId::kFloat32:
    case TypeId::kFloat64:
    case TypeId::kString:
    case TypeId::kBinary:
    case TypeId::kDate32:
    case TypeId::kTime:
    case TypeId::kTimestamp:
    case TypeId::kDuration:
    case TypeId::kDecimal:
    case TypeId::kNull:
    case TypeId::kIntervalYm:
    case TypeId::kInterval:
    case TypeId::kFixedBinary:
      break;  // no children, no metadata
  }
}

}  // namespace

Status ExportSchema(const Schema& schema, ArrowSchema* out) {
  ExportType(*schema.struct_type(), "", false, out);
  return Status::OK();
}

}  // namespace zerorow::arrow_io

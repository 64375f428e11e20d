#include "int96_check.h"

#include <cstdint>
#include <string>

namespace zerorow::tools {
namespace {

int64_t FloorDiv1000(int64_t v) { return v / 1000 - (v % 1000 < 0 ? 1 : 0); }

Status CheckLeaf(const arrow::Array& us, const arrow::Array& ms, const std::string& path, bool top) {
  const auto& a = static_cast<const arrow::TimestampArray&>(us);
  const auto& b = static_cast<const arrow::TimestampArray&>(ms);
  for (int64_t i = 0; i < a.length(); ++i) {
    if (a.IsNull(i) || b.IsNull(i)) continue;
    if (FloorDiv1000(a.Value(i)) == b.Value(i)) continue;
    const std::string at = top ? "row " + std::to_string(i) : "value " + std::to_string(i) + " of its flattened column";
    return Status::Error(ErrorKind::kInvalidData,
                         at + ": INT96 timestamp " + std::to_string(b.Value(i)) +
                             " ms does not fit int64 microseconds (read at µs it wraps to " +
                             std::to_string(a.Value(i)) + ")",
                         path);
  }
  return Status::OK();
}

Status Walk(const std::shared_ptr<arrow::Array>& us, const std::shared_ptr<arrow::Array>& ms, const std::string& path,
            bool top) {
  if (us->type_id() != ms->type_id() || us->length() != ms->length())
    return Status::Error(ErrorKind::kInvalidData,
                         "the column read at µs (" + us->type()->ToString() + ", " + std::to_string(us->length()) +
                             " values) and at ms (" + ms->type()->ToString() + ", " + std::to_string(ms->length()) +
                             " values) differ in shape",
                         path);
  switch (us->type_id()) {
    case arrow::Type::TIMESTAMP:
      return CheckLeaf(*us, *ms, path, top);
    case arrow::Type::MAP: {
      const auto& a = static_cast<const arrow::MapArray&>(*us);
      const auto& b = static_cast<const arrow::MapArray&>(*ms);
      ZR_RETURN_NOT_OK(Walk(a.keys(), b.keys(), path + "{keys}", false));
      return Walk(a.items(), b.items(), path + "{values}", false);
    }
    case arrow::Type::LIST:
    case arrow::Type::LARGE_LIST: {
      auto a = us->type_id() == arrow::Type::LIST ? static_cast<const arrow::ListArray&>(*us).Flatten()
                                                  : static_cast<const arrow::LargeListArray&>(*us).Flatten();
      auto b = ms->type_id() == arrow::Type::LIST ? static_cast<const arrow::ListArray&>(*ms).Flatten()
                                                  : static_cast<const arrow::LargeListArray&>(*ms).Flatten();
      if (!a.ok() || !b.ok())
        return Status::Error(ErrorKind::kInvalidData,
                             "flattening its lists: " + (a.ok() ? b.status() : a.status()).ToString(), path);
      return Walk(*a, *b, path + "[]", false);
    }
    case arrow::Type::STRUCT: {
      const auto& a = static_cast<const arrow::StructArray&>(*us);
      const auto& b = static_cast<const arrow::StructArray&>(*ms);
      for (int i = 0; i < a.num_fields(); ++i)
        ZR_RETURN_NOT_OK(Walk(a.field(i), b.field(i), path + "." + a.struct_type()->field(i)->name(), top));
      return Status::OK();
    }
    default:
      return Status::OK();
  }
}

}  // namespace

Status CheckInt96(const std::shared_ptr<arrow::Array>& us, const std::shared_ptr<arrow::Array>& ms,
                  const std::string& column) {
  return Walk(us, ms, column, true);
}

}  // namespace zerorow::tools

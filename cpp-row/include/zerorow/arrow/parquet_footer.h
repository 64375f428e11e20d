// The Parquet forms of SPEC §12.3 that Arrow C++ 21 (and so pyarrow) cannot read, made
// readable by rewriting the file's footer (its Thrift FileMetaData) before a Parquet reader
// sees it, without linking Parquet:
//
// - FIXED_LEN_BYTE_ARRAY(12) with converted type INTERVAL: parquet-mr writes the logical type
//   UNKNOWN beside it, which Arrow C++ reads as an all-null column, losing the values. The
//   patched footer drops that logical type, so the column is read as fixed_size_binary[12].
// - A group annotated VARIANT: Arrow C++ refuses the whole file ("Logical type Variant cannot
//   be applied to group node"). The patched footer drops the annotation: the group is read as
//   struct<metadata: binary, value: binary>.
//
// Each patched schema element gets a fresh field id (one the file does not use), which Arrow's
// Parquet readers put in the field's metadata as "PARQUET:field_id"; the reader then marks that
// Arrow field — ARROW:extension:name = parquet.variant for a variant group, kParquetLogicalTypeKey
// = INTERVAL for an interval — and ImportRows maps it by SPEC §12.3 (the field id the file
// had, if any, is given back in the Mark).
#pragma once

#include <cstdint>
#include <optional>
#include <span>
#include <string>
#include <vector>

#include "zerorow/status.h"

namespace zerorow::arrow_io {

struct ParquetMark {
  enum class Kind : uint8_t {
    kInterval,         // FIXED_LEN_BYTE_ARRAY(12) INTERVAL
    kVariant,          // group (VARIANT) { metadata; value; }
    kShreddedVariant,  // group (VARIANT) with typed_value, or another form: refused when read
  };
  Kind kind = Kind::kInterval;
  int32_t field_id = 0;  // the fresh field id of the patched element
  std::optional<int32_t> original_field_id;
  std::string path;  // the element's dotted path in the Parquet schema
};

struct PatchedFooter {
  std::string footer;  // the FileMetaData to read instead (empty when marks is empty)
  std::vector<ParquetMark> marks;
};

/// `footer`: the serialized FileMetaData (the bytes before the file's last 8). No marks when
/// the schema has none of the forms above; invalid_data when the Thrift bytes are broken.
Result<PatchedFooter> PatchParquetFooter(std::span<const uint8_t> footer);

}  // namespace zerorow::arrow_io

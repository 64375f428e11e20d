// Validation levels (SPEC §6.2) and the full validator (SPEC §6.3).
#pragma once

#include <cstdint>
#include <span>

#include "zerorow/binary_row.h"
#include "zerorow/schema.h"
#include "zerorow/status.h"

namespace zerorow {

/// How much a reader checks before handing out a row (SPEC §6.2).
enum class ValidationLevel : uint8_t {
  kNone,    ///< nothing; cost 0. The caller asserts the bytes are valid.
  kBounds,  ///< wrap rules W1-W2 now, access rules B1-B3 on every get; O(1) per access.
  kFull,    ///< every rule of SPEC §6.3, one pass over the bytes; O(size).
};

/// "none" / "bounds" / "full".
std::string_view ValidationLevelName(ValidationLevel level);

/// Validates a top-level row of `schema` at `level`. The error names the field path and
/// the expected and actual numbers, e.g. "invalid_data at f3: expected offset+size <= 96
/// but found 120". Never reads outside `bytes`.
/// The type comes first, then the bytes, in every validate function, as in Java and Python
/// (SPEC §1.1).
Status Validate(const Schema& schema, std::span<const uint8_t> bytes, ValidationLevel level = ValidationLevel::kFull);
inline Status Validate(const Schema& schema, const BinaryRow& row, ValidationLevel level = ValidationLevel::kFull) {
  return Validate(schema, row.bytes(), level);
}

/// Same, for a top-level row of a struct type (no Schema needed); `struct_type` must be a
/// struct type checked like a schema (e.g. one taken from a Schema).
Status Validate(const DataType& struct_type, std::span<const uint8_t> bytes,
                ValidationLevel level = ValidationLevel::kFull);
/// The bytes a view covers, validated as a top-level row of the view's struct type (a nested
/// row too), as java-row's Validator.validate(row, level) (SPEC §1.1). A default-constructed
/// view has no type: invalid_argument.
inline Status Validate(const BinaryRow& row, ValidationLevel level = ValidationLevel::kFull) {
  if (!row.has_type()) return Status::Error(ErrorKind::kInvalidArgument, "a default-constructed BinaryRow has no type");
  return Validate(row.struct_type(), row.bytes(), level);
}

/// What a row's own fixed region shows about its layout, without entering any body: W1-W2,
/// null bitmap bits >= n zero (SPEC §6.3 rule 2), a null field nullable (3.1; a null decimal
/// with precision > 18 or interval: a 16-byte reserve past the fixed region; the zero slot of
/// other nulls is canonical form, left to kFull; a field of type null has its null bit set),
/// each fixed-width value (3.2) and each reference (3.3 a-d: below 2^31, aligned, past the fixed
/// region, inside the row; SPEC §6.2 B4: fixed_binary, uuid and interval bodies of their size,
/// a variant body of at least 4 bytes). O(fields). Resolution::View(bytes) checks it at level bounds: bytes
/// of another schema are refused where their fixed region shows it. Only kFull sees the rest
/// (nested bodies, canonical order, padding, UTF-8, trailing bytes).
Status ValidateFixedRegion(const DataType& struct_type, std::span<const uint8_t> bytes);

/// The checks a reader of every value of the row makes at level bounds, in one walk: the access
/// rules B1-B5 (SPEC §6.2) at every value and nested body (fixed_binary, uuid and interval
/// bodies of their size, a variant's value inside its body, no null in a non-nullable field,
/// element or map key), strings UTF-8, decimal bodies of 1-16 bytes, and at most one value (or
/// string/binary byte) per byte of the row (SPEC §6.2's decode budget). A row that passes
/// converts to Arrow (SPEC §12): ArrowWriter checks this at level bounds before a row joins its
/// batch. Not checked (only kFull is): canonical order, padding, zero null slots and high
/// bytes, value ranges, trailing bytes.
Status ValidateReads(const DataType& struct_type, std::span<const uint8_t> bytes);

/// Validates at `level`, then wraps: the usual way to open an untrusted row.
Result<BinaryRow> ValidateAndWrap(const Schema& schema, std::span<const uint8_t> bytes,
                                  ValidationLevel level = ValidationLevel::kFull);
/// Refused: the row would borrow the types of a temporary schema (see BinaryRow::Wrap).
Result<BinaryRow> ValidateAndWrap(Schema&& schema, std::span<const uint8_t> bytes,
                                  ValidationLevel level = ValidationLevel::kFull) = delete;
/// Refused: the row would borrow the bytes of a temporary container (see BinaryRow::Wrap).
template <detail::TemporaryBytes R>
Result<BinaryRow> ValidateAndWrap(const Schema& schema, R&& bytes,
                                  ValidationLevel level = ValidationLevel::kFull) = delete;

/// Full validation of a nested value as its own region (SPEC §6.3 row/array/map rules);
/// W1 failures are invalid_data (not truncated), as for a nested body.
/// `type` is the value's type (struct, list element type for arrays, or map).
Status ValidateStructBody(const DataType& struct_type, std::span<const uint8_t> bytes);
Status ValidateArrayBody(const DataType& element_type, std::span<const uint8_t> bytes);
Status ValidateMapBody(const DataType& map_type, std::span<const uint8_t> bytes);

// The argument order of 0.2 and before: bytes first. Kept for one release (CHANGES.md).
#define ZR_OLD_ORDER [[deprecated("the type comes first: Validate(schema, bytes, level) (SPEC §1.1, CHANGES.md)")]]
ZR_OLD_ORDER inline Status Validate(std::span<const uint8_t> bytes, const Schema& schema,
                                    ValidationLevel level = ValidationLevel::kFull) {
  return Validate(schema, bytes, level);
}
ZR_OLD_ORDER inline Status Validate(const BinaryRow& row, const Schema& schema,
                                    ValidationLevel level = ValidationLevel::kFull) {
  return Validate(schema, row.bytes(), level);
}
ZR_OLD_ORDER inline Status Validate(std::span<const uint8_t> bytes, const DataType& struct_type,
                                    ValidationLevel level = ValidationLevel::kFull) {
  return Validate(struct_type, bytes, level);
}
ZR_OLD_ORDER inline Status ValidateFixedRegion(std::span<const uint8_t> bytes, const DataType& struct_type) {
  return ValidateFixedRegion(struct_type, bytes);
}
ZR_OLD_ORDER inline Status ValidateReads(std::span<const uint8_t> bytes, const DataType& struct_type) {
  return ValidateReads(struct_type, bytes);
}
ZR_OLD_ORDER inline Result<BinaryRow> ValidateAndWrap(std::span<const uint8_t> bytes, const Schema& schema,
                                                      ValidationLevel level = ValidationLevel::kFull) {
  return ValidateAndWrap(schema, bytes, level);
}
Result<BinaryRow> ValidateAndWrap(std::span<const uint8_t> bytes, Schema&& schema,
                                  ValidationLevel level = ValidationLevel::kFull) = delete;
template <detail::TemporaryBytes R>
Result<BinaryRow> ValidateAndWrap(R&& bytes, const Schema& schema,
                                  ValidationLevel level = ValidationLevel::kFull) = delete;
#undef ZR_OLD_ORDER

/// True when `bytes` is valid UTF-8 (no surrogates, no overlongs, <= U+10FFFF).
bool IsValidUtf8(std::span<const uint8_t> bytes);
inline bool IsValidUtf8(std::string_view s) {
  return IsValidUtf8(std::span<const uint8_t>(reinterpret_cast<const uint8_t*>(s.data()), s.size()));
}

}  // namespace zerorow

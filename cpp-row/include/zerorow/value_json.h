// Values in the JSON form of SPEC §10 (values.json), the form field defaults take in the
// canonical schema JSON (SPEC §4.1, §13.7). Part of the core because defaults are part of a
// schema; the golden-vector checks (zerorow::testing) use the same two functions.
#pragma once

#include <array>
#include <span>
#include <string>

#include "zerorow/binary_row.h"
#include "zerorow/json.h"
#include "zerorow/row_writer.h"
#include "zerorow/schema.h"

namespace zerorow {

/// Writes `v` (values.json form of type `t`) as ordinal i of `w`: null as SetNull, every
/// other value through the writer's checks (range, scale, UTF-8, sizes, variants). A struct
/// object's missing keys are null, unless `all_fields` (the strict form a default takes, SPEC
/// §13.7: every field of a struct and no other key, int64-like values as strings and narrower
/// integers as numbers). Errors are relative to `w` and start with w->PathOf(i).
Status WriteJsonValue(detail::SlotWriter* w, int i, const DataType& t, const JsonValue& v, bool all_fields = false);

/// Appends the canonical values.json text of ordinal i of `view` (of type `t`): SPEC §10
/// forms, an object's keys in field order, floats as the shortest text that reads back.
Status AppendJsonValue(const detail::SlotView& view, int i, const DataType& t, std::string* out);

/// Lowercase hex of bytes (values.json binary / fixed_binary).
std::string BytesToHex(std::span<const uint8_t> bytes);
/// The 16 bytes of a UUID text ("0f8fad5b-d9cb-469f-a165-70867728950e", hyphens optional,
/// any case); invalid_data otherwise.
Result<std::array<uint8_t, 16>> UuidFromText(std::string_view text);
/// The lowercase text form of 16 UUID bytes.
std::string UuidToText(std::span<const uint8_t, 16> bytes);

}  // namespace zerorow

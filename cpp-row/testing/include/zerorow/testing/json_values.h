// Row values <-> the values.json form of the golden vectors (SPEC §10), for the vector
// runner and the tests (zerorow::testing, not part of the shipped library). RowToJson
// prints any row, which helps when debugging.
#pragma once

#include <string>

#include "zerorow/binary_row.h"
#include "zerorow/json.h"
#include "zerorow/row_writer.h"
#include "zerorow/schema.h"

namespace zerorow::testing {

/// Encodes a values.json object (field name -> value) as one row of the writer's schema.
/// Calls writer->Reset() and Finish().
Status WriteRowFromJson(const JsonValue& values, RowWriter* writer);

/// Checks that `row` holds exactly the values of a values.json object; the error names the
/// field path and both values. Reads with bounds-checked getters.
Status CheckRowAgainstJson(const BinaryRow& row, const JsonValue& values);

/// The values.json text of a row (SPEC §10 value forms, fields in schema order).
Result<std::string> RowToJson(const BinaryRow& row);

}  // namespace zerorow::testing

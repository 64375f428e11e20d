// Entry point: resolved views (SPEC §13.4) over unvalidated rows. The input's schema is the
// writer; the reader is derived from it by allowed changes at every level (fields reversed,
// renamed through an alias, integers and floats widened, decimals rescaled, strings read as
// binary, a nullable field added, every value made nullable). Resolving must succeed; then
// every getter and WriteReaderRow either return a value or a Status, never read outside the
// buffer, and a row WriteReaderRow completes must pass full validation.
#include <algorithm>
#include <cstdio>
#include <cstdlib>

#include "fuzz_common.h"
#include "zerorow/resolve.h"
#include "zerorow/row_writer.h"
#include "zerorow/validate.h"

namespace {

using namespace zerorow;

DataTypePtr Derive(const DataType& w, bool key);

DataTypePtr DeriveStruct(const DataType& w, bool key) {
  std::vector<Field> fields;
  for (const Field& f : w.fields()) {
    // Inside a map key a struct keeps its fields, names and order (SPEC §13.1).
    std::vector<std::string> aliases;
    std::string name = f.name;
    if (!key && w.FieldIndex("r_" + f.name) < 0) {  // then no reader name or alias collides
      name = "r_" + f.name;
      aliases = {f.name};
    }
    fields.push_back(field(name, Derive(*f.type, key), key ? f.nullable : true, aliases));
  }
  if (!key) {
    std::reverse(fields.begin(), fields.end());
    bool taken = false;
    for (const Field& f : fields) {
      taken |= f.name == "zz_added";
      for (const std::string& a : f.aliases) taken |= a == "zz_added";
    }
    if (!taken) fields.push_back(field("zz_added", int32()));
  }
  return struct_(std::move(fields));
}

DataTypePtr Derive(const DataType& w, bool key) {
  switch (w.id()) {
    case TypeId::kInt8:
    case TypeId::kInt16:
    case TypeId::kInt32:
      return int64();
    case TypeId::kFloat32:
      return key ? float32() : float64();
    case TypeId::kString:
      return binary();
    case TypeId::kDecimal:
      return decimal(38, w.scale() + (38 - w.precision()));
    case TypeId::kList:
      return list(Derive(*w.element(), key), key ? w.element_nullable() : true);
    case TypeId::kMap:
      return map(Derive(*w.key(), true), Derive(*w.value(), key), key ? w.value_nullable() : true);
    case TypeId::kStruct:
      return DeriveStruct(w, key);
    case TypeId::kTimestamp:
      return w.tz().empty() ? timestamp() : timestamp("+01:00");
    case TypeId::kIntervalYm:
    case TypeId::kDuration:
      return key ? DataType::Primitive(w.id()) : interval();  // SPEC §13.3
    case TypeId::kFixedBinary:
      return key ? fixed_binary(w.byte_width()) : binary();
    case TypeId::kUuid:
      return fixed_binary(16);
    case TypeId::kInterval:
    case TypeId::kBool:
    case TypeId::kInt64:
    case TypeId::kFloat64:
    case TypeId::kBinary:
    case TypeId::kDate32:
    case TypeId::kTime:
    case TypeId::kNull:
    case TypeId::kVariant:
      return DataType::Primitive(w.id());
  }
  return DataType::Primitive(w.id());
}

// Each getter on each top-level reader field (the right one and a wrong one).
uint64_t ReadFields(const ResolvedRow& row) {
  uint64_t h = 0;
  for (int i = 0; i <= row.num_fields(); ++i) {  // one past the end: out_of_range
    h += row.IsNull(i).ValueOr(true);
    h += static_cast<uint64_t>(row.GetInt64(i).ValueOr(0));
    h += static_cast<uint64_t>(row.GetFloat64(i).ValueOr(0) != 0);
    h += static_cast<uint64_t>(row.GetDecimal(i).ValueOr(Decimal128{}).unscaled);
    auto b = row.GetBinary(i);
    if (b.ok()) h += fuzz::Touch(*b);
    auto s = row.GetString(i);
    if (s.ok()) h += fuzz::Touch({reinterpret_cast<const uint8_t*>(s->data()), s->size()});
    h += row.GetStruct(i).ok() + row.GetArray(i).ok() + row.GetMap(i).ok();
    h += static_cast<uint64_t>(row.GetInterval(i).ValueOr(Interval{}).microseconds);
    auto u = row.GetUuid(i);
    if (u.ok()) h += fuzz::Touch(*u);
    auto var = row.GetVariant(i);
    if (var.ok()) h += var->ToJson().ok();
  }
  return h;
}

}  // namespace

extern "C" int LLVMFuzzerTestOneInput(const uint8_t* data, size_t size) {
  auto in = fuzz::Split(data, size);
  if (!in) return 0;
  auto reader = Schema::FromStructType(Derive(*in->schema.struct_type(), false));
  if (!reader.ok()) {
    std::fprintf(stderr, "derived reader schema invalid: %s\n", reader.status().ToString().c_str());
    std::abort();
  }
  auto res = Resolve(in->schema, *reader);
  if (!res.ok()) {
    std::fprintf(stderr, "derived reader refused: %s\n", res.status().ToString().c_str());
    std::abort();
  }
  std::vector<uint8_t> row(in->row.begin(), in->row.end());  // exact size: ASan sees one past the end
  // The default level's fixed-region check must never read outside the row; the getters are
  // then driven over the row as it is (kNone: only the wrap rules), bad references included.
  (void)res->View(std::span<const uint8_t>(row));
  auto view = res->View(std::span<const uint8_t>(row), ValidationLevel::kNone);
  if (!view.ok()) return 0;
  volatile uint64_t h = ReadFields(*view);
  (void)h;
  RowWriter out(*reader);
  if (WriteReaderRow(*view, &out).ok() && out.Finish().ok()) {
    Status st = Validate(*reader, out.bytes(), ValidationLevel::kFull);
    if (!st.ok()) {
      std::fprintf(stderr, "WriteReaderRow wrote an invalid row: %s\n", st.ToString().c_str());
      std::abort();
    }
  }
  return 0;
}

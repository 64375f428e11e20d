// Writes a row of the seed Foo-like schema, validates it, reads it back, exports it to
// Arrow C Data. Built against the installed library by `make test-cpp`.
#include <zerorow/zerorow.h>

#include <cstdio>

int main() {
  auto schema = zerorow::Schema::FromJson(
      R"({"type":"struct","fields":[{"name":"f1","type":"int32","nullable":false},)"
      R"({"name":"f2","type":{"type":"list","element":"int32","element_nullable":true},"nullable":true}]})");
  if (!schema.ok()) return std::fprintf(stderr, "%s\n", schema.status().ToString().c_str()), 1;

  zerorow::RowWriter writer(*schema);
  zerorow::ArrayWriter list;
  zerorow::Status st = writer.WriteInt32(0, 42);
  if (st.ok()) st = writer.BeginArray(1, 3, &list);
  for (int i = 0; st.ok() && i < 3; ++i) st = list.WriteInt32(i, i * 10);
  if (st.ok()) st = list.Finish();
  if (st.ok()) st = writer.Finish();
  if (!st.ok()) return std::fprintf(stderr, "%s\n", st.ToString().c_str()), 1;

  auto row = zerorow::ValidateAndWrap(*schema, writer.bytes(), zerorow::ValidationLevel::kFull);
  if (!row.ok()) return std::fprintf(stderr, "%s\n", row.status().ToString().c_str()), 1;
  std::printf("f1=%d f2[2]=%d bytes=%zu fingerprint=%s\n", *row->GetInt32(0), *row->GetArray(1)->GetInt32(2),
              writer.bytes().size(), schema->fingerprint_hex().c_str());

  ArrowArray array;
  ArrowSchema arrow_schema;
  zerorow::BinaryRow rows[] = {*row};
  st = zerorow::arrow_io::ExportRows(*schema, rows, &array, &arrow_schema);
  if (!st.ok()) return std::fprintf(stderr, "%s\n", st.ToString().c_str()), 1;
  std::printf("arrow: format=%s length=%lld columns=%lld\n", arrow_schema.format, static_cast<long long>(array.length),
              static_cast<long long>(array.n_children));
  array.release(&array);
  arrow_schema.release(&arrow_schema);
  return 0;
}

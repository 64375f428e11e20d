// The C++ Arrow example the project started from (ArrowWriter::Make(schema,
// pool, &writer), writer->Write(row), writer->Finish(&batch)) with only the namespace
// changed: an Arrow schema, a std::shared_ptr<ArrowWriter>, rows written one by one, one
// RecordBatch. Built against the installed package (component arrow_adapter).
#include <arrow/api.h>
#include <zerorow/arrow/adapter.h>
#include <zerorow/row_writer.h>

#include <cstdio>

using namespace zerorow;  // arrow:: below is Arrow C++: zerorow's Arrow code is arrow_io::
using arrow_io::ArrowWriter;

// One row: f1 = i, f2 = [i, 2i, 3i].
Status WriteRow(RowWriter* writer, int32_t i) {
  writer->Reset();
  ZR_RETURN_NOT_OK(writer->WriteInt32(0, i));
  ArrayWriter f2;
  ZR_RETURN_NOT_OK(writer->BeginArray(1, 3, &f2));
  for (int k = 0; k < 3; ++k) ZR_RETURN_NOT_OK(f2.WriteInt32(k, i * (k + 1)));
  ZR_RETURN_NOT_OK(f2.Finish());
  return writer->Finish();
}

arrow::Status Run() {
  std::shared_ptr<arrow::Schema> schema =
      arrow::schema({arrow::field("f1", arrow::int32(), false), arrow::field("f2", arrow::list(arrow::int32()))});
  std::shared_ptr<ArrowWriter> arrow_writer;
  ARROW_RETURN_NOT_OK(ArrowWriter::Make(schema, arrow::default_memory_pool(), &arrow_writer));
  RowWriter row_writer(arrow_writer->schema());
  const int row_nums = 100;
  for (int i = 0; i < row_nums; ++i) {
    ARROW_RETURN_NOT_OK(arrow_io::ToArrowStatus(WriteRow(&row_writer, i)));
    ARROW_RETURN_NOT_OK(arrow_writer->Write(row_writer.row()));
  }
  std::shared_ptr<arrow::RecordBatch> record_batch;
  ARROW_RETURN_NOT_OK(arrow_writer->Finish(&record_batch));
  ARROW_RETURN_NOT_OK(record_batch->ValidateFull());
  if (record_batch->num_rows() != row_nums || !record_batch->schema()->Equals(*schema))
    return arrow::Status::Invalid("unexpected batch: ", record_batch->schema()->ToString());
  auto f2 = std::static_pointer_cast<arrow::ListArray>(record_batch->column(1));
  std::printf("seed: %lld rows, %d columns, f2[99] = %s\n", static_cast<long long>(record_batch->num_rows()),
              record_batch->num_columns(), f2->value_slice(99)->ToString().c_str());
  return arrow::Status::OK();
}

int main() {
  arrow::Status st = Run();
  if (!st.ok()) return std::fprintf(stderr, "%s\n", st.ToString().c_str()), 1;
  return 0;
}

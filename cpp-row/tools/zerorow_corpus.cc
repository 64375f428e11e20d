// The C++ runner of the Arrow and Parquet corpora (SPEC §12.4; format-spec's
// CORPUS protocol, driven by format-spec/harness/run_corpus.py):
//
//   zerorow_corpus <corpus-dir> <out-dir>
//
// For each (file, column) of <corpus-dir>/expected.tsv it reads that column alone — Arrow IPC
// files and streams with Arrow C++'s IPC readers, Parquet with Arrow C++'s Parquet reader (INT96
// read at microseconds, never a wrapped value) — and converts it with cpp-row's SPEC §12.2
// import (arrow_io::ImportSchema, arrow_io::ImportRows, rows numbered across batches) into rows
// of a one-field schema. It writes <out-dir>/<file>/<column>.json (the verdict, the error kind
// and message, the schema's canonical JSON, the row count) and, when accepted, <column>.rows
// ([u32 LE length][row bytes] per row). Every failure is a verdict; it exits 0 when it ran.
#include <arrow/api.h>
#include <arrow/c/bridge.h>
#include <arrow/io/file.h>
#include <arrow/ipc/reader.h>
#include <parquet/arrow/reader.h>
#include <parquet/properties.h>

#include <filesystem>
#include <fstream>
#include <iostream>
#include <sstream>
#include <string>
#include <vector>

#include "zerorow/arrow/import.h"
#include "zerorow/json.h"
#include "zerorow/schema.h"

namespace fs = std::filesystem;
using zerorow::ErrorKind;
using zerorow::Status;

namespace {

struct Outcome {
  bool accepted = false;
  std::string kind, message, schema;
  std::vector<std::vector<uint8_t>> rows;
};

// An Arrow C++ error (reading the file) as a verdict: its kind by what Arrow says.
Status FromArrow(const arrow::Status& st, const std::string& what) {
  ErrorKind kind = st.IsNotImplemented() ? ErrorKind::kUnsupported
                   : st.IsTypeError()    ? ErrorKind::kSchemaMismatch
                                         : ErrorKind::kInvalidData;
  return Status::Error(kind, what + ": " + st.ToString());
}

// No batch read: one empty batch of the column, so that its schema is still imported.
Status Empty(const std::shared_ptr<arrow::Schema>& one, std::vector<std::shared_ptr<arrow::RecordBatch>>* out) {
  if (!out->empty()) return Status::OK();
  auto empty = arrow::RecordBatch::MakeEmpty(one);
  if (!empty.ok()) return FromArrow(empty.status(), "an empty batch");
  out->push_back(*empty);
  return Status::OK();
}

// The column `name` of each batch (or chunk) of a file, as one-column record batches.
Status ReadColumn(const fs::path& file, const std::string& name,
                  std::vector<std::shared_ptr<arrow::RecordBatch>>* out) {
  const std::string where = "file '" + file.string() + "'";
  auto opened = arrow::io::ReadableFile::Open(file.string());
  if (!opened.ok()) return FromArrow(opened.status(), where);
  std::shared_ptr<arrow::io::ReadableFile> in = *opened;
  if (file.extension() == ".parquet") {
    parquet::ArrowReaderProperties props;
    props.set_coerce_int96_timestamp_unit(arrow::TimeUnit::MICRO);  // SPEC §12.3: never wrapped ns
    parquet::arrow::FileReaderBuilder builder;
    arrow::Status st = builder.Open(in);
    if (!st.ok()) return FromArrow(st, where);
    builder.properties(props);
    auto reader = builder.Build();
    if (!reader.ok()) return FromArrow(reader.status(), where);
    std::shared_ptr<arrow::Schema> schema;
    st = (*reader)->GetSchema(&schema);
    if (!st.ok()) return FromArrow(st, where);
    const int index = schema->GetFieldIndex(name);
    if (index < 0) return Status::Error(ErrorKind::kSchemaMismatch, where + " has no column '" + name + "'");
    std::shared_ptr<arrow::ChunkedArray> column;
    st = (*reader)->ReadColumn(index, &column);
    if (!st.ok()) return FromArrow(st, where + ", column '" + name + "'");
    auto one = arrow::schema({schema->field(index)});
    for (const auto& chunk : column->chunks()) out->push_back(arrow::RecordBatch::Make(one, chunk->length(), {chunk}));
    return Empty(one, out);
  }
  auto take = [&](const std::shared_ptr<arrow::RecordBatch>& batch) -> Status {
    const int index = batch->schema()->GetFieldIndex(name);
    if (index < 0) return Status::Error(ErrorKind::kSchemaMismatch, where + " has no column '" + name + "'");
    out->push_back(arrow::RecordBatch::Make(arrow::schema({batch->schema()->field(index)}), batch->num_rows(),
                                            {batch->column(index)}));
    return Status::OK();
  };
  auto only = [&](const std::shared_ptr<arrow::Schema>& s) -> Status {
    const int index = s->GetFieldIndex(name);
    if (index < 0) return Status::Error(ErrorKind::kSchemaMismatch, where + " has no column '" + name + "'");
    return Empty(arrow::schema({s->field(index)}), out);
  };
  auto file_reader = arrow::ipc::RecordBatchFileReader::Open(in);
  if (file_reader.ok()) {
    for (int b = 0; b < (*file_reader)->num_record_batches(); ++b) {
      auto batch = (*file_reader)->ReadRecordBatch(b);
      if (!batch.ok()) return FromArrow(batch.status(), where + ", batch " + std::to_string(b));
      ZR_RETURN_NOT_OK(take(*batch));
    }
    return only((*file_reader)->schema());
  }
  auto stream_in = arrow::io::ReadableFile::Open(file.string());
  if (!stream_in.ok()) return FromArrow(stream_in.status(), where);
  auto stream = arrow::ipc::RecordBatchStreamReader::Open(*stream_in);
  if (!stream.ok()) return FromArrow(stream.status(), where);
  while (true) {
    std::shared_ptr<arrow::RecordBatch> batch;
    arrow::Status st = (*stream)->ReadNext(&batch);
    if (!st.ok()) return FromArrow(st, where);
    if (!batch) break;
    ZR_RETURN_NOT_OK(take(batch));
  }
  return only((*stream)->schema());
}

// The column's rows through cpp-row's SPEC §12.2 import.
Status Convert(const fs::path& file, const std::string& name, Outcome* out) {
  std::vector<std::shared_ptr<arrow::RecordBatch>> batches;
  ZR_RETURN_NOT_OK(ReadColumn(file, name, &batches));
  zerorow::Schema schema;
  bool have_schema = false;
  zerorow::arrow_io::RowBatch rows;
  for (const auto& batch : batches) {
    ArrowArray c_array;
    ArrowSchema c_schema;
    arrow::Status st = arrow::ExportRecordBatch(*batch, &c_array, &c_schema);
    if (!st.ok()) return FromArrow(st, "column '" + name + "'");
    Status status;
    if (!have_schema) {
      auto s = zerorow::arrow_io::ImportSchema(&c_schema);
      status = s.status();
      if (s.ok()) {
        schema = *s;
        have_schema = true;
      }
    }
    if (status.ok())
      status = zerorow::arrow_io::ImportRows(&c_array, &c_schema, schema, &rows, {rows.num_rows(), false});
    c_array.release(&c_array);
    c_schema.release(&c_schema);
    ZR_RETURN_NOT_OK(status);
  }
  out->schema = schema.ToJson();
  for (int64_t k = 0; k < rows.num_rows(); ++k) {
    auto b = rows.row_bytes(k);
    out->rows.emplace_back(b.begin(), b.end());
  }
  return Status::OK();
}

std::string Json(const Outcome& o) {
  std::string out = "{\"verdict\":";
  out += o.accepted ? "\"accepted\"" : "\"refused\"";
  out += ",\"kind\":";
  if (o.accepted) {
    out += "null,\"message\":null,\"schema\":";
    zerorow::AppendJsonString(&out, o.schema);
    out += ",\"rows\":" + std::to_string(o.rows.size());
  } else {
    zerorow::AppendJsonString(&out, o.kind);
    out += ",\"message\":";
    zerorow::AppendJsonString(&out, o.message);
    out += ",\"schema\":null,\"rows\":null";
  }
  return out + "}\n";
}

std::string Flat(std::string s) {
  for (char& c : s) {
    if (c == '/') c = '_';
  }
  return s;
}

}  // namespace

int main(int argc, char** argv) {
  if (argc != 3) {
    std::cerr << "usage: zerorow_corpus <corpus-dir> <out-dir>\n";
    return 64;
  }
  const fs::path corpus = argv[1], out_dir = argv[2];
  std::ifstream table(corpus / "expected.tsv");
  if (!table) {
    std::cerr << "no expected.tsv in " << corpus << "\n";
    return 2;
  }
  std::string line;
  int count = 0;
  while (std::getline(table, line)) {
    if (line.empty() || line[0] == '#') continue;
    const size_t t1 = line.find('\t'), t2 = line.find('\t', t1 + 1);
    if (t1 == std::string::npos || t2 == std::string::npos) continue;
    const std::string file = line.substr(0, t1), column = line.substr(t1 + 1, t2 - t1 - 1);
    Outcome o;
    Status st;
    try {
      st = Convert(corpus / file, column, &o);
    } catch (const std::exception& e) {  // a runner never crashes on a file
      st = Status::Error(ErrorKind::kInvalidData, std::string("exception: ") + e.what());
    }
    o.accepted = st.ok();
    if (!st.ok()) {
      o.kind = std::string(zerorow::ErrorKindName(st.kind()));
      o.message = st.ToString();
    }
    std::string flat_file = file;
    for (size_t p = flat_file.find('/'); p != std::string::npos; p = flat_file.find('/', p + 2))
      flat_file.replace(p, 1, "__");
    const fs::path dir = out_dir / flat_file;
    fs::create_directories(dir);
    std::ofstream(dir / (Flat(column) + ".json")) << Json(o);
    if (o.accepted) {
      std::ofstream rows(dir / (Flat(column) + ".rows"), std::ios::binary);
      for (const auto& r : o.rows) {
        const uint32_t n = static_cast<uint32_t>(r.size());
        rows.write(reinterpret_cast<const char*>(&n), 4);
        rows.write(reinterpret_cast<const char*>(r.data()), static_cast<std::streamsize>(r.size()));
      }
    }
    ++count;
  }
  std::cout << "zerorow_corpus: " << count << " columns of " << corpus.string() << "\n";
  return 0;
}

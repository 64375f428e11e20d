// The C++ runner of the Arrow and Parquet corpora (SPEC §12.4; format-spec's
// CORPUS protocol, driven by format-spec/harness/run_corpus.py):
//
//   zerorow_corpus <corpus-dir> <out-dir>
//
// For each (file, column) of <corpus-dir>/expected.tsv it reads that column alone — Arrow IPC
// files and streams with Arrow C++'s IPC readers, Parquet with Arrow C++'s Parquet reader (INT96
// read at microseconds and checked against a read at milliseconds, never a wrapped value) — and converts it with
// cpp-row's SPEC §12.2 import (arrow_io::ImportSchema, arrow_io::ImportRows, rows numbered across batches) into rows of
// a one-field schema. It writes <out-dir>/<file>/<column>.json (the verdict, the error kind and message, the schema's
// canonical JSON, the row count) and, when accepted, <column>.rows
// ([u32 LE length][row bytes] per row). Every failure is a verdict; it exits 0 when it ran.
#include <arrow/api.h>
#include <arrow/c/bridge.h>
#include <arrow/io/file.h>
#include <arrow/ipc/reader.h>
#include <parquet/arrow/reader.h>
#include <parquet/column_reader.h>
#include <parquet/file_reader.h>
#include <parquet/metadata.h>
#include <parquet/properties.h>
#include <parquet/statistics.h>

#include <filesystem>
#include <fstream>
#include <iostream>
#include <memory>
#include <set>
#include <sstream>
#include <string>
#include <vector>

#include "int96_check.h"
#include "zerorow/arrow/import.h"
#include "zerorow/arrow/parquet_footer.h"
#include "zerorow/json.h"
#include "zerorow/schema.h"

namespace fs = std::filesystem;
using zerorow::ErrorKind;
using zerorow::Result;
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

// The index of a column: its name, or `name#i` for the i-th top-level field where several
// share one name (the corpus protocol's spelling).
Result<int> ColumnIndex(const arrow::Schema& schema, const std::string& column, const std::string& where) {
  const size_t hash = column.rfind('#');
  if (hash != std::string::npos && hash + 1 < column.size() &&
      column.find_first_not_of("0123456789", hash + 1) == std::string::npos) {
    const int i = std::stoi(column.substr(hash + 1));
    if (i >= schema.num_fields() || schema.field(i)->name() != column.substr(0, hash))
      return Status::Error(ErrorKind::kSchemaMismatch,
                           where + ": field " + std::to_string(i) + " is not '" + column.substr(0, hash) + "'");
    return i;
  }
  const int i = schema.GetFieldIndex(column);
  if (i < 0) return Status::Error(ErrorKind::kSchemaMismatch, where + " has no single column '" + column + "'");
  return i;
}

// The file starts and ends with Parquet's magic "PAR1": framed, whatever its schema holds.
bool Framed(const fs::path& file) {
  std::ifstream in(file, std::ios::binary);
  char head[4] = {}, tail[4] = {};
  in.read(head, 4);
  in.seekg(-4, std::ios::end);
  in.read(tail, 4);
  return in && std::string(head, 4) == "PAR1" && std::string(tail, 4) == "PAR1";
}

Status Unsupported(const arrow::Status& st, const std::string& where) {
  return Status::Error(ErrorKind::kUnsupported,
                       where + ": the Parquet schema has a form the reader does not map: " + st.ToString());
}

// SPEC §12.3 for the Parquet logical types Arrow C++ reads as another type: a leaf annotated
// ENUM (Arrow: binary) is a string; GEOMETRY, GEOGRAPHY and a logical type the reader does not
// know are refused, naming it. `field` (the Arrow field of top-level column `name`) is
// changed to the type the column is read as.
// The non-null values (definition level at its maximum) of leaf c in row group g.
template <typename PT>
int64_t CountTyped(parquet::ColumnReader* reader, int16_t max_def) {
  auto* typed = static_cast<parquet::TypedColumnReader<PT>*>(reader);
  std::vector<int16_t> def(1024), rep(1024);
  auto values = std::make_unique<typename PT::c_type[]>(1024);  // not vector<bool>: a bool* is needed
  int64_t count = 0;
  while (typed->HasNext()) {
    int64_t read = 0;
    const int64_t levels = typed->ReadBatch(1024, def.data(), rep.data(), values.get(), &read);
    for (int64_t k = 0; k < levels; ++k) count += def[k] == max_def;
    if (levels == 0) break;
  }
  return count;
}

Result<int64_t> CountValues(parquet::ParquetFileReader& file, int g, int c) {
  try {
    auto reader = file.RowGroup(g)->Column(c);
    const int16_t max_def = file.metadata()->schema()->Column(c)->max_definition_level();
    switch (reader->type()) {
      case parquet::Type::BOOLEAN:
        return CountTyped<parquet::BooleanType>(reader.get(), max_def);
      case parquet::Type::INT32:
        return CountTyped<parquet::Int32Type>(reader.get(), max_def);
      case parquet::Type::INT64:
        return CountTyped<parquet::Int64Type>(reader.get(), max_def);
      case parquet::Type::INT96:
        return CountTyped<parquet::Int96Type>(reader.get(), max_def);
      case parquet::Type::FLOAT:
        return CountTyped<parquet::FloatType>(reader.get(), max_def);
      case parquet::Type::DOUBLE:
        return CountTyped<parquet::DoubleType>(reader.get(), max_def);
      case parquet::Type::BYTE_ARRAY:
        return CountTyped<parquet::ByteArrayType>(reader.get(), max_def);
      case parquet::Type::FIXED_LEN_BYTE_ARRAY:
        return CountTyped<parquet::FLBAType>(reader.get(), max_def);
      default:
        return Status::Error(ErrorKind::kUnsupported, "unknown Parquet physical type");
    }
  } catch (const std::exception& e) {
    return Status::Error(ErrorKind::kInvalidData, std::string("reading its pages: ") + e.what());
  }
}

Status LogicalTypes(parquet::ParquetFileReader& file_reader, const std::string& name,
                    std::shared_ptr<arrow::Field>* field) {
  const parquet::FileMetaData& meta = *file_reader.metadata();
  const parquet::SchemaDescriptor& schema = *meta.schema();
  for (int c = 0; c < schema.num_columns(); ++c) {
    const parquet::ColumnDescriptor* leaf = schema.Column(c);
    if (leaf->path()->ToDotVector().front() != name) continue;
    const auto& logical = leaf->logical_type();
    if (logical->is_null()) {
      // UNKNOWN (null) is always null (SPEC §12.3): values in the column contradict it (Arrow
      // C++ would read them as nulls, and a value is never read wrong).
      for (int g = 0; g < meta.num_row_groups(); ++g) {
        ZR_ASSIGN_OR_RETURN(int64_t values, CountValues(file_reader, g, c));
        if (values > 0)
          return Status::Error(ErrorKind::kInvalidData,
                               "Parquet column '" + leaf->path()->ToDotString() + "' of logical type UNKNOWN (null) " +
                                   "holds " + std::to_string(values) + " values in row group " + std::to_string(g) +
                                   " (its physical type is " + parquet::TypeToString(leaf->physical_type()) + ")");
      }
    }
    if (logical->is_geometry() || logical->is_geography() || logical->type() == parquet::LogicalType::Type::UNDEFINED)
      return Status::Error(ErrorKind::kUnsupported, "Parquet logical type " + logical->ToString() + " of '" +
                                                        leaf->path()->ToDotString() +
                                                        "' has no zerorow type (SPEC §12.3)");
    if (logical->is_enum() && (*field)->type()->id() == arrow::Type::BINARY && leaf->path()->ToDotVector().size() == 1)
      *field = (*field)->WithType(arrow::utf8());
  }
  return Status::OK();
}

// `array` with the type of `field` when only the logical type differs (binary read as string:
// the same buffers, UTF-8 checked when the rows are written).
std::shared_ptr<arrow::Array> Retyped(const std::shared_ptr<arrow::Array>& array,
                                      const std::shared_ptr<arrow::Field>& field) {
  if (array->type()->Equals(*field->type())) return array;
  auto data = array->data()->Copy();
  data->type = field->type();
  return arrow::MakeArray(data);
}

// The footer of a Parquet file patched where Arrow C++ cannot read a SPEC §12.3 form (Parquet
// INTERVAL, VARIANT groups; zerorow/arrow/parquet_footer.h): no marks when it reads the file
// as it is, or when the footer cannot be read here (the Parquet reader then says why).
zerorow::arrow_io::PatchedFooter PatchedFooterOf(const fs::path& file) {
  std::ifstream in(file, std::ios::binary);
  in.seekg(0, std::ios::end);
  const auto size = static_cast<int64_t>(in.tellg());
  if (!in || size < 12) return {};
  in.seekg(size - 8);
  uint8_t tail[8];
  in.read(reinterpret_cast<char*>(tail), 8);
  const uint32_t len = uint32_t{tail[0]} | uint32_t{tail[1]} << 8 | uint32_t{tail[2]} << 16 | uint32_t{tail[3]} << 24;
  if (!in || std::string(reinterpret_cast<char*>(tail + 4), 4) != "PAR1" || len > size - 12) return {};
  std::vector<uint8_t> footer(len);
  in.seekg(size - 8 - len);
  in.read(reinterpret_cast<char*>(footer.data()), len);
  if (!in) return {};
  auto patched = zerorow::arrow_io::PatchParquetFooter(footer);
  return patched.ok() ? std::move(*patched) : zerorow::arrow_io::PatchedFooter{};
}

// `field` with the marks of a patched footer made Arrow metadata (the field ids Arrow C++ put
// there replaced): a variant group becomes extension parquet.variant, an INTERVAL column gets
// kParquetLogicalTypeKey; a shredded variant is refused, naming its path.
Result<std::shared_ptr<arrow::Field>> Marked(const std::shared_ptr<arrow::Field>& field,
                                             const std::vector<zerorow::arrow_io::ParquetMark>& marks,
                                             std::set<int32_t>* applied) {
  using Kind = zerorow::arrow_io::ParquetMark::Kind;
  std::shared_ptr<arrow::Field> f = field;
  const auto& type = field->type();
  if (type->num_fields() > 0) {
    std::vector<std::shared_ptr<arrow::Field>> kids;
    bool changed = false;
    for (const auto& kid : type->fields()) {
      ZR_ASSIGN_OR_RETURN(auto k, Marked(kid, marks, applied));
      changed = changed || k != kid;
      kids.push_back(k);
    }
    if (changed) {
      std::shared_ptr<arrow::DataType> t;
      switch (type->id()) {
        case arrow::Type::STRUCT:
          t = arrow::struct_(kids);
          break;
        case arrow::Type::LIST:
          t = arrow::list(kids[0]);
          break;
        case arrow::Type::LARGE_LIST:
          t = arrow::large_list(kids[0]);
          break;
        case arrow::Type::FIXED_SIZE_LIST:
          t = arrow::fixed_size_list(kids[0], static_cast<const arrow::FixedSizeListType&>(*type).list_size());
          break;
        case arrow::Type::MAP: {
          const auto& entries = kids[0]->type()->fields();
          t = std::make_shared<arrow::MapType>(entries[0], entries[1],
                                               static_cast<const arrow::MapType&>(*type).keys_sorted());
          break;
        }
        default:
          return Status::Error(ErrorKind::kUnsupported, "a marked Parquet field inside " + type->ToString());
      }
      f = f->WithType(t);
    }
  }
  const auto& meta = field->metadata();
  const int at = meta ? meta->FindKey("PARQUET:field_id") : -1;
  if (at < 0) return f;
  for (const auto& m : marks) {
    if (meta->value(at) != std::to_string(m.field_id)) continue;
    applied->insert(m.field_id);
    if (m.kind == Kind::kShreddedVariant)
      return Status::Error(ErrorKind::kUnsupported, "Parquet column '" + m.path +
                                                        "' is a VARIANT group other than { metadata; value; } (a "
                                                        "shredded variant, typed_value): SPEC §12.3 refuses it");
    auto kv = meta->Copy();
    if (arrow::Status st = kv->Delete(at); !st.ok()) return FromArrow(st, "field metadata");
    if (m.original_field_id) kv->Append("PARQUET:field_id", std::to_string(*m.original_field_id));
    if (m.kind == Kind::kVariant) {
      kv->Append("ARROW:extension:name", "parquet.variant");
      kv->Append("ARROW:extension:metadata", "");
    } else {
      kv->Append(zerorow::arrow_io::kParquetLogicalTypeKey, "INTERVAL");
    }
    return f->WithMetadata(kv);
  }
  return f;
}

// No batch read: one empty batch of the column, so that its schema is still imported.
Status Empty(const std::shared_ptr<arrow::Schema>& one, std::vector<std::shared_ptr<arrow::RecordBatch>>* out) {
  if (!out->empty()) return Status::OK();
  auto empty = arrow::RecordBatch::MakeEmpty(one);
  if (!empty.ok()) return FromArrow(empty.status(), "an empty batch");
  out->push_back(*empty);
  return Status::OK();
}

// One array of the chunks (an empty array of `type` when there are none).
Result<std::shared_ptr<arrow::Array>> Joined(const arrow::ArrayVector& chunks,
                                             const std::shared_ptr<arrow::DataType>& type, const std::string& where) {
  auto joined = chunks.empty() ? arrow::MakeEmptyArray(type) : arrow::Concatenate(chunks);
  if (!joined.ok()) return FromArrow(joined.status(), where);
  return *joined;
}

// SPEC §12.3: a column holding INT96 values, read at µs into `out`, is read again at ms and
// every value checked (tools/int96_check.h): past int64 µs it is invalid_data, never wrapped.
Status CheckInt96Column(const fs::path& file, const std::shared_ptr<parquet::FileMetaData>& metadata,
                        parquet::ParquetFileReader& parquet_reader, int index, const std::string& name,
                        const std::vector<std::shared_ptr<arrow::RecordBatch>>& out) {
  const parquet::SchemaDescriptor* s = parquet_reader.metadata()->schema();
  bool int96 = false;
  for (int k = 0; k < s->num_columns(); ++k)
    int96 |= s->Column(k)->physical_type() == parquet::Type::INT96 && s->Column(k)->path()->ToDotVector()[0] == name;
  if (!int96 || out.empty()) return Status::OK();
  const std::string where = "file '" + file.string() + "', column '" + name + "' read at milliseconds";
  auto opened = arrow::io::ReadableFile::Open(file.string());
  if (!opened.ok()) return FromArrow(opened.status(), where);
  parquet::ArrowReaderProperties props;
  props.set_coerce_int96_timestamp_unit(arrow::TimeUnit::MILLI);
  parquet::arrow::FileReaderBuilder builder;
  arrow::Status st = builder.Open(*opened, parquet::default_reader_properties(), metadata);
  if (!st.ok()) return FromArrow(st, where);
  builder.properties(props);
  auto reader = builder.Build();
  if (!reader.ok()) return FromArrow(reader.status(), where);
  arrow::ArrayVector ms_chunks;
  std::shared_ptr<arrow::ChunkedArray> column;
  st = (*reader)->ReadColumn(index, &column);
  if (st.IsNotImplemented()) {  // as ReadColumn below: nested columns a row at a time
    (*reader)->set_batch_size(1);
    std::vector<int> groups(static_cast<size_t>((*reader)->num_row_groups()));
    for (size_t g = 0; g < groups.size(); ++g) groups[g] = static_cast<int>(g);
    auto batches = (*reader)->GetRecordBatchReader(groups, {index});
    if (!batches.ok()) return FromArrow(batches.status(), where);
    while (true) {
      std::shared_ptr<arrow::RecordBatch> b;
      st = (*batches)->ReadNext(&b);
      if (!st.ok()) return FromArrow(st, where);
      if (!b) break;
      ms_chunks.push_back(b->column(0));
    }
  } else if (!st.ok()) {
    return FromArrow(st, where);
  } else {
    ms_chunks = column->chunks();
  }
  arrow::ArrayVector us_chunks;
  for (const auto& b : out) us_chunks.push_back(b->column(0));
  ZR_ASSIGN_OR_RETURN(auto us, Joined(us_chunks, out.front()->column(0)->type(), where));
  ZR_ASSIGN_OR_RETURN(auto ms, Joined(ms_chunks, us->type(), where));
  return zerorow::tools::CheckInt96(us, ms, name);
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
    props.set_arrow_extensions_enabled(true);                       // UUID as arrow.uuid
    parquet::arrow::FileReaderBuilder builder;
    const zerorow::arrow_io::PatchedFooter patched = PatchedFooterOf(file);
    std::shared_ptr<parquet::FileMetaData> metadata;
    if (!patched.marks.empty()) {
      auto len = static_cast<uint32_t>(patched.footer.size());
      try {
        metadata = parquet::FileMetaData::Make(patched.footer.data(), &len);
      } catch (const std::exception& e) {
        return Status::Error(ErrorKind::kInvalidData, where + ": its footer: " + e.what());
      }
    }
    arrow::Status st = builder.Open(in, parquet::default_reader_properties(), metadata);
    // A well-framed Parquet file whose schema Arrow C++ cannot map (a map without its key, a
    // variant group) is a form the reader does not support; a damaged one is invalid data.
    if (!st.ok()) return Framed(file) ? Unsupported(st, where) : FromArrow(st, where);
    builder.properties(props);
    auto reader = builder.Build();
    if (!reader.ok()) return Framed(file) ? Unsupported(reader.status(), where) : FromArrow(reader.status(), where);
    std::shared_ptr<arrow::Schema> schema;
    st = (*reader)->GetSchema(&schema);
    if (!st.ok()) return Framed(file) ? Unsupported(st, where) : FromArrow(st, where);
    ZR_ASSIGN_OR_RETURN(const int index, ColumnIndex(*schema, name, where));
    std::shared_ptr<arrow::Field> field = schema->field(index);
    ZR_RETURN_NOT_OK(LogicalTypes(*(*reader)->parquet_reader(), field->name(), &field));
    if (!patched.marks.empty()) {
      std::set<int32_t> applied;
      ZR_ASSIGN_OR_RETURN(field, Marked(field, patched.marks, &applied));
      // A mark of this column that no field carries (Arrow gave it no field id) would read as
      // its storage type: refused instead.
      for (const auto& m : patched.marks) {
        const bool here = m.path == field->name() || m.path.rfind(field->name() + ".", 0) == 0;
        if (here && !applied.count(m.field_id))
          return Status::Error(ErrorKind::kUnsupported, "Parquet column '" + m.path +
                                                            "' is marked by the field id of a patched footer, and "
                                                            "Arrow C++ gave that column no field id");
      }
    }
    auto one = arrow::schema({field});
    std::shared_ptr<arrow::ChunkedArray> column;
    st = (*reader)->ReadColumn(index, &column);
    if (st.IsNotImplemented()) {
      // Arrow C++ cannot give some nested columns as one chunked output: read them a row at a
      // time instead, as pyarrow's iter_batches does.
      (*reader)->set_batch_size(1);
      std::vector<int> groups(static_cast<size_t>((*reader)->num_row_groups()));
      for (size_t g = 0; g < groups.size(); ++g) groups[g] = static_cast<int>(g);
      auto batches = (*reader)->GetRecordBatchReader(groups, {index});
      if (!batches.ok()) return FromArrow(batches.status(), where + ", column '" + name + "'");
      while (true) {
        std::shared_ptr<arrow::RecordBatch> b;
        st = (*batches)->ReadNext(&b);
        if (!st.ok()) return FromArrow(st, where + ", column '" + name + "'");
        if (!b) break;
        out->push_back(arrow::RecordBatch::Make(one, b->num_rows(), {Retyped(b->column(0), field)}));
      }
      ZR_RETURN_NOT_OK(CheckInt96Column(file, metadata, *(*reader)->parquet_reader(), index, name, *out));
      return Empty(one, out);
    }
    if (!st.ok()) return FromArrow(st, where + ", column '" + name + "'");
    for (const auto& chunk : column->chunks())
      out->push_back(arrow::RecordBatch::Make(one, chunk->length(), {Retyped(chunk, field)}));
    ZR_RETURN_NOT_OK(CheckInt96Column(file, metadata, *(*reader)->parquet_reader(), index, name, *out));
    return Empty(one, out);
  }
  auto take = [&](const std::shared_ptr<arrow::RecordBatch>& batch) -> Status {
    ZR_ASSIGN_OR_RETURN(const int index, ColumnIndex(*batch->schema(), name, where));
    out->push_back(arrow::RecordBatch::Make(arrow::schema({batch->schema()->field(index)}), batch->num_rows(),
                                            {batch->column(index)}));
    return Status::OK();
  };
  auto only = [&](const std::shared_ptr<arrow::Schema>& s) -> Status {
    ZR_ASSIGN_OR_RETURN(const int index, ColumnIndex(*s, name, where));
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

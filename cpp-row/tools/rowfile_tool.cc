// The row file tool of the cross-language matrix (each writer x each reader x compression x
// checksum, scripts/tests/test_row_file_matrix.py), the same interface in every language:
//   zerorow_rowfile_tool copy IN OUT --compression none|lz4|zstd [--no-checksum]
//   zerorow_rowfile_tool rows IN [--recover] [--level none|bounds|full]
// `copy` reads IN and writes its rows to OUT with the options (SPEC §5.1, §5.2); `rows` prints
// one line per row, the lowercase hex of its bytes. An error exits 2 with
// `<error_kind>: <message>` on stderr; a usage error exits 2 with `invalid_argument: ...`.
#include <cstdio>
#include <cstring>
#include <string>

#include "file_vectors.h"
#include "zerorow/arrow/row_file.h"

namespace {

using zerorow::Status;
using zerorow::arrow_io::RowFileReader;
using zerorow::arrow_io::RowFileReadOptions;

int Fail(const Status& st) {
  std::fprintf(stderr, "%s: %s\n", std::string(zerorow::ErrorKindName(st.kind())).c_str(), st.message().c_str());
  return 2;
}

int Usage(const std::string& why) {
  return Fail(Status::Error(zerorow::ErrorKind::kInvalidArgument,
                            why + " (usage: copy IN OUT --compression none|lz4|zstd [--no-checksum] | rows IN "
                                  "[--recover] [--level none|bounds|full])"));
}

}  // namespace

int main(int argc, char** argv) {
  if (argc < 3) return Usage("a command and a file are needed");
  const std::string command = argv[1];
  if (command == "copy") {
    if (argc < 4) return Usage("copy needs IN and OUT");
    zerorow::arrow_io::RowFileWriteOptions options;
    for (int i = 4; i < argc; ++i) {
      if (std::strcmp(argv[i], "--no-checksum") == 0) {
        options.checksum = false;
      } else if (std::strcmp(argv[i], "--compression") == 0 && i + 1 < argc) {
        auto c = zerorow::arrow_io::ParseCompression(argv[++i]);
        if (!c.ok()) return Fail(c.status());
        options.compression = *c;
      } else {
        return Usage(std::string("unknown option ") + argv[i]);
      }
    }
    auto in = RowFileReader::Open(argv[2], nullptr, RowFileReadOptions{});
    if (!in.ok()) return Fail(in.status());
    auto out = zerorow::arrow_io::RowFileWriter::Open(argv[3], in->schema(), options);
    if (!out.ok()) return Fail(out.status());
    // the input's batches kept as they were, so every reader sees the same batching
    for (int64_t k = 0; k < in->num_rows(); ++k) {
      if (k > 0 && in->batch_of(k) != in->batch_of(k - 1)) {
        Status st = out->Flush();
        if (!st.ok()) return Fail(st);
      }
      Status st = out->Write(in->row_bytes(k));
      if (!st.ok()) return Fail(st);
    }
    Status st = out->Close();
    return st.ok() ? 0 : Fail(st);
  }
  if (command == "rows") {
    RowFileReadOptions options;
    for (int i = 3; i < argc; ++i) {
      if (std::strcmp(argv[i], "--recover") == 0) {
        options.recover = true;
      } else if (std::strcmp(argv[i], "--level") == 0 && i + 1 < argc) {
        std::string level = argv[++i];
        if (level == "none") {
          options.level = zerorow::ValidationLevel::kNone;
        } else if (level == "bounds") {
          options.level = zerorow::ValidationLevel::kBounds;
        } else if (level == "full") {
          options.level = zerorow::ValidationLevel::kFull;
        } else {
          return Usage("unknown level " + level);
        }
      } else {
        return Usage(std::string("unknown option ") + argv[i]);
      }
    }
    auto in = RowFileReader::Open(argv[2], nullptr, options);
    if (!in.ok()) return Fail(in.status());
    for (int64_t k = 0; k < in->num_rows(); ++k) {
      auto b = in->row_bytes(k);
      std::printf("%s\n", zerorow::file_vectors::Hex(b.data(), b.size()).c_str());
    }
    return 0;
  }
  return Usage("unknown command " + command);
}

// WriteReaderRow: a resolved row written out laid by the reader schema (SPEC §13.4), so that
// whole-row conversions (encoders, Arrow) see the reader's values and types.
#include <string>

#include "zerorow/resolve.h"
#include "zerorow/row_writer.h"

namespace zerorow {

namespace {

/// Copies values from resolved views into writers of the reader's types. Each value read from
/// the writer's bytes (nulls included) and each string/binary byte spends one unit of a budget
/// of the row's size: a row below level full whose references share bodies is refused before
/// the copy grows past it (SPEC §6.2). A reader field the writer lacks holds no byte and costs
/// nothing: there are at most as many of them as reader fields per struct read.
class Copier {
 public:
  explicit Copier(size_t row_size) : total_(static_cast<int64_t>(row_size)), left_(total_) {}

  Status Row(const ResolvedRow& row, RowWriter* out) {
    for (int i = 0; i < row.num_fields(); ++i) ZR_RETURN_NOT_OK(Value(row, i, out));
    return Status::OK();
  }

 private:
  // Errors from ordinal i itself (a getter or a writer call) carry its path component already;
  // errors from inside a nested value are relative to it and get the component prepended.
  template <bool kRow>
  Status Value(const detail::ResolvedSlots<kRow>& v, int i, detail::SlotWriter* out) {
    if (v.IsAbsent(i)) return out->SetNull(i);  // not in the writer's bytes: free
    if (const DefaultValue* d = v.DefaultOf(i)) {
      // A default (SPEC §13.7) is read from its own valid row, under its own budget.
      Copier own(d->row_bytes().size());
      return own.Read(v, i, out);
    }
    return Read(v, i, out);
  }

  template <bool kRow>
  Status Read(const detail::ResolvedSlots<kRow>& v, int i, detail::SlotWriter* out) {
    ZR_RETURN_NOT_OK(Spend(1, v, i));  // every value read, nulls included (SPEC §6.2)
    ZR_ASSIGN_OR_RETURN(bool null, v.IsNull(i));
    if (null) return out->SetNull(i);
    switch (v.IdAt(i)) {
      case TypeId::kBool: {
        ZR_ASSIGN_OR_RETURN(bool x, v.GetBool(i));
        return out->WriteBool(i, x);
      }
      case TypeId::kInt8: {
        ZR_ASSIGN_OR_RETURN(int8_t x, v.GetInt8(i));
        return out->WriteInt8(i, x);
      }
      case TypeId::kInt16: {
        ZR_ASSIGN_OR_RETURN(int16_t x, v.GetInt16(i));
        return out->WriteInt16(i, x);
      }
      case TypeId::kInt32:
      case TypeId::kDate32:
      case TypeId::kIntervalYm: {
        ZR_ASSIGN_OR_RETURN(int32_t x, v.GetInt32(i));
        return out->WriteInt32(i, x);
      }
      case TypeId::kInt64:
      case TypeId::kTime:
      case TypeId::kTimestamp:
      case TypeId::kDuration: {
        ZR_ASSIGN_OR_RETURN(int64_t x, v.GetInt64(i));
        return out->WriteInt(i, x);  // WriteInt range-checks time (SPEC §3)
      }
      case TypeId::kFloat32: {
        ZR_ASSIGN_OR_RETURN(float x, v.GetFloat32(i));
        return out->WriteFloat32(i, x);
      }
      case TypeId::kFloat64: {
        ZR_ASSIGN_OR_RETURN(double x, v.GetFloat64(i));
        return out->WriteFloat64(i, x);
      }
      case TypeId::kDecimal: {
        ZR_ASSIGN_OR_RETURN(Decimal128 x, v.GetDecimal(i));
        return out->WriteDecimal(i, x);
      }
      case TypeId::kString: {
        ZR_ASSIGN_OR_RETURN(std::string_view x, v.GetString(i));
        ZR_RETURN_NOT_OK(Spend(static_cast<int64_t>(x.size()), v, i));
        return out->WriteString(i, x);
      }
      case TypeId::kBinary:
      case TypeId::kFixedBinary:
      case TypeId::kUuid: {
        ZR_ASSIGN_OR_RETURN(std::span<const uint8_t> x, v.GetBinary(i));
        ZR_RETURN_NOT_OK(Spend(static_cast<int64_t>(x.size()), v, i));
        return out->WriteBinary(i, x);
      }
      case TypeId::kInterval: {
        ZR_ASSIGN_OR_RETURN(Interval x, v.GetInterval(i));
        return out->WriteInterval(i, x);
      }
      case TypeId::kVariant: {
        ZR_ASSIGN_OR_RETURN(VariantView x, v.GetVariant(i));
        ZR_RETURN_NOT_OK(Spend(static_cast<int64_t>(x.value().size() + x.metadata().size()), v, i));
        return out->WriteVariant(i, x);
      }
      case TypeId::kNull:
        return out->SetNull(i);
      case TypeId::kStruct:
        return Struct(v, i, out);
      case TypeId::kList:
        return List(v, i, out);
      case TypeId::kMap:
        return Map(v, i, out);
    }
    return Status::OK();
  }

  template <bool kRow>
  Status Struct(const detail::ResolvedSlots<kRow>& v, int i, detail::SlotWriter* out) {
    ZR_ASSIGN_OR_RETURN(ResolvedRow child, v.GetStruct(i));
    RowWriter w;
    ZR_RETURN_NOT_OK(out->BeginStruct(i, &w));
    for (int k = 0; k < child.num_fields(); ++k) {
      Status st = Value(child, k, &w);
      if (!st.ok()) return std::move(st).WithPathPrefix(v.PathOf(i));
    }
    return w.Finish();
  }

  template <bool kRow>
  Status List(const detail::ResolvedSlots<kRow>& v, int i, detail::SlotWriter* out) {
    ZR_ASSIGN_OR_RETURN(ResolvedArray child, v.GetArray(i));
    ArrayWriter w;
    ZR_RETURN_NOT_OK(out->BeginArray(i, child.size(), &w));
    Status st = Elements(child, &w);
    if (!st.ok()) return std::move(st).WithPathPrefix(v.PathOf(i));
    return w.Finish();
  }

  template <bool kRow>
  Status Map(const detail::ResolvedSlots<kRow>& v, int i, detail::SlotWriter* out) {
    ZR_ASSIGN_OR_RETURN(ResolvedMap child, v.GetMap(i));
    MapWriter w;
    ZR_RETURN_NOT_OK(out->BeginMap(i, &w));
    Status st = MapEntries(child, &w);
    if (!st.ok()) return std::move(st).WithPathPrefix(v.PathOf(i));
    return w.Finish();
  }

  Status Elements(const ResolvedArray& a, ArrayWriter* out) {
    for (int k = 0; k < a.size(); ++k) ZR_RETURN_NOT_OK(Value(a, k, out));
    return Status::OK();
  }

  Status MapEntries(const ResolvedMap& m, MapWriter* out) {
    ArrayWriter keys, values;
    ZR_RETURN_NOT_OK(out->BeginKeys(m.size(), &keys));
    ZR_RETURN_NOT_OK(Elements(m.keys(), &keys));
    ZR_RETURN_NOT_OK(keys.Finish());
    ZR_RETURN_NOT_OK(out->BeginValues(m.size(), &values));
    ZR_RETURN_NOT_OK(Elements(m.values(), &values));
    return values.Finish();
  }

  template <bool kRow>
  Status Spend(int64_t n, const detail::ResolvedSlots<kRow>& v, int i) {
    if ((left_ -= n) >= 0) return Status::OK();
    return Status::Error(ErrorKind::kInvalidData,
                         "expected at most " + std::to_string(total_) +
                             " decoded values and string/binary bytes (one per byte of the " + std::to_string(total_) +
                             "-byte row) but found more: references share or overlap bodies (SPEC §6.2; level full "
                             "rejects such rows)",
                         v.PathOf(i), total_, total_ - left_);
  }

  int64_t total_, left_;
};

}  // namespace

Status WriteReaderRow(const ResolvedRow& row, RowWriter* out) {
  if (out->schema().struct_type().get() != &row.struct_type() &&
      !out->schema().struct_type()->Equals(row.struct_type()))
    return Status::Error(ErrorKind::kInvalidArgument,
                         "WriteReaderRow needs a RowWriter of the reader schema " + row.struct_type().ToJson());
  return Copier(row.bytes().size()).Row(row, out);
}

}  // namespace zerorow

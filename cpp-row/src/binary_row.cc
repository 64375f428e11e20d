// Wrapping (SPEC §6.2 W1-W2) and the access rules B1-B3 for nested values.
#include "zerorow/binary_row.h"

#include <bit>
#include <cstring>
#include <string>

#include "ordinal_path.h"

namespace zerorow {

namespace {

Status WrapError(bool top_level, const std::string& what, uint64_t expected, uint64_t actual) {
  return Status::Error(top_level ? ErrorKind::kTruncated : ErrorKind::kInvalidData,
                       "expected " + what + " >= " + std::to_string(expected) + " but found " + std::to_string(actual),
                       {}, static_cast<int64_t>(expected), static_cast<int64_t>(actual));
}

Status CheckSize(size_t size, uint64_t fixed, bool top_level, const char* what) {
  if (size > (uint64_t{1} << 31))
    return Status::Error(ErrorKind::kInvalidData,
                         std::string("expected ") + what + " size < 2^31 but found " + std::to_string(size), {},
                         int64_t{1} << 31, static_cast<int64_t>(size));
  if (size < fixed) return WrapError(top_level, std::string(what) + " size", fixed, size);
  if (size % 8 != 0)
    return Status::Error(ErrorKind::kInvalidData,
                         std::string("expected ") + what + " size % 8 == 0 but found " + std::to_string(size), {}, 0,
                         static_cast<int64_t>(size % 8));
  return Status::OK();
}

// B5 for a row: no null bit on a non-nullable field, one word of the bitmap at a time.
Status CheckNonNullable(const uint8_t* bitmap, const DataType& t) {
  const std::vector<uint64_t>& mask = t.non_nullable_mask();
  for (size_t w = 0; w < mask.size(); ++w) {
    const uint64_t bad = detail::Load<uint64_t>(bitmap + 8 * w) & mask[w];
    if (bad != 0) [[unlikely]] {
      const int i = static_cast<int>(64 * w) + std::countr_zero(bad);
      return Status::Error(ErrorKind::kInvalidData, "null value in a non-nullable field", t.fields()[i].name);
    }
  }
  return Status::OK();
}

// B5 for an array of non-nullable elements: no null bit on an element. Bits at positions >= n
// are no element's (SPEC §6.3 rule 2 is kFull's), as in ValidateReads, so both agree.
Status CheckNoNullElements(const BinaryArray& a, detail::PathStyle style) {
  std::span<const uint8_t> bitmap = a.null_bitmap();
  const uint64_t n = static_cast<uint64_t>(a.size());
  for (size_t w = 0; w * 8 < bitmap.size(); ++w) {
    uint64_t bits = detail::Load<uint64_t>(bitmap.data() + 8 * w);
    if (w == n / 64) bits &= (uint64_t{1} << (n % 64)) - 1;
    if (bits != 0) [[unlikely]] {
      const int i = static_cast<int>(64 * w) + std::countr_zero(bits);
      std::string where = detail::IndexPath(i);
      if (style == detail::PathStyle::kMapKey) where = "{keys}" + where;
      if (style == detail::PathStyle::kMapValue) where = "{values}" + where;
      return Status::Error(ErrorKind::kInvalidData,
                           style == detail::PathStyle::kMapKey ? "null map key (map keys are never null)"
                                                               : "null value in a non-nullable element",
                           where);
    }
  }
  return Status::OK();
}

Result<BinaryArray> WrapArray(std::span<const uint8_t> bytes, const DataType* element_type, bool top_level) {
  if (bytes.size() < 8) return WrapError(top_level, "array size", 8, bytes.size());
  uint64_t n = detail::Load<uint64_t>(bytes.data());
  if (n >= (uint64_t{1} << 31))
    return Status::Error(ErrorKind::kInvalidData, "expected array count < 2^31 but found " + std::to_string(n), {},
                         int64_t{1} << 31, static_cast<int64_t>(n));
  uint64_t fixed = ArrayFixedSize(n, element_type->element_width());
  if (bytes.size() < fixed)
    return Status::Error(ErrorKind::kInvalidData,
                         "array count larger than the buffer: expected fixed region " + std::to_string(fixed) +
                             " <= size but found size " + std::to_string(bytes.size()),
                         {}, static_cast<int64_t>(fixed), static_cast<int64_t>(bytes.size()));
  ZR_RETURN_NOT_OK(CheckSize(bytes.size(), fixed, top_level, "array"));
  return BinaryArray::WrapUnchecked(bytes.data(), bytes.size(), element_type);
}

}  // namespace

// ---- SlotView -----------------------------------------------------------------------------

namespace detail {

std::string SlotView::PathOf(int i) const { return OrdinalPath(type_, path_style_, i); }

Status SlotView::IndexError(int i) const { return OrdinalError(n_, i); }

Status SlotView::WidthError(int i, size_t want) const {
  return Status::Error(
      ErrorKind::kSchemaMismatch,
      "expected a value of width " + std::to_string(want) + " but the element width is " + std::to_string(stride_),
      PathOf(i), static_cast<int64_t>(want), stride_);
}

Status SlotView::TypeError(int i, TypeId want) const {
  return Status::Error(
      ErrorKind::kSchemaMismatch,
      "cannot read " + TypeIdWithArticle(want) + " value from a field of type " + std::string(TypeIdName(IdAt(i))),
      PathOf(i));
}

Status SlotView::NullError(int i) const {
  return Status::Error(ErrorKind::kInvalidData,
                       path_style_ == PathStyle::kMapKey ? "null map key (map keys are never null)"
                                                         : "null value in a non-nullable field",
                       PathOf(i));
}

Result<std::span<const uint8_t>> SlotView::SizedBody(int i, uint32_t want) const {
  ZR_ASSIGN_OR_RETURN(auto body, BodyChecked(i));
  if (body.size() != want)
    return Status::Error(ErrorKind::kInvalidData,
                         "expected a " + std::string(TypeIdName(IdAt(i))) + " body of " + std::to_string(want) +
                             " bytes but the reference size is " + std::to_string(body.size()),
                         PathOf(i), want, static_cast<int64_t>(body.size()));
  return body;
}

Status SlotView::NestedTypeCheck(int i, TypeId want) const {
  if (!InRange(i)) return IndexError(i);
  TypeId got = TypeAt(i).id();
  if (got != want)
    return Status::Error(
        ErrorKind::kSchemaMismatch,
        "expected type " + std::string(TypeIdName(want)) + " but the schema says " + std::string(TypeIdName(got)),
        PathOf(i));
  return Status::OK();
}

Result<std::span<const uint8_t>> SlotView::BodyChecked(int i) const {
  if (!InRange(i)) return IndexError(i);
  if (stride_ != 8) return WidthError(i, 8);
  uint64_t ref = Load<uint64_t>(values_ + 8 * static_cast<size_t>(i));
  uint64_t off = ref >> 32, sz = ref & 0xffffffffu;
  if (off + sz > size_)  // both < 2^32, so the sum cannot overflow
    return Status::Error(ErrorKind::kInvalidData,
                         "expected offset+size <= " + std::to_string(size_) + " but found " + std::to_string(off + sz),
                         PathOf(i), size_, static_cast<int64_t>(off + sz));
  return std::span<const uint8_t>(data_ + off, sz);
}

Result<std::span<const uint8_t>> SlotView::GetBody(int i) const {
  if (InRange(i)) {
    const DataType& t = TypeAt(i);
    if (!t.has_body())
      return Status::Error(ErrorKind::kSchemaMismatch, TypeIdWithArticle(t.id()) + " value has no body", PathOf(i));
  }
  return BodyChecked(i);
}

Result<std::string_view> SlotView::GetString(int i) const {
  if (InRange(i) && IdAt(i) != TypeId::kString) return TypeError(i, TypeId::kString);
  ZR_ASSIGN_OR_RETURN(auto body, BodyChecked(i));
  return std::string_view(reinterpret_cast<const char*>(body.data()), body.size());
}
std::string_view SlotView::GetStringUnchecked(int i) const {
  auto body = BodyUnchecked(i);
  return std::string_view(reinterpret_cast<const char*>(body.data()), body.size());
}
Result<std::span<const uint8_t>> SlotView::GetBinary(int i) const {
  if (!InRange(i)) return IndexError(i);
  switch (IdAt(i)) {
    case TypeId::kBinary:
      return BodyChecked(i);
    case TypeId::kFixedBinary:
    case TypeId::kUuid:
      if (IsNullUnchecked(i)) return std::span<const uint8_t>();
      return SizedBody(i, TypeAt(i).body_size());  // B4
    case TypeId::kBool:
    case TypeId::kInt8:
    case TypeId::kInt16:
    case TypeId::kInt32:
    case TypeId::kInt64:
    case TypeId::kFloat32:
    case TypeId::kFloat64:
    case TypeId::kString:
    case TypeId::kDate32:
    case TypeId::kTime:
    case TypeId::kTimestamp:
    case TypeId::kDuration:
    case TypeId::kDecimal:
    case TypeId::kList:
    case TypeId::kMap:
    case TypeId::kStruct:
    case TypeId::kNull:
    case TypeId::kIntervalYm:
    case TypeId::kInterval:
    case TypeId::kVariant:
      break;
  }
  return TypeError(i, TypeId::kBinary);
}
std::span<const uint8_t> SlotView::GetBinaryUnchecked(int i) const { return BodyUnchecked(i); }

Result<Interval> SlotView::GetInterval(int i) const {
  if (!InRange(i)) return IndexError(i);
  if (IdAt(i) != TypeId::kInterval) return TypeError(i, TypeId::kInterval);
  if (IsNullUnchecked(i)) return Interval{};
  ZR_ASSIGN_OR_RETURN(auto body, SizedBody(i, 16));  // B4
  return Interval{Load<int32_t>(body.data()), Load<int32_t>(body.data() + 4), Load<int64_t>(body.data() + 8)};
}
Interval SlotView::GetIntervalUnchecked(int i) const {
  if (IsNullUnchecked(i)) return Interval{};
  const uint8_t* b = BodyUnchecked(i).data();
  return Interval{Load<int32_t>(b), Load<int32_t>(b + 4), Load<int64_t>(b + 8)};
}

Result<std::array<uint8_t, 16>> SlotView::GetUuid(int i) const {
  if (!InRange(i)) return IndexError(i);
  if (IdAt(i) != TypeId::kUuid) return TypeError(i, TypeId::kUuid);
  std::array<uint8_t, 16> out{};
  if (IsNullUnchecked(i)) return out;
  ZR_ASSIGN_OR_RETURN(auto body, SizedBody(i, 16));  // B4
  std::memcpy(out.data(), body.data(), 16);
  return out;
}
std::array<uint8_t, 16> SlotView::GetUuidUnchecked(int i) const {
  std::array<uint8_t, 16> out{};
  if (!IsNullUnchecked(i)) std::memcpy(out.data(), BodyUnchecked(i).data(), 16);
  return out;
}

Result<VariantView> SlotView::GetVariant(int i) const {
  if (!InRange(i)) return IndexError(i);
  if (IdAt(i) != TypeId::kVariant) return TypeError(i, TypeId::kVariant);
  if (IsNullUnchecked(i))
    return Status::Error(ErrorKind::kInvalidArgument, "the variant is null: test IsNull() first", PathOf(i));
  ZR_ASSIGN_OR_RETURN(auto body, BodyChecked(i));
  // B4 (SPEC §3.9 rule 1): [u32 V][value: V bytes][metadata].
  if (body.size() < 4)
    return Status::Error(ErrorKind::kInvalidData,
                         "expected a variant body of at least 4 bytes but found " + std::to_string(body.size()),
                         PathOf(i), 4, static_cast<int64_t>(body.size()));
  const uint64_t v = Load<uint32_t>(body.data());
  if (4 + v > body.size())
    return Status::Error(
        ErrorKind::kInvalidData,
        "expected 4 + variant value size <= " + std::to_string(body.size()) + " but found " + std::to_string(4 + v),
        PathOf(i), static_cast<int64_t>(body.size()), static_cast<int64_t>(4 + v));
  auto view = VariantView::Make(body.subspan(4 + v), body.subspan(4, v));
  if (!view.ok()) return view.status().WithPathPrefix(PathOf(i));
  return view;
}
VariantView SlotView::GetVariantUnchecked(int i) const {
  auto body = BodyUnchecked(i);
  const uint32_t v = Load<uint32_t>(body.data());
  auto view = VariantView::Make(body.subspan(4 + v), body.subspan(4, v));
  return view.ok() ? *view : VariantView();
}

Result<Decimal128> SlotView::GetDecimal(int i) const {
  ZR_RETURN_NOT_OK(NestedTypeCheck(i, TypeId::kDecimal));
  const DataType& t = TypeAt(i);
  if (t.precision() <= 18) return Decimal128{GetInt64Unchecked(i)};
  if (IsNullUnchecked(i)) return Decimal128{0};
  ZR_ASSIGN_OR_RETURN(auto body, BodyChecked(i));
  if (body.empty() || body.size() > 16)
    return Status::Error(ErrorKind::kInvalidData,
                         "expected decimal byte length in [1, 16] but found " + std::to_string(body.size()), PathOf(i),
                         16, static_cast<int64_t>(body.size()));
  return DecimalFromBigEndian(body.data(), static_cast<int>(body.size()));
}

Decimal128 SlotView::GetDecimalUnchecked(int i) const {
  const DataType& t = TypeAt(i);
  if (t.precision() <= 18) return Decimal128{GetInt64Unchecked(i)};
  if (IsNullUnchecked(i)) return Decimal128{0};
  auto body = BodyUnchecked(i);
  return DecimalFromBigEndian(body.data(), static_cast<int>(body.size()));
}

Result<BinaryRow> SlotView::GetStruct(int i) const {
  ZR_RETURN_NOT_OK(NestedTypeCheck(i, TypeId::kStruct));
  ZR_ASSIGN_OR_RETURN(auto body, BodyChecked(i));
  auto r = BinaryRow::WrapNested(body, &TypeAt(i));
  if (!r.ok()) return r.status().WithPathPrefix(PathOf(i));
  return r;
}
BinaryRow SlotView::GetStructUnchecked(int i) const {
  auto body = BodyUnchecked(i);
  return BinaryRow::WrapUnchecked(body.data(), body.size(), &TypeAt(i));
}

Result<BinaryArray> SlotView::GetArray(int i) const {
  ZR_RETURN_NOT_OK(NestedTypeCheck(i, TypeId::kList));
  ZR_ASSIGN_OR_RETURN(auto body, BodyChecked(i));
  const DataType& t = TypeAt(i);
  auto r = BinaryArray::WrapNested(body, t.element().get());
  if (r.ok() && !t.element_nullable()) r = r->WithNonNullableElements();
  if (!r.ok()) return r.status().WithPathPrefix(PathOf(i));
  return r;
}
BinaryArray SlotView::GetArrayUnchecked(int i) const {
  auto body = BodyUnchecked(i);
  const DataType& t = TypeAt(i);
  BinaryArray a = BinaryArray::WrapUnchecked(body.data(), body.size(), t.element().get());
  a.nullable_elems_ = t.element_nullable();
  return a;
}

Result<BinaryMap> SlotView::GetMap(int i) const {
  ZR_RETURN_NOT_OK(NestedTypeCheck(i, TypeId::kMap));
  ZR_ASSIGN_OR_RETURN(auto body, BodyChecked(i));
  auto r = BinaryMap::Wrap(body, &TypeAt(i));
  if (!r.ok()) return r.status().WithPathPrefix(PathOf(i));
  return r;
}
BinaryMap SlotView::GetMapUnchecked(int i) const {
  auto body = BodyUnchecked(i);
  return BinaryMap::WrapUnchecked(body.data(), body.size(), &TypeAt(i));
}

static uint64_t HashBytes(const uint8_t* p, size_t n) {
  uint64_t h = 0xcbf29ce484222325ULL;
  for (size_t k = 0; k < n; ++k) {
    h ^= p[k];
    h *= 0x100000001b3ULL;
  }
  return h;
}

uint64_t SlotView::Hash() const { return HashBytes(data_, size_); }

}  // namespace detail

// ---- BinaryRow ------------------------------------------------------------------------------

Result<BinaryRow> BinaryRow::Wrap(std::span<const uint8_t> bytes, const Schema& schema) {
  const DataType* t = schema.struct_type().get();
  ZR_RETURN_NOT_OK(CheckSize(bytes.size(), t->fixed_region_size(), true, "row"));
  ZR_RETURN_NOT_OK(CheckNonNullable(bytes.data(), *t));
  return WrapUnchecked(bytes.data(), bytes.size(), t);
}

Result<BinaryRow> BinaryRow::WrapNested(std::span<const uint8_t> bytes, const DataType* struct_type) {
  ZR_RETURN_NOT_OK(CheckSize(bytes.size(), struct_type->fixed_region_size(), false, "row"));
  ZR_RETURN_NOT_OK(CheckNonNullable(bytes.data(), *struct_type));
  return WrapUnchecked(bytes.data(), bytes.size(), struct_type);
}

// ---- BinaryArray ----------------------------------------------------------------------------

Result<BinaryArray> BinaryArray::Wrap(std::span<const uint8_t> bytes, const DataType* element_type) {
  return WrapArray(bytes, element_type, true);
}

Result<BinaryArray> BinaryArray::WrapNested(std::span<const uint8_t> bytes, const DataType* element_type) {
  return WrapArray(bytes, element_type, false);
}

Result<BinaryArray> BinaryArray::WithNonNullableElements() const {
  ZR_RETURN_NOT_OK(CheckNoNullElements(*this, detail::PathStyle::kElement));
  BinaryArray a = *this;
  a.nullable_elems_ = false;
  return a;
}

bool BinaryArray::HasNulls() const {
  for (const uint8_t* p = bitmap_; p < values_; ++p) {
    if (*p) return true;
  }
  return false;
}

// ---- BinaryMap ------------------------------------------------------------------------------

BinaryMap BinaryMap::WrapUnchecked(const uint8_t* data, size_t size, const DataType* map_type) {
  BinaryMap m;
  m.data_ = data;
  m.size_ = static_cast<uint32_t>(size);
  m.type_ = map_type;
  uint64_t k = detail::Load<uint64_t>(data);
  m.keys_ = BinaryArray::WrapUnchecked(data + 8, k, map_type->key().get());
  m.values_ = BinaryArray::WrapUnchecked(data + 8 + k, size - 8 - k, map_type->value().get());
  m.keys_.path_style_ = detail::PathStyle::kMapKey;
  m.values_.path_style_ = detail::PathStyle::kMapValue;
  m.keys_.nullable_elems_ = false;
  m.values_.nullable_elems_ = map_type->value_nullable();
  return m;
}

Result<BinaryMap> BinaryMap::Wrap(std::span<const uint8_t> bytes, const DataType* map_type) {
  ZR_RETURN_NOT_OK(CheckSize(bytes.size(), 8, false, "map"));
  uint64_t k = detail::Load<uint64_t>(bytes.data());
  if (k % 8 != 0)
    return Status::Error(ErrorKind::kInvalidData, "expected key array size % 8 == 0 but found " + std::to_string(k), {},
                         0, static_cast<int64_t>(k % 8));
  if (k > bytes.size() - 8)
    return Status::Error(
        ErrorKind::kInvalidData,
        "expected 8 + key array size <= " + std::to_string(bytes.size()) + " but found " + std::to_string(8 + k), {},
        static_cast<int64_t>(bytes.size()), static_cast<int64_t>(std::min<uint64_t>(8 + k, INT64_MAX)));
  auto keys = WrapArray(bytes.subspan(8, k), map_type->key().get(), false);
  if (!keys.ok()) return keys.status().WithPathPrefix("{keys}");
  auto values = WrapArray(bytes.subspan(8 + k), map_type->value().get(), false);
  if (!values.ok()) return values.status().WithPathPrefix("{values}");
  if (keys->size() != values->size())
    return Status::Error(ErrorKind::kInvalidData,
                         "map with key/value counts that differ: expected " + std::to_string(keys->size()) +
                             " values but found " + std::to_string(values->size()),
                         {}, keys->size(), values->size());
  BinaryMap m;
  m.data_ = bytes.data();
  m.size_ = static_cast<uint32_t>(bytes.size());
  m.type_ = map_type;
  m.keys_ = *keys;
  m.values_ = *values;
  m.keys_.path_style_ = detail::PathStyle::kMapKey;
  m.values_.path_style_ = detail::PathStyle::kMapValue;
  // B5: keys are never null; values only when the map type says so.
  ZR_RETURN_NOT_OK(CheckNoNullElements(m.keys_, detail::PathStyle::kMapKey));
  m.keys_.nullable_elems_ = false;
  m.values_.nullable_elems_ = map_type->value_nullable();
  if (!m.values_.nullable_elems_) ZR_RETURN_NOT_OK(CheckNoNullElements(m.values_, detail::PathStyle::kMapValue));
  return m;
}

uint64_t BinaryMap::Hash() const { return detail::HashBytes(data_, size_); }

}  // namespace zerorow

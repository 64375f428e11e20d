// Canonical writers (SPEC §2.6). All positions are absolute offsets into the buffer, so a
// reallocation while a child writer is open is harmless.
#include "zerorow/row_writer.h"

#include <bit>
#include <cmath>
#include <cstring>
#include <string>

#include "ordinal_path.h"
#include "zerorow/validate.h"

namespace zerorow {

namespace {
uint64_t Pad8(uint64_t x) { return (x + 7) & ~uint64_t{7}; }

void StoreU64(uint8_t* p, uint64_t v) { std::memcpy(p, &v, 8); }

Status RangeError(const std::string& path, TypeId t, int64_t v) {
  return Status::Error(ErrorKind::kInvalidData,
                       "value " + std::to_string(v) + " is out of range for " + std::string(TypeIdName(t)), path,
                       std::nullopt, v);
}

constexpr int64_t kMicrosPerDay = 86'400'000'000LL;
}  // namespace

namespace detail {

// ---- WriterLink -----------------------------------------------------------------------------

void WriterLink::TakeFrom(WriterLink& o) noexcept {
  const bool had_child = o.child_ != nullptr;
  o.DetachChildren();  // they point at `o`; their region stays unfinished
  parent_ = o.parent_;
  child_ = nullptr;
  child_ordinal_ = -1;
  state_ = o.state_;
  child_dropped_ = o.child_dropped_ || had_child;
  top_level_ = o.top_level_;
  if (parent_ != nullptr && parent_->child_ == &o) parent_->child_ = this;
  o.parent_ = nullptr;
  o.state_ = State::kMovedFrom;
  o.top_level_ = false;
}

WriterLink& WriterLink::operator=(WriterLink&& o) noexcept {
  if (this == &o) return *this;
  DetachChildren();
  if (state_ == State::kOpen && parent_ != nullptr && parent_->child_ == this) {
    parent_->child_ = nullptr;
    parent_->child_dropped_ = true;  // this writer's region is given up, as by its destruction
  }
  TakeFrom(o);
  return *this;
}

WriterLink::~WriterLink() {
  DetachChildren();
  if (state_ == State::kOpen && parent_ != nullptr && parent_->child_ == this) {
    parent_->child_ = nullptr;
    parent_->child_dropped_ = true;  // its region is in the buffer but its reference is not
  }
}

Status WriterLink::Usable() const {
  switch (state_) {
    case State::kIdle:
      return Status::Error(ErrorKind::kInvalidArgument,
                           "writer was not started (begin it with BeginStruct/BeginArray/BeginMap on its parent)");
    case State::kFinished:
      return Status::Error(ErrorKind::kInvalidArgument,
                           top_level_ ? "row is finished: call Reset() before writing the next row"
                                      : "writer is finished: no writes after Finish()");
    case State::kDetached:
      return Status::Error(ErrorKind::kInvalidArgument,
                           "writer was detached: its parent was reset, finished, moved or destroyed");
    case State::kMovedFrom:
      return Status::Error(ErrorKind::kInvalidArgument, "writer was moved from: use the writer it was moved to");
    case State::kOpen:
      break;
  }
  if (child_ != nullptr)
    return Status::Error(
        ErrorKind::kInvalidArgument,
        "the child writer begun at ordinal " + std::to_string(child_ordinal_) + " is still open: Finish() it first");
  if (child_dropped_)
    return Status::Error(ErrorKind::kInvalidArgument,
                         "a child writer was destroyed before its Finish(): Reset() and write the row again");
  return Status::OK();
}

Status WriterLink::CanAttach(const WriterLink* child) const {
  if (child == this || child->state_ == State::kOpen)
    return Status::Error(ErrorKind::kInvalidArgument, "the child writer is already in use by another value");
  return Status::OK();
}

void WriterLink::Attach(WriterLink* child, int ordinal) {
  child->DetachChildren();
  child->parent_ = this;
  child->child_dropped_ = false;
  child->top_level_ = false;
  child->state_ = State::kOpen;
  child->OnStateChange();
  child_ = child;
  child_ordinal_ = ordinal;
}

void WriterLink::Complete() {
  state_ = State::kFinished;
  OnStateChange();
  if (parent_ != nullptr && parent_->child_ == this) parent_->child_ = nullptr;
  parent_ = nullptr;
}

void WriterLink::DetachChildren() {
  WriterLink* c = child_;
  child_ = nullptr;
  while (c != nullptr) {
    WriterLink* next = c->child_;
    c->child_ = nullptr;
    c->parent_ = nullptr;
    c->state_ = State::kDetached;
    c->OnStateChange();
    c = next;
  }
}

// ---- SlotWriter -----------------------------------------------------------------------------

void SlotWriter::TakeSlots(SlotWriter& o) noexcept {
  buf_ = o.buf_;
  type_ = o.type_;
  field_ids_ = o.field_ids_;
  base_ = o.base_;
  bitmap_pos_ = o.bitmap_pos_;
  values_pos_ = o.values_pos_;
  row_base_ = o.row_base_;
  patch_pos_ = o.patch_pos_;
  parent_base_ = o.parent_base_;
  stride_ = o.stride_;
  n_ = o.n_;
  next_body_ = o.next_body_;
  is_row_ = o.is_row_;
  no_nulls_ = o.no_nulls_;
  elem_nullable_ = o.elem_nullable_;
  path_style_ = o.path_style_;
  patch_ = o.patch_;
  OnStateChange();
  o.limit_ = 0;  // the inline writes of a moved-from writer fall through to Usable()'s error
}

void SlotWriter::MarkAllNull(size_t bitmap, int64_t n) {
  if (n == 0) return;  // no bitmap (a struct without fields: the buffer may still be empty)
  uint8_t* b = buf_->data() + bitmap;
  std::memset(b, 0xff, static_cast<size_t>(n >> 3));
  if (n & 7) b[n >> 3] = static_cast<uint8_t>((1u << (n & 7)) - 1);  // bits >= n stay 0 (SPEC §6.3 rule 2)
}

std::string SlotWriter::PathOf(int i) const { return OrdinalPath(type_, path_style_, i); }

Status SlotWriter::IndexError(int i) const { return OrdinalError(n_, i); }

Status SlotWriter::Overflow(uint64_t need) const {
  return Status::Error(ErrorKind::kInvalidData,
                       "row larger than 2^31-8 bytes: would need " + std::to_string(need) + " bytes", {},
                       static_cast<int64_t>(kMaxRowSize), static_cast<int64_t>(need));
}

Status SlotWriter::Check(int i, TypeId a, TypeId b, TypeId c, TypeId d) const {
  if (state_ != State::kOpen) return Usable();
  if (static_cast<unsigned>(i) >= static_cast<unsigned>(n_)) return IndexError(i);
  TypeId t = IdAt(i);
  if (t == a || t == b || t == c || t == d) return Status::OK();
  return Status::Error(
      ErrorKind::kSchemaMismatch,
      "cannot write " + TypeIdWithArticle(a) + " value into a field of type " + std::string(TypeIdName(t)), PathOf(i));
}

Status SlotWriter::Start(std::vector<uint8_t>* buf, const DataType* type, bool is_row, int64_t count, size_t row_base,
                         Patch patch, size_t patch_pos, size_t parent_base) {
  buf_ = buf;
  type_ = type;
  is_row_ = is_row;
  row_base_ = row_base;
  patch_ = patch;
  patch_pos_ = patch_pos;
  parent_base_ = parent_base;
  no_nulls_ = false;
  path_style_ = is_row ? PathStyle::kField : PathStyle::kElement;
  next_body_ = 0;
  n_ = 0;
  limit_ = 0;
  base_ = buf->size();
  uint64_t fixed;
  field_ids_ = is_row ? type->field_ids().data() : nullptr;
  if (is_row) {
    n_ = type->num_fields();
    stride_ = 8;
    bitmap_pos_ = base_;
    values_pos_ = base_ + type->bitmap_size();
    fixed = type->fixed_region_size();
  } else {
    if (count < 0)
      return Status::Error(
          ErrorKind::kInvalidArgument,
          "array count must be >= 0 but is " + std::to_string(count) + " (a list has no negative size)", {}, 0, count);
    if (count >= (int64_t{1} << 31))
      return Status::Error(ErrorKind::kInvalidData, "expected array count < 2^31 but found " + std::to_string(count),
                           {}, int64_t{1} << 31, count);
    n_ = static_cast<int>(count);
    stride_ = static_cast<uint32_t>(type->element_width());
    bitmap_pos_ = base_ + 8;
    values_pos_ = base_ + 8 + ((count + 63) / 64) * 8;
    fixed = ArrayFixedSize(count, stride_);
  }
  uint64_t need = base_ + fixed - row_base_;
  if (need > kMaxRowSize) {
    n_ = 0;
    state_ = State::kFinished;  // a region that did not start takes no writes
    OnStateChange();
    return Overflow(need);
  }
  buf->resize(base_ + fixed);  // zero-filled: unused slot bytes and padding must be 0
  if (!is_row) StoreU64(buf->data() + base_, static_cast<uint64_t>(count));
  // Every ordinal starts null and each write clears its bit (SetNotNull), so at Finish() a set
  // bit is a value never written: null if nullable, an error otherwise (never a silent 0).
  MarkAllNull(bitmap_pos_, n_);
  return Status::OK();
}

Result<size_t> SlotWriter::AppendBody(int i, uint64_t size, uint64_t reserve) {
  size_t pos = buf_->size();
  uint64_t total = std::max(Pad8(size), reserve);
  uint64_t need = pos + total - row_base_;
  if (size >= (uint64_t{1} << 31) || need > kMaxRowSize) return Overflow(need).WithPathPrefix(PathOf(i));
  buf_->resize(pos + total);
  return pos;
}

void SlotWriter::StoreRef(int i, size_t abs_pos, uint64_t size) {
  StoreU64(slot(i), (static_cast<uint64_t>(abs_pos - base_) << 32) | size);
}

Status SlotWriter::FinishRegion() {
  ZR_RETURN_NOT_OK(Usable());
  ZR_RETURN_NOT_OK(CloseUnwritten());
  uint64_t size = buf_->size() - base_;
  switch (patch_) {
    case Patch::kNone:
      break;
    case Patch::kReference:
      StoreU64(buf_->data() + patch_pos_, (static_cast<uint64_t>(base_ - parent_base_) << 32) | size);
      break;
    case Patch::kSize:
      StoreU64(buf_->data() + patch_pos_, size);
      break;
  }
  Complete();
  return Status::OK();
}

// A variable-width value's slot holds its reference, whose offset is past the fixed region,
// so a written reference is never 0.
bool SlotWriter::HasRefSlot(int i) const { return TypeAt(i).has_body(); }

bool SlotWriter::KeepsReserve(int i) const {
  if (!is_row_) return false;
  const DataType& t = TypeAt(i);
  return t.id() == TypeId::kInterval || (t.id() == TypeId::kDecimal && t.precision() > 18);
}

Status SlotWriter::ClaimBody(int i) {
  ZR_RETURN_NOT_OK(Usable());
  if (static_cast<unsigned>(i) >= static_cast<unsigned>(n_)) return IndexError(i);
  if (i < next_body_)
    return Status::Error(ErrorKind::kInvalidArgument,
                         "variable-width values are written once each in increasing ordinal order, but ordinal " +
                             std::to_string(next_body_ - 1) + " was written before this one",
                         PathOf(i), next_body_, i);
  next_body_ = i + 1;
  SetNotNull(i);
  return Status::OK();
}

// Every ordinal's null bit was set when the region started and each write cleared its own,
// so a set bit is a null (SetNull) or a value never written. Only the set bits are visited:
// a row without nulls costs one test per bitmap word.
Status SlotWriter::CloseUnwritten() {
  // SPEC §3.6: every element of a list of null is null, and its bits are all set already.
  if (!is_row_ && (type_->id() == TypeId::kNull || (elem_nullable_ && !no_nulls_)))
    return Status::OK();  // unwritten elements are null
  const size_t words = (static_cast<size_t>(n_) + 63) / 64;
  for (size_t w = 0; w < words; ++w) {
    uint64_t bits = Load<uint64_t>(buf_->data() + bitmap_pos_ + 8 * w);
    while (bits != 0) {
      const int i = static_cast<int>(64 * w) + std::countr_zero(bits);
      bits &= bits - 1;
      if (is_row_ && IdAt(i) == TypeId::kNull) continue;  // SPEC §3.6: its null bit is always set
      if (!Nullable(i))
        return Status::Error(ErrorKind::kInvalidArgument,
                             no_nulls_ ? "map key was not written"
                                       : std::string(is_row_ ? "non-nullable field" : "non-nullable element") +
                                             " was not written (" + TypeIdWithArticle(IdAt(i)) +
                                             " value is needed: zerorow has no default value)",
                             PathOf(i));
      // A null decimal(p > 18) or interval in a row keeps a 16-byte reserve, in ordinal order:
      // SetNull() made it already, or the field was never written and it is made now.
      if (KeepsReserve(i) && Load<uint64_t>(slot(i)) == 0) {
        if (i < next_body_)
          return Status::Error(
              ErrorKind::kInvalidArgument,
              std::string(TypeIdName(IdAt(i))) + " field was not written: write it or SetNull() it in ordinal order",
              PathOf(i));
        ZR_RETURN_NOT_OK(SetNull(i));
      }
    }
  }
  return Status::OK();
}

Status SlotWriter::SetNull(int i) {
  if (state_ != State::kOpen) return Usable();
  if (static_cast<unsigned>(i) >= static_cast<unsigned>(n_)) return IndexError(i);
  if (!Nullable(i))
    return Status::Error(ErrorKind::kInvalidData,
                         no_nulls_ ? "map keys must not be null" : "null value in a non-nullable field", PathOf(i));
  const bool reserve = KeepsReserve(i);
  if (reserve) {
    ZR_RETURN_NOT_OK(ClaimBody(i));
  } else if (HasRefSlot(i) && Load<uint64_t>(slot(i)) != 0) {
    // Its body is already in the buffer; dropping the reference would orphan it.
    return Status::Error(ErrorKind::kInvalidArgument, "value was already written; it cannot be set null now",
                         PathOf(i));
  }
  buf_->data()[bitmap_pos_ + (i >> 3)] |= static_cast<uint8_t>(1u << (i & 7));
  std::memset(slot(i), 0, stride_);  // null slots are zero, so equal rows have equal bytes
  if (reserve) {
    // Spark keeps the 16-byte reserve for a null decimal (SPEC §3.5) and interval (§3.7): the
    // decimal's slot says size 0, the interval's 16.
    ZR_ASSIGN_OR_RETURN(size_t pos, AppendBody(i, 0, 16));
    StoreRef(i, pos, IdAt(i) == TypeId::kInterval ? 16 : 0);
  }
  return Status::OK();
}

Status SlotWriter::WriteInt64Slow(int i, int64_t v) {
  ZR_RETURN_NOT_OK(Check(i, TypeId::kInt64, TypeId::kTimestamp, TypeId::kDuration, TypeId::kTime));
  if (TypeAt(i).id() == TypeId::kTime && (v < 0 || v >= kMicrosPerDay)) return RangeError(PathOf(i), TypeId::kTime, v);
  std::memcpy(slot(i), &v, 8);
  SetNotNull(i);
  return Status::OK();
}

Status SlotWriter::WriteIntSlow(int i, int64_t v) {
  if (static_cast<unsigned>(i) >= static_cast<unsigned>(limit_)) return Check(i, TypeId::kInt64);
  TypeId t = IdAt(i);
  auto range = [&](int64_t lo, int64_t hi) -> Status {
    if (v < lo || v > hi) return RangeError(PathOf(i), t, v);
    return Status::OK();
  };
  switch (t) {
    case TypeId::kInt8:
      ZR_RETURN_NOT_OK(range(INT8_MIN, INT8_MAX));
      return WriteInt8(i, static_cast<int8_t>(v));
    case TypeId::kInt16:
      ZR_RETURN_NOT_OK(range(INT16_MIN, INT16_MAX));
      return WriteInt16(i, static_cast<int16_t>(v));
    case TypeId::kInt32:
    case TypeId::kDate32:
    case TypeId::kIntervalYm:
      ZR_RETURN_NOT_OK(range(INT32_MIN, INT32_MAX));
      return WriteInt32(i, static_cast<int32_t>(v));
    case TypeId::kInt64:
    case TypeId::kTime:
    case TypeId::kTimestamp:
    case TypeId::kDuration:
      return WriteInt64(i, v);
    case TypeId::kBool:
    case TypeId::kFloat32:
    case TypeId::kFloat64:
    case TypeId::kString:
    case TypeId::kBinary:
    case TypeId::kDecimal:
    case TypeId::kList:
    case TypeId::kMap:
    case TypeId::kStruct:
    case TypeId::kNull:
    case TypeId::kInterval:
    case TypeId::kFixedBinary:
    case TypeId::kUuid:
    case TypeId::kVariant:
      return Check(i, TypeId::kInt64);
  }
  return Check(i, TypeId::kInt64);
}

Status SlotWriter::WriteFloatSlow(int i, double v) {
  if (Is(i, TypeId::kFloat32, TypeId::kFloat32)) {
    float f = static_cast<float>(v);
    // A finite value that overflows float32 cannot be written exactly enough (SPEC §3.1).
    if (std::isfinite(v) && !std::isfinite(f))
      return Status::Error(ErrorKind::kInvalidData, std::to_string(v) + " is out of range for float32", PathOf(i));
    return WriteFloat32(i, f);
  }
  return WriteFloat64(i, v);
}

Status SlotWriter::WriteDecimal(int i, Decimal128 v) {
  ZR_RETURN_NOT_OK(Check(i, TypeId::kDecimal));
  const DataType& t = TypeAt(i);
  if (!DecimalFitsPrecision(v, t.precision()))
    return Status::Error(ErrorKind::kInvalidData,
                         "decimal " + DecimalToString(v, t.scale()) + " does not fit decimal(" +
                             std::to_string(t.precision()) + "," + std::to_string(t.scale()) + ")",
                         PathOf(i), t.precision());
  if (t.precision() <= 18) {
    int64_t u = static_cast<int64_t>(v.unscaled);
    std::memcpy(slot(i), &u, 8);
    SetNotNull(i);
    return Status::OK();
  }
  ZR_RETURN_NOT_OK(ClaimBody(i));
  uint8_t be[16];
  int len = DecimalToBigEndian(v, be);
  // In a row the body is a 16-byte reserve (Spark's layout); in an array it is pad8(len).
  ZR_ASSIGN_OR_RETURN(size_t pos, AppendBody(i, len, is_row_ ? 16 : 0));
  std::memcpy(buf_->data() + pos, be, len);
  StoreRef(i, pos, len);
  return Status::OK();
}

Status SlotWriter::WriteString(int i, std::string_view s) {
  if (!Is(i, TypeId::kString, TypeId::kString)) return Check(i, TypeId::kString);
  if (!IsValidUtf8(s)) return Status::Error(ErrorKind::kInvalidData, "string is not valid UTF-8", PathOf(i));
  return CopyBody(i, std::span<const uint8_t>(reinterpret_cast<const uint8_t*>(s.data()), s.size()));
}

Status SlotWriter::WriteBinary(int i, std::span<const uint8_t> b) {
  if (!Is(i, TypeId::kBinary, TypeId::kBinary)) return WriteBinarySlow(i, b);
  return CopyBody(i, b);
}

// fixed_binary(n) and uuid: the value must have the type's size (SPEC §3.8).
Status SlotWriter::WriteBinarySlow(int i, std::span<const uint8_t> b) {
  if (!IsIn(i, TypeMask(TypeId::kFixedBinary, TypeId::kUuid)))
    return Check(i, TypeId::kBinary, TypeId::kFixedBinary, TypeId::kUuid, TypeId::kUuid);
  const uint32_t want = TypeAt(i).body_size();
  if (b.size() != want)
    return Status::Error(ErrorKind::kInvalidData,
                         "expected " + std::to_string(want) + " bytes for " + TypeAt(i).ToJson() + " but found " +
                             std::to_string(b.size()),
                         PathOf(i), want, static_cast<int64_t>(b.size()));
  return CopyBody(i, b);
}

Status SlotWriter::WriteUuid(int i, std::span<const uint8_t> b) {
  if (!Is(i, TypeId::kUuid, TypeId::kUuid)) return Check(i, TypeId::kUuid);
  return WriteBinarySlow(i, b);
}

Status SlotWriter::WriteInterval(int i, Interval v) {
  if (!Is(i, TypeId::kInterval, TypeId::kInterval)) return Check(i, TypeId::kInterval);
  uint8_t body[16];
  std::memcpy(body, &v.months, 4);
  std::memcpy(body + 4, &v.days, 4);
  std::memcpy(body + 8, &v.microseconds, 8);
  return CopyBody(i, body);
}

Status SlotWriter::WriteVariant(int i, std::span<const uint8_t> metadata, std::span<const uint8_t> value) {
  if (!Is(i, TypeId::kVariant, TypeId::kVariant)) return Check(i, TypeId::kVariant);
  // SPEC §3.9: every rule checked before a byte is written; the variant path goes into the
  // message, the error is at the field.
  auto view = VariantView::Make(metadata, value);
  Status st = view.ok() ? view->Validate() : view.status();
  if (!st.ok())
    return Status::Error(st.kind(), st.message() + (st.path().empty() ? "" : " (at " + st.path() + ")"), PathOf(i),
                         st.expected(), st.actual());
  if (value.size() >= (uint64_t{1} << 31) || 4 + value.size() + metadata.size() >= (uint64_t{1} << 31))
    return Overflow(buf_->size() + 4 + value.size() + metadata.size() - row_base_).WithPathPrefix(PathOf(i));
  ZR_RETURN_NOT_OK(ClaimBody(i));
  const uint64_t size = 4 + value.size() + metadata.size();
  ZR_ASSIGN_OR_RETURN(size_t pos, AppendBody(i, size));
  const uint32_t v = static_cast<uint32_t>(value.size());
  std::memcpy(buf_->data() + pos, &v, 4);
  if (!value.empty()) std::memcpy(buf_->data() + pos + 4, value.data(), value.size());
  if (!metadata.empty()) std::memcpy(buf_->data() + pos + 4 + value.size(), metadata.data(), metadata.size());
  StoreRef(i, pos, size);
  return Status::OK();
}

Status SlotWriter::WriteVariant(int i, const VariantView& v) {
  if (v.path() == "$") return WriteVariant(i, v.metadata(), v.value());
  auto size = v.ValueSize();
  if (!size.ok()) return Status::Error(size.status().kind(), size.status().message(), PathOf(i));
  return WriteVariant(i, v.metadata(), v.value().subspan(0, *size));
}

Status SlotWriter::WriteRawBody(int i, std::span<const uint8_t> b) {
  ZR_RETURN_NOT_OK(Check(i, TypeId::kString, TypeId::kBinary, TypeId::kList, TypeId::kMap));
  return CopyBody(i, b);
}

Status SlotWriter::WriteRawStruct(int i, std::span<const uint8_t> b) {
  ZR_RETURN_NOT_OK(Check(i, TypeId::kStruct));
  return CopyBody(i, b);
}

// AppendBody + copy + StoreRef without a Result on the way (one call per string / binary).
Status SlotWriter::CopyBody(int i, std::span<const uint8_t> b) {
  ZR_RETURN_NOT_OK(ClaimBody(i));
  size_t pos = buf_->size();
  uint64_t need = pos + Pad8(b.size()) - row_base_;
  if (b.size() >= (uint64_t{1} << 31) || need > kMaxRowSize) return Overflow(need).WithPathPrefix(PathOf(i));
  buf_->resize(pos + Pad8(b.size()));  // zero-filled: the padding must be 0
  if (!b.empty()) std::memcpy(buf_->data() + pos, b.data(), b.size());
  StoreRef(i, pos, b.size());
  return Status::OK();
}

Status SlotWriter::BeginStruct(int i, RowWriter* child) {
  ZR_RETURN_NOT_OK(Check(i, TypeId::kStruct));
  ZR_RETURN_NOT_OK(CanAttach(child));
  ZR_RETURN_NOT_OK(ClaimBody(i));
  size_t slot_pos = values_pos_ + stride_ * static_cast<size_t>(i);
  Status st = child->Start(buf_, &TypeAt(i), true, 0, row_base_, Patch::kReference, slot_pos, base_);
  if (!st.ok()) {
    next_body_ = i;  // nothing was written: ordinal i may still take a value
    return std::move(st).WithPathPrefix(PathOf(i));
  }
  Attach(child, i);
  return st;
}

Status SlotWriter::BeginArray(int i, int64_t count, ArrayWriter* child) {
  ZR_RETURN_NOT_OK(Check(i, TypeId::kList));
  ZR_RETURN_NOT_OK(CanAttach(child));
  ZR_RETURN_NOT_OK(ClaimBody(i));
  size_t slot_pos = values_pos_ + stride_ * static_cast<size_t>(i);
  const DataType& t = TypeAt(i);
  Status st = child->Start(buf_, t.element().get(), false, count, row_base_, Patch::kReference, slot_pos, base_);
  if (!st.ok()) {
    next_body_ = i;  // nothing was written: ordinal i may still take a value
    return std::move(st).WithPathPrefix(PathOf(i));
  }
  child->elem_nullable_ = t.element_nullable();
  Attach(child, i);
  return Status::OK();
}

Status SlotWriter::BeginMap(int i, MapWriter* child) {
  ZR_RETURN_NOT_OK(Check(i, TypeId::kMap));
  ZR_RETURN_NOT_OK(CanAttach(child));
  uint64_t need = buf_->size() + 8 - row_base_;
  if (need > kMaxRowSize) return Overflow(need).WithPathPrefix(PathOf(i));
  ZR_RETURN_NOT_OK(ClaimBody(i));
  child->buf_ = buf_;
  child->type_ = &TypeAt(i);
  child->base_ = buf_->size();
  child->row_base_ = row_base_;
  child->patch_pos_ = values_pos_ + stride_ * static_cast<size_t>(i);
  child->parent_base_ = base_;
  child->key_count_ = child->value_count_ = -1;
  child->step_ = MapWriter::Step::kBegun;
  buf_->resize(buf_->size() + 8);
  Attach(child, i);
  return Status::OK();
}

}  // namespace detail

// ---- RowWriter ------------------------------------------------------------------------------

RowWriter::RowWriter(const Schema& schema) : schema_(schema) {
  buf_ = &own_;
  top_level_ = true;
  Reset();
}

RowWriter::RowWriter(RowWriter&& o) noexcept
    : SlotWriter(std::move(o)), schema_(std::move(o.schema_)), own_(std::move(o.own_)), finished_(o.finished_) {
  if (buf_ == &o.own_) buf_ = &own_;  // the buffer moved with the writer
  o.buf_ = &o.own_;
  o.own_.clear();
}

RowWriter& RowWriter::operator=(RowWriter&& o) noexcept {
  if (this == &o) return *this;
  SlotWriter::operator=(std::move(o));
  const bool owned = buf_ == &o.own_;
  schema_ = std::move(o.schema_);
  own_ = std::move(o.own_);
  finished_ = o.finished_;
  if (owned) buf_ = &own_;
  o.buf_ = &o.own_;
  o.own_.clear();
  return *this;
}

RowWriter::RowWriter(const Schema& schema, std::vector<uint8_t>* out) : schema_(schema) {
  buf_ = out;
  top_level_ = true;
  finished_ = true;  // what `out` holds already stays: the first row starts after it
  Reset();
}

void RowWriter::Reset() {
  if (!top_level_) return;  // a nested writer is started by its parent's BeginStruct()
  DetachChildren();
  child_dropped_ = false;
  if (buf_ == &own_) {
    own_.clear();
  } else if (!finished_) {
    buf_->resize(base_);  // drop the unfinished row (e.g. after an error)
  }
  finished_ = false;
  size_t start = buf_->size();
  Status st = Start(buf_, schema_.struct_type().get(), true, 0, start, Patch::kNone, 0, 0);
  (void)st;  // a top-level fixed region always fits: n fields need 8n + bitmap bytes
  state_ = State::kOpen;
  OnStateChange();
}

Status RowWriter::Finish() {
  ZR_RETURN_NOT_OK(FinishRegion());
  finished_ = true;
  return Status::OK();
}

BinaryRow RowWriter::row() const { return BinaryRow::WrapUnchecked(buf_->data() + base_, buf_->size() - base_, type_); }

// ---- ArrayWriter / MapWriter ----------------------------------------------------------------

Status ArrayWriter::Finish() { return FinishRegion(); }

Status MapWriter::BeginKeys(int64_t count, ArrayWriter* keys) {
  ZR_RETURN_NOT_OK(Usable());
  if (step_ != Step::kBegun)
    return Status::Error(ErrorKind::kInvalidArgument, "BeginKeys must be the first call on a begun map");
  ZR_RETURN_NOT_OK(CanAttach(keys));
  ZR_RETURN_NOT_OK(
      keys->Start(buf_, type_->key().get(), false, count, row_base_, detail::SlotWriter::Patch::kSize, base_, base_));
  keys->no_nulls_ = true;
  keys->path_style_ = detail::PathStyle::kMapKey;
  Attach(keys, 0);
  key_count_ = count;
  step_ = Step::kKeys;
  return Status::OK();
}

Status MapWriter::BeginValues(int64_t count, ArrayWriter* values) {
  if (state_ == State::kOpen && child_ != nullptr)
    return Status::Error(ErrorKind::kInvalidArgument, "BeginValues must follow keys.Finish()");
  ZR_RETURN_NOT_OK(Usable());
  if (step_ != Step::kKeys)
    return Status::Error(ErrorKind::kInvalidArgument, "BeginValues must follow BeginKeys() and keys.Finish()");
  ZR_RETURN_NOT_OK(CanAttach(values));
  if (count != key_count_)
    return Status::Error(ErrorKind::kSchemaMismatch,
                         "map with key/value counts that differ: expected " + std::to_string(key_count_) +
                             " values but found " + std::to_string(count),
                         {}, key_count_, count);
  ZR_RETURN_NOT_OK(
      values->Start(buf_, type_->value().get(), false, count, row_base_, detail::SlotWriter::Patch::kNone, 0, 0));
  values->elem_nullable_ = type_->value_nullable();
  values->path_style_ = detail::PathStyle::kMapValue;
  Attach(values, 1);
  value_count_ = count;
  step_ = Step::kValues;
  return Status::OK();
}

Status MapWriter::Finish() {
  if (state_ == State::kOpen && child_ != nullptr)
    return Status::Error(ErrorKind::kInvalidArgument, child_ordinal_ == 0
                                                          ? "map finished before its key array was finished"
                                                          : "map finished before its value array was finished");
  ZR_RETURN_NOT_OK(Usable());
  if (step_ != Step::kValues) return Status::Error(ErrorKind::kInvalidArgument, "map finished before its values");
  uint64_t size = buf_->size() - base_;
  uint64_t ref = (static_cast<uint64_t>(base_ - parent_base_) << 32) | size;
  std::memcpy(buf_->data() + patch_pos_, &ref, 8);
  Complete();
  return Status::OK();
}

}  // namespace zerorow

// Variant values (SPEC §3.9): reading in place with every offset checked, validation, JSON
// text, and the canonical builder.
#include "zerorow/variant.h"

#include <algorithm>
#include <charconv>
#include <cmath>
#include <cstring>
#include <limits>
#include <map>
#include <memory>

#include "zerorow/json.h"
#include "zerorow/validate.h"

namespace zerorow {

namespace {

// Primitive type ids of the encoding (VariantEncoding.md).
enum Prim : uint8_t {
  kPNull = 0,
  kPTrue = 1,
  kPFalse = 2,
  kPInt8 = 3,
  kPInt16 = 4,
  kPInt32 = 5,
  kPInt64 = 6,
  kPDouble = 7,
  kPDecimal4 = 8,
  kPDecimal8 = 9,
  kPDecimal16 = 10,
  kPDate = 11,
  kPTimestamp = 12,
  kPTimestampNtz = 13,
  kPFloat = 14,
  kPBinary = 15,
  kPString = 16,
  kPTimeNtz = 17,
  kPTimestampNanos = 18,
  kPTimestampNtzNanos = 19,
  kPUuid = 20,
};
constexpr uint8_t kBasicPrimitive = 0, kBasicShortString = 1, kBasicObject = 2, kBasicArray = 3;

uint64_t LoadLE(const uint8_t* p, int n) {
  uint64_t v = 0;
  for (int k = 0; k < n; ++k) v |= static_cast<uint64_t>(p[k]) << (8 * k);
  return v;
}

Status Bad(const std::string& path, const std::string& what) {
  return Status::Error(ErrorKind::kInvalidData, "variant: " + what, path);
}
Status BadNums(const std::string& path, const std::string& what, uint64_t expected, uint64_t actual) {
  return Status::Error(ErrorKind::kInvalidData, "variant: " + what, path, static_cast<int64_t>(expected),
                       static_cast<int64_t>(actual));
}
Status WrongType(const std::string& path, std::string_view want, VariantType got) {
  return Status::Error(
      ErrorKind::kSchemaMismatch,
      "variant: expected " + std::string(want) + " but the value is " + std::string(VariantTypeName(got)), path);
}

// The metadata (SPEC §3.9 rule 2): header, dictionary size, offsets, then the key bytes.
struct Meta {
  std::span<const uint8_t> bytes;
  int offset_size = 1;
  uint64_t dict_size = 0;
  size_t offsets_at = 0;  // first offset
  size_t strings_at = 0;  // first key byte
  bool sorted = false;

  // Header and the offset table in bounds; keys are checked when they are read.
  static Result<Meta> Parse(std::span<const uint8_t> m) {
    Meta out;
    out.bytes = m;
    if (m.empty()) return BadNums("", "metadata is empty: expected at least 3 bytes", 3, 0);
    const uint8_t h = m[0];
    if ((h & 0x0f) != 1)
      return BadNums("", "expected metadata version 1 but found " + std::to_string(h & 0x0f), 1, h & 0x0f);
    if (h & 0x20) return Bad("", "metadata header bit 5 is set (it is unused and must be 0)");
    out.sorted = (h >> 4) & 1;
    out.offset_size = ((h >> 6) & 3) + 1;
    const uint64_t os = static_cast<uint64_t>(out.offset_size);
    if (m.size() < 1 + os) return BadNums("", "metadata ends inside its dictionary size", 1 + os, m.size());
    out.dict_size = LoadLE(m.data() + 1, out.offset_size);
    out.offsets_at = 1 + os;
    const uint64_t table = out.offsets_at + (out.dict_size + 1) * os;
    if (out.dict_size >= (uint64_t{1} << 32) || table > m.size())
      return BadNums("",
                     "metadata of " + std::to_string(m.size()) + " bytes is too short for a dictionary of " +
                         std::to_string(out.dict_size) + " keys",
                     table, m.size());
    out.strings_at = static_cast<size_t>(table);
    return out;
  }
  uint64_t Offset(uint64_t k) const { return LoadLE(bytes.data() + offsets_at + k * offset_size, offset_size); }
  size_t strings_len() const { return bytes.size() - strings_at; }
  // Key `id`, its offsets checked against the metadata.
  Result<std::string_view> Key(uint64_t id, const std::string& path) const {
    if (id >= dict_size)
      return BadNums(
          path, "field id " + std::to_string(id) + " is not below the dictionary size " + std::to_string(dict_size),
          dict_size, id);
    const uint64_t a = Offset(id), b = Offset(id + 1);
    if (a > b || b > strings_len())
      return BadNums(path,
                     "dictionary key " + std::to_string(id) + " has offsets " + std::to_string(a) + ".." +
                         std::to_string(b) + " outside its " + std::to_string(strings_len()) + " key bytes",
                     strings_len(), b);
    return std::string_view(reinterpret_cast<const char*>(bytes.data() + strings_at + a), b - a);
  }
};

// The layout of an object or array value: counts, sizes and where its parts start.
struct Container {
  bool object = false;
  uint64_t n = 0;
  int id_size = 0, offset_size = 1;
  size_t ids_at = 0, offsets_at = 0, data_at = 0;
  uint64_t data_size = 0;  // the last offset: the bytes of the values
};

// `v` starts with an object or array header; every part checked against v's size.
Result<Container> ParseContainer(std::span<const uint8_t> v, const std::string& path) {
  Container c;
  const uint8_t h = v[0];
  const uint8_t vh = h >> 2;
  c.object = (h & 3) == kBasicObject;
  bool large;
  if (c.object) {
    c.offset_size = (vh & 3) + 1;
    c.id_size = ((vh >> 2) & 3) + 1;
    large = (vh >> 4) & 1;
  } else {
    c.offset_size = (vh & 3) + 1;
    large = (vh >> 2) & 1;
  }
  const uint64_t nsz = large ? 4 : 1;
  if (v.size() < 1 + nsz) return BadNums(path, "value ends inside its element count", 1 + nsz, v.size());
  c.n = LoadLE(v.data() + 1, static_cast<int>(nsz));
  c.ids_at = static_cast<size_t>(1 + nsz);
  const uint64_t offsets_at = 1 + nsz + c.n * static_cast<uint64_t>(c.id_size);
  const uint64_t data_at = offsets_at + (c.n + 1) * static_cast<uint64_t>(c.offset_size);
  if (data_at > v.size())
    return BadNums(path,
                   std::string(c.object ? "object" : "array") + " of " + std::to_string(c.n) +
                       " elements needs a header of " + std::to_string(data_at) + " bytes but only " +
                       std::to_string(v.size()) + " remain",
                   data_at, v.size());
  c.offsets_at = static_cast<size_t>(offsets_at);
  c.data_at = static_cast<size_t>(data_at);
  c.data_size = LoadLE(v.data() + c.offsets_at + c.n * c.offset_size, c.offset_size);
  if (c.data_at + c.data_size > v.size())
    return BadNums(path,
                   "values of " + std::to_string(c.data_size) + " bytes run past the " +
                       std::to_string(v.size() - c.data_at) + " bytes that remain",
                   v.size(), c.data_at + c.data_size);
  return c;
}

uint64_t OffsetAt(std::span<const uint8_t> v, const Container& c, uint64_t k) {
  return LoadLE(v.data() + c.offsets_at + k * c.offset_size, c.offset_size);
}

// Size of a primitive's payload after the header byte, or -1 for an unknown type id; `v` must
// hold the header (binary and string also read their 4-byte length).
int64_t PrimitiveSize(uint8_t type_id, std::span<const uint8_t> v) {
  switch (type_id) {
    case kPNull:
    case kPTrue:
    case kPFalse:
      return 0;
    case kPInt8:
      return 1;
    case kPInt16:
      return 2;
    case kPInt32:
    case kPDate:
    case kPFloat:
      return 4;
    case kPInt64:
    case kPDouble:
    case kPTimestamp:
    case kPTimestampNtz:
    case kPTimeNtz:
    case kPTimestampNanos:
    case kPTimestampNtzNanos:
      return 8;
    case kPDecimal4:
      return 5;
    case kPDecimal8:
      return 9;
    case kPDecimal16:
      return 17;
    case kPUuid:
      return 16;
    case kPBinary:
    case kPString:
      if (v.size() < 5) return 4 + (int64_t{1} << 40);  // too short for its length: "past the end"
      return 4 + static_cast<int64_t>(LoadLE(v.data() + 1, 4));
    default:
      return -1;
  }
}

VariantType TypeOfPrimitive(uint8_t id) {
  switch (id) {
    case kPNull:
      return VariantType::kNull;
    case kPTrue:
    case kPFalse:
      return VariantType::kBool;
    case kPInt8:
      return VariantType::kInt8;
    case kPInt16:
      return VariantType::kInt16;
    case kPInt32:
      return VariantType::kInt32;
    case kPInt64:
      return VariantType::kInt64;
    case kPDouble:
      return VariantType::kDouble;
    case kPDecimal4:
      return VariantType::kDecimal4;
    case kPDecimal8:
      return VariantType::kDecimal8;
    case kPDecimal16:
      return VariantType::kDecimal16;
    case kPDate:
      return VariantType::kDate;
    case kPTimestamp:
      return VariantType::kTimestamp;
    case kPTimestampNtz:
      return VariantType::kTimestampNtz;
    case kPFloat:
      return VariantType::kFloat;
    case kPBinary:
      return VariantType::kBinary;
    case kPString:
      return VariantType::kString;
    case kPTimeNtz:
      return VariantType::kTimeNtz;
    case kPTimestampNanos:
      return VariantType::kTimestampNanos;
    case kPTimestampNtzNanos:
      return VariantType::kTimestampNtzNanos;
    default:
      return VariantType::kUuid;
  }
}

std::string Child(const std::string& path, std::string_view key) {
  std::string out = path;
  bool plain = !key.empty() && std::all_of(key.begin(), key.end(), [](char c) {
    return (c >= 'a' && c <= 'z') || (c >= 'A' && c <= 'Z') || (c >= '0' && c <= '9') || c == '_';
  });
  if (plain) {
    out += '.';
    out += key;
  } else {
    out += "[";
    AppendJsonString(&out, key);
    out += "]";
  }
  return out;
}
std::string Child(const std::string& path, uint64_t index) {
  std::string out = path;
  out += '[';
  out += std::to_string(index);
  out += ']';
  return out;
}

// ---- text helpers ----------------------------------------------------------------------------

void CivilFromDays(int64_t z, int64_t* y, unsigned* m, unsigned* d) {
  z += 719468;
  const int64_t era = (z >= 0 ? z : z - 146096) / 146097;
  const unsigned doe = static_cast<unsigned>(z - era * 146097);
  const unsigned yoe = (doe - doe / 1460 + doe / 36524 - doe / 146096) / 365;
  const unsigned doy = doe - (365 * yoe + yoe / 4 - yoe / 100);
  const unsigned mp = (5 * doy + 2) / 153;
  *d = doy - (153 * mp + 2) / 5 + 1;
  *m = mp < 10 ? mp + 3 : mp - 9;
  *y = static_cast<int64_t>(yoe) + era * 400 + (*m <= 2);
}

int64_t FloorDiv(int64_t a, int64_t b) { return a / b - ((a % b != 0) && ((a < 0) != (b < 0))); }

void AppendPadded(std::string* out, int64_t v, int width) {
  std::string s = std::to_string(v);
  if (static_cast<int>(s.size()) < width) out->append(static_cast<size_t>(width) - s.size(), '0');
  *out += s;
}

// ISO 8601: 4-digit years 0000-9999, a sign and more digits outside.
void AppendDate(std::string* out, int64_t days) {
  int64_t y;
  unsigned m, d;
  CivilFromDays(days, &y, &m, &d);
  if (y < 0) {
    out->push_back('-');
    AppendPadded(out, -y, 4);
  } else {
    if (y > 9999) out->push_back('+');
    AppendPadded(out, y, 4);
  }
  out->push_back('-');
  AppendPadded(out, m, 2);
  out->push_back('-');
  AppendPadded(out, d, 2);
}

// "13:45:00.250000" (6 fraction digits) or 9 for nanoseconds.
void AppendTimeOfDay(std::string* out, int64_t units, int64_t per_second, int digits) {
  const int64_t secs = units / per_second, frac = units % per_second;
  AppendPadded(out, secs / 3600, 2);
  out->push_back(':');
  AppendPadded(out, secs / 60 % 60, 2);
  out->push_back(':');
  AppendPadded(out, secs % 60, 2);
  out->push_back('.');
  AppendPadded(out, frac, digits);
}

void AppendTimestamp(std::string* out, int64_t units, bool nanos, bool utc) {
  const int64_t per_day = nanos ? 86'400'000'000'000LL : 86'400'000'000LL;
  const int64_t days = FloorDiv(units, per_day);
  AppendDate(out, days);
  out->push_back('T');
  const int64_t rem = units % per_day;  // never days * per_day: it overflows at INT64_MIN
  AppendTimeOfDay(out, rem < 0 ? rem + per_day : rem, nanos ? 1'000'000'000 : 1'000'000, nanos ? 9 : 6);
  if (utc) out->push_back('Z');
}

void AppendBase64(std::string* out, std::span<const uint8_t> b) {
  static const char* k = "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789+/";
  size_t i = 0;
  for (; i + 3 <= b.size(); i += 3) {
    uint32_t v = (uint32_t{b[i]} << 16) | (uint32_t{b[i + 1]} << 8) | b[i + 2];
    out->push_back(k[v >> 18]);
    out->push_back(k[(v >> 12) & 63]);
    out->push_back(k[(v >> 6) & 63]);
    out->push_back(k[v & 63]);
  }
  if (b.size() - i == 1) {
    uint32_t v = uint32_t{b[i]} << 16;
    out->push_back(k[v >> 18]);
    out->push_back(k[(v >> 12) & 63]);
    *out += "==";
  } else if (b.size() - i == 2) {
    uint32_t v = (uint32_t{b[i]} << 16) | (uint32_t{b[i + 1]} << 8);
    out->push_back(k[v >> 18]);
    out->push_back(k[(v >> 12) & 63]);
    out->push_back(k[(v >> 6) & 63]);
    out->push_back('=');
  }
}

void AppendUuid(std::string* out, const uint8_t* b) {
  static const char* k = "0123456789abcdef";
  for (int i = 0; i < 16; ++i) {
    if (i == 4 || i == 6 || i == 8 || i == 10) out->push_back('-');
    out->push_back(k[b[i] >> 4]);
    out->push_back(k[b[i] & 15]);
  }
}

void AppendFloating(std::string* out, double d, bool is32) {
  if (std::isnan(d)) {
    *out += "\"NaN\"";
    return;
  }
  if (std::isinf(d)) {
    *out += d > 0 ? "\"Infinity\"" : "\"-Infinity\"";
    return;
  }
  AppendShortestNumber(out, d, is32);
}

unsigned __int128 AbsU(__int128 v) {
  return v < 0 ? static_cast<unsigned __int128>(0) - static_cast<unsigned __int128>(v)
               : static_cast<unsigned __int128>(v);
}

const __int128 kDecimalLimits[3] = {
    1'000'000'000, 1'000'000'000'000'000'000LL,
    static_cast<__int128>(10'000'000'000'000'000'000ULL) * 10'000'000'000'000'000'000ULL};

}  // namespace

std::string_view VariantTypeName(VariantType t) {
  switch (t) {
    case VariantType::kNull:
      return "null";
    case VariantType::kBool:
      return "bool";
    case VariantType::kInt8:
      return "int8";
    case VariantType::kInt16:
      return "int16";
    case VariantType::kInt32:
      return "int32";
    case VariantType::kInt64:
      return "int64";
    case VariantType::kDouble:
      return "double";
    case VariantType::kDecimal4:
      return "decimal4";
    case VariantType::kDecimal8:
      return "decimal8";
    case VariantType::kDecimal16:
      return "decimal16";
    case VariantType::kDate:
      return "date";
    case VariantType::kTimestamp:
      return "timestamp";
    case VariantType::kTimestampNtz:
      return "timestamp_ntz";
    case VariantType::kFloat:
      return "float";
    case VariantType::kBinary:
      return "binary";
    case VariantType::kString:
      return "string";
    case VariantType::kTimeNtz:
      return "time_ntz";
    case VariantType::kTimestampNanos:
      return "timestamp_nanos";
    case VariantType::kTimestampNtzNanos:
      return "timestamp_ntz_nanos";
    case VariantType::kUuid:
      return "uuid";
    case VariantType::kObject:
      return "object";
    case VariantType::kArray:
      return "array";
  }
  return "?";
}

// The reading and checking of values, shared by the view's accessors and Validate().
class VariantReader {
 public:
  // Header byte present, the type known; objects/arrays parsed.
  static Result<VariantType> TypeOf(const VariantView& v) {
    if (v.value_.empty()) return BadNums(v.path_, "value is empty", 1, 0);
    const uint8_t h = v.value_[0];
    switch (h & 3) {
      case kBasicPrimitive: {
        const uint8_t id = h >> 2;
        if (id > kPUuid) return BadNums(v.path_, "unknown primitive type id " + std::to_string(id), kPUuid, id);
        return TypeOfPrimitive(id);
      }
      case kBasicShortString:
        return VariantType::kString;
      case kBasicObject:
        return VariantType::kObject;
      default:
        return VariantType::kArray;
    }
  }

  static Result<size_t> Size(const VariantView& v) {
    ZR_ASSIGN_OR_RETURN(VariantType t, TypeOf(v));
    const uint8_t h = v.value_[0];
    uint64_t size;
    if (t == VariantType::kObject || t == VariantType::kArray) {
      ZR_ASSIGN_OR_RETURN(Container c, ParseContainer(v.value_, v.path_));
      size = c.data_at + c.data_size;
    } else if ((h & 3) == kBasicShortString) {
      size = 1 + (h >> 2);
    } else {
      size = 1 + static_cast<uint64_t>(PrimitiveSize(h >> 2, v.value_));
    }
    if (size > v.value_.size())
      return BadNums(v.path_,
                     std::string(VariantTypeName(t)) + " value of " + std::to_string(size) + " bytes runs past the " +
                         std::to_string(v.value_.size()) + " bytes that remain",
                     v.value_.size(), size);
    return static_cast<size_t>(size);
  }

  // The payload of a primitive (after the header), its size checked.
  static Result<std::span<const uint8_t>> Payload(const VariantView& v) {
    ZR_ASSIGN_OR_RETURN(size_t size, Size(v));
    return v.value_.subspan(1, size - 1);
  }

  static VariantView ChildView(const VariantView& parent, std::span<const uint8_t> value, std::string path) {
    VariantView c;
    c.metadata_ = parent.metadata_;
    c.value_ = value;
    c.path_ = std::move(path);
    return c;
  }

  // Element / field value k of container `c` of `v`: from its offset to the end of the values.
  static Result<VariantView> Element(const VariantView& v, const Container& c, uint64_t k, std::string path) {
    const uint64_t off = OffsetAt(v.value_, c, k);
    if (off >= c.data_size)
      return BadNums(
          path,
          "offset " + std::to_string(off) + " is not below the " + std::to_string(c.data_size) + " bytes of the values",
          c.data_size, off);
    return ChildView(v, v.value_.subspan(c.data_at + off, c.data_size - off), std::move(path));
  }

  static Result<Container> Expect(const VariantView& v, bool object) {
    ZR_ASSIGN_OR_RETURN(VariantType t, TypeOf(v));
    if (t != (object ? VariantType::kObject : VariantType::kArray))
      return WrongType(v.path_, object ? "an object" : "an array", t);
    return ParseContainer(v.value_, v.path_);
  }

  static Result<std::string_view> KeyAt(const VariantView& v, const Container& c, const Meta& m, uint64_t k) {
    const uint64_t id = LoadLE(v.value_.data() + c.ids_at + k * c.id_size, c.id_size);
    return m.Key(id, v.path_);
  }

  // ---- validation (SPEC §3.9 rules 2-3) --------------------------------------------------

  static Status ValidateMeta(const Meta& m) {
    if (m.bytes.size() < 3) return BadNums("", "expected metadata of at least 3 bytes", 3, m.bytes.size());
    uint64_t prev = 0;
    std::string_view prev_key;
    for (uint64_t k = 0; k <= m.dict_size; ++k) {
      const uint64_t o = m.Offset(k);
      if (k == 0 && o != 0) return BadNums("", "the first dictionary offset must be 0", 0, o);
      if (o < prev)
        return BadNums("", "dictionary offsets decrease: " + std::to_string(prev) + " then " + std::to_string(o), prev,
                       o);
      if (o > m.strings_len())
        return BadNums(
            "",
            "dictionary offset " + std::to_string(o) + " is past the " + std::to_string(m.strings_len()) + " key bytes",
            m.strings_len(), o);
      if (k > 0) {
        std::string_view key(reinterpret_cast<const char*>(m.bytes.data() + m.strings_at + prev), o - prev);
        if (!IsValidUtf8(key)) return Bad("", "dictionary key " + std::to_string(k - 1) + " is not valid UTF-8");
        if (m.sorted && k > 1 && !(prev_key < key))
          return Bad("", "sorted_strings is set but dictionary key " + std::to_string(k - 1) +
                             " is not greater than the one before it");
        prev_key = key;
      }
      prev = o;
    }
    return Status::OK();
  }

  static Status ValidateValue(const VariantView& v, const Meta& m, int depth) {
    ZR_ASSIGN_OR_RETURN(VariantType t, TypeOf(v));
    ZR_ASSIGN_OR_RETURN(size_t size, Size(v));
    const uint8_t h = v.value_[0];
    switch (t) {
      case VariantType::kObject:
      case VariantType::kArray: {
        if (depth >= kMaxVariantDepth)
          return BadNums(v.path_, "expected at most 1000 nested objects and arrays but found more", kMaxVariantDepth,
                         depth + 1);
        ZR_ASSIGN_OR_RETURN(Container c, ParseContainer(v.value_, v.path_));
        std::string_view prev;
        for (uint64_t k = 0; k < c.n; ++k) {
          std::string path;
          if (c.object) {
            ZR_ASSIGN_OR_RETURN(std::string_view key, KeyAt(v, c, m, k));
            if (k > 0 && !(prev < key))
              return Bad(v.path_, "object keys must be unique and in increasing byte order, but key " +
                                      std::to_string(k) + " does not follow key " + std::to_string(k - 1));
            prev = key;
            path = Child(v.path_, key);
          } else {
            path = Child(v.path_, k);
            const uint64_t a = OffsetAt(v.value_, c, k), b = OffsetAt(v.value_, c, k + 1);
            if (b < a) return BadNums(path, "array offsets decrease", a, b);
          }
          ZR_ASSIGN_OR_RETURN(VariantView e, Element(v, c, k, std::move(path)));
          ZR_RETURN_NOT_OK(ValidateValue(e, m, depth + 1));
        }
        return Status::OK();
      }
      case VariantType::kString: {
        std::span<const uint8_t> s =
            (h & 3) == kBasicShortString ? v.value_.subspan(1, size - 1) : v.value_.subspan(5, size - 5);
        if (!IsValidUtf8(s)) return Bad(v.path_, "string is not valid UTF-8");
        return Status::OK();
      }
      case VariantType::kDecimal4:
      case VariantType::kDecimal8:
      case VariantType::kDecimal16: {
        ZR_ASSIGN_OR_RETURN(VariantDecimal d, ReadDecimal(v));
        if (d.scale > 38)
          return BadNums(v.path_, "decimal scale " + std::to_string(d.scale) + " is above 38", 38, d.scale);
        const int which = t == VariantType::kDecimal4 ? 0 : t == VariantType::kDecimal8 ? 1 : 2;
        if (AbsU(d.unscaled.unscaled) >= static_cast<unsigned __int128>(kDecimalLimits[which]))
          return Bad(v.path_, "decimal unscaled value " + DecimalToString(d.unscaled, 0) + " has too many digits for " +
                                  std::string(VariantTypeName(t)));
        return Status::OK();
      }
      case VariantType::kTimeNtz: {
        ZR_ASSIGN_OR_RETURN(int64_t us, v.GetTemporal());
        if (us < 0 || us >= 86'400'000'000LL)
          return BadNums(v.path_, "time_ntz " + std::to_string(us) + " is outside [0, 86400000000)", 86'400'000'000LL,
                         us);
        return Status::OK();
      }
      case VariantType::kNull:
      case VariantType::kBool:
      case VariantType::kInt8:
      case VariantType::kInt16:
      case VariantType::kInt32:
      case VariantType::kInt64:
      case VariantType::kDouble:
      case VariantType::kDate:
      case VariantType::kTimestamp:
      case VariantType::kTimestampNtz:
      case VariantType::kFloat:
      case VariantType::kBinary:
      case VariantType::kTimestampNanos:
      case VariantType::kTimestampNtzNanos:
      case VariantType::kUuid:
        return Status::OK();
    }
    return Status::OK();
  }

  static Result<VariantDecimal> ReadDecimal(const VariantView& v) {
    ZR_ASSIGN_OR_RETURN(auto p, Payload(v));
    VariantDecimal d;
    d.scale = p[0];
    const size_t n = p.size() - 1;
    unsigned __int128 u = 0;
    for (size_t k = 0; k < n; ++k) u |= static_cast<unsigned __int128>(p[1 + k]) << (8 * k);
    if (n < 16 && (p[n] & 0x80)) u |= ~static_cast<unsigned __int128>(0) << (8 * n);  // sign-extend
    d.unscaled = Decimal128{static_cast<__int128>(u)};
    return d;
  }

  // ---- JSON text (SPEC §3.9 "To JSON text") ---------------------------------------------

  static Status Json(const VariantView& v, const Meta& m, int depth, std::string* out) {
    ZR_ASSIGN_OR_RETURN(VariantType t, TypeOf(v));
    switch (t) {
      case VariantType::kObject:
      case VariantType::kArray: {
        if (depth >= kMaxVariantDepth)
          return BadNums(v.path_, "expected at most 1000 nested objects and arrays but found more", kMaxVariantDepth,
                         depth + 1);
        ZR_ASSIGN_OR_RETURN(Container c, ParseContainer(v.value_, v.path_));
        out->push_back(c.object ? '{' : '[');
        for (uint64_t k = 0; k < c.n; ++k) {
          if (k) out->push_back(',');
          std::string path;
          if (c.object) {
            ZR_ASSIGN_OR_RETURN(std::string_view key, KeyAt(v, c, m, k));
            AppendJsonString(out, key);
            out->push_back(':');
            path = Child(v.path_, key);
          } else {
            path = Child(v.path_, k);
          }
          ZR_ASSIGN_OR_RETURN(VariantView e, Element(v, c, k, std::move(path)));
          ZR_RETURN_NOT_OK(Json(e, m, depth + 1, out));
        }
        out->push_back(c.object ? '}' : ']');
        return Status::OK();
      }
      case VariantType::kNull:
        *out += "null";
        return Status::OK();
      case VariantType::kBool:
        *out += (v.value_[0] >> 2) == kPTrue ? "true" : "false";
        return Status::OK();
      case VariantType::kInt8:
      case VariantType::kInt16:
      case VariantType::kInt32:
      case VariantType::kInt64: {
        ZR_ASSIGN_OR_RETURN(int64_t x, v.GetInt());
        *out += std::to_string(x);
        return Status::OK();
      }
      case VariantType::kDouble:
      case VariantType::kFloat: {
        ZR_ASSIGN_OR_RETURN(double x, v.GetDouble());
        AppendFloating(out, x, t == VariantType::kFloat);
        return Status::OK();
      }
      case VariantType::kDecimal4:
      case VariantType::kDecimal8:
      case VariantType::kDecimal16: {
        ZR_ASSIGN_OR_RETURN(VariantDecimal d, ReadDecimal(v));
        if (d.scale > 38) return BadNums(v.path_, "decimal scale above 38", 38, d.scale);
        *out += DecimalToString(d.unscaled, d.scale);
        return Status::OK();
      }
      case VariantType::kString: {
        ZR_ASSIGN_OR_RETURN(std::string_view s, v.GetString());
        AppendJsonString(out, s);
        return Status::OK();
      }
      case VariantType::kBinary: {
        ZR_ASSIGN_OR_RETURN(auto b, v.GetBinary());
        out->push_back('"');
        AppendBase64(out, b);
        out->push_back('"');
        return Status::OK();
      }
      case VariantType::kUuid: {
        ZR_ASSIGN_OR_RETURN(auto u, v.GetUuid());
        out->push_back('"');
        AppendUuid(out, u.data());
        out->push_back('"');
        return Status::OK();
      }
      case VariantType::kDate:
      case VariantType::kTimeNtz:
      case VariantType::kTimestamp:
      case VariantType::kTimestampNtz:
      case VariantType::kTimestampNanos:
      case VariantType::kTimestampNtzNanos: {
        ZR_ASSIGN_OR_RETURN(int64_t x, v.GetTemporal());
        out->push_back('"');
        if (t == VariantType::kDate) {
          AppendDate(out, x);
        } else if (t == VariantType::kTimeNtz) {
          if (x < 0 || x >= 86'400'000'000LL)
            return BadNums(v.path_, "time " + std::to_string(x) + " is outside a day", 86'400'000'000LL, x);
          AppendTimeOfDay(out, x, 1'000'000, 6);
        } else {
          const bool nanos = t == VariantType::kTimestampNanos || t == VariantType::kTimestampNtzNanos;
          AppendTimestamp(out, x, nanos, t == VariantType::kTimestamp || t == VariantType::kTimestampNanos);
        }
        out->push_back('"');
        return Status::OK();
      }
    }
    return Status::OK();
  }
};

// ---- VariantView -----------------------------------------------------------------------------

Result<VariantView> VariantView::Make(std::span<const uint8_t> metadata, std::span<const uint8_t> value) {
  ZR_RETURN_NOT_OK(Meta::Parse(metadata).status());
  if (value.empty()) return BadNums("$", "value is empty", 1, 0);
  VariantView v;
  v.metadata_ = metadata;
  v.value_ = value;
  return v;
}

Result<VariantType> VariantView::type() const { return VariantReader::TypeOf(*this); }
Result<size_t> VariantView::ValueSize() const { return VariantReader::Size(*this); }

Result<int> VariantView::size() const {
  ZR_ASSIGN_OR_RETURN(VariantType t, type());
  if (t != VariantType::kObject && t != VariantType::kArray) return WrongType(path_, "an object or an array", t);
  ZR_ASSIGN_OR_RETURN(Container c, ParseContainer(value_, path_));
  return static_cast<int>(c.n);
}

Result<VariantView> VariantView::Get(std::string_view key) const {
  ZR_ASSIGN_OR_RETURN(Container c, VariantReader::Expect(*this, true));
  ZR_ASSIGN_OR_RETURN(Meta m, Meta::Parse(metadata_));
  // Keys are in increasing byte order (SPEC §3.9 rule 3): a binary search; on bytes that break
  // the rule it may miss a key, never read out of bounds.
  uint64_t lo = 0, hi = c.n;
  while (lo < hi) {
    const uint64_t mid = lo + (hi - lo) / 2;
    ZR_ASSIGN_OR_RETURN(std::string_view k, VariantReader::KeyAt(*this, c, m, mid));
    if (k == key) return VariantReader::Element(*this, c, mid, Child(path_, key));
    if (k < key)
      lo = mid + 1;
    else
      hi = mid;
  }
  return Status::Error(ErrorKind::kOutOfRange, "variant object has no key \"" + std::string(key) + "\"", path_);
}

Result<VariantView> VariantView::Get(int index) const {
  ZR_ASSIGN_OR_RETURN(Container c, VariantReader::Expect(*this, false));
  if (index < 0 || static_cast<uint64_t>(index) >= c.n)
    return Status::Error(
        ErrorKind::kOutOfRange,
        "variant array index " + std::to_string(index) + " is outside [0, " + std::to_string(c.n) + ")", path_,
        static_cast<int64_t>(c.n), index);
  return VariantReader::Element(*this, c, static_cast<uint64_t>(index), Child(path_, static_cast<uint64_t>(index)));
}

Result<std::string_view> VariantView::KeyAt(int i) const {
  ZR_ASSIGN_OR_RETURN(Container c, VariantReader::Expect(*this, true));
  if (i < 0 || static_cast<uint64_t>(i) >= c.n)
    return Status::Error(ErrorKind::kOutOfRange,
                         "variant object field " + std::to_string(i) + " is outside [0, " + std::to_string(c.n) + ")",
                         path_);
  ZR_ASSIGN_OR_RETURN(Meta m, Meta::Parse(metadata_));
  return VariantReader::KeyAt(*this, c, m, static_cast<uint64_t>(i));
}

Result<VariantView> VariantView::ValueAt(int i) const {
  ZR_ASSIGN_OR_RETURN(std::string_view key, KeyAt(i));
  ZR_ASSIGN_OR_RETURN(Container c, VariantReader::Expect(*this, true));
  return VariantReader::Element(*this, c, static_cast<uint64_t>(i), Child(path_, key));
}

Result<VariantView> VariantView::AtPath(std::string_view path) const {
  auto bad = [&](const std::string& why) {
    return Status::Error(ErrorKind::kInvalidArgument, "bad variant path \"" + std::string(path) + "\": " + why);
  };
  size_t p = 0;
  if (p < path.size() && path[p] == '$') ++p;
  VariantView cur = *this;
  while (p < path.size()) {
    if (path[p] == '.') {
      size_t e = p + 1;
      while (e < path.size() && path[e] != '.' && path[e] != '[') ++e;
      if (e == p + 1) return bad("empty key after '.'");
      ZR_ASSIGN_OR_RETURN(cur, cur.Get(path.substr(p + 1, e - p - 1)));
      p = e;
    } else if (path[p] == '[') {
      size_t e = path.find(']', p);
      if (e == std::string_view::npos) return bad("'[' without ']'");
      std::string_view inner = path.substr(p + 1, e - p - 1);
      if (!inner.empty() && inner[0] == '"') {
        // A quoted key may hold ']': it ends at the first '"]' after its opening quote.
        const size_t close = path.find("\"]", p + 2);
        if (close == std::string_view::npos) return bad("a quoted key without its closing '\"]'");
        ZR_ASSIGN_OR_RETURN(JsonValue key, ParseJson(path.substr(p + 1, close - p)));
        if (!key.is_string()) return bad("a quoted key must be a JSON string");
        e = close + 1;
        ZR_ASSIGN_OR_RETURN(cur, cur.Get(key.text()));
      } else {
        int index = 0;
        auto [q, ec] = std::from_chars(inner.data(), inner.data() + inner.size(), index);
        if (ec != std::errc() || q != inner.data() + inner.size()) return bad("expected an index in [...]");
        ZR_ASSIGN_OR_RETURN(cur, cur.Get(index));
      }
      p = e + 1;
    } else {
      return bad("expected '.' or '[' at position " + std::to_string(p));
    }
  }
  return cur;
}

Result<bool> VariantView::GetBool() const {
  ZR_ASSIGN_OR_RETURN(VariantType t, type());
  if (t != VariantType::kBool) return WrongType(path_, "a bool", t);
  return (value_[0] >> 2) == kPTrue;
}

Result<int64_t> VariantView::GetInt() const {
  ZR_ASSIGN_OR_RETURN(VariantType t, type());
  ZR_ASSIGN_OR_RETURN(auto p, VariantReader::Payload(*this));
  switch (t) {
    case VariantType::kInt8:
      return static_cast<int8_t>(p[0]);
    case VariantType::kInt16:
      return static_cast<int16_t>(LoadLE(p.data(), 2));
    case VariantType::kInt32:
      return static_cast<int32_t>(LoadLE(p.data(), 4));
    case VariantType::kInt64:
      return static_cast<int64_t>(LoadLE(p.data(), 8));
    default:
      return WrongType(path_, "an integer", t);
  }
}

Result<double> VariantView::GetDouble() const {
  ZR_ASSIGN_OR_RETURN(VariantType t, type());
  if (t == VariantType::kFloat) {
    ZR_ASSIGN_OR_RETURN(float f, GetFloat());
    return f;
  }
  if (t != VariantType::kDouble) return WrongType(path_, "a double", t);
  ZR_ASSIGN_OR_RETURN(auto p, VariantReader::Payload(*this));
  uint64_t bits = LoadLE(p.data(), 8);
  double d;
  std::memcpy(&d, &bits, 8);
  return d;
}

Result<float> VariantView::GetFloat() const {
  ZR_ASSIGN_OR_RETURN(VariantType t, type());
  if (t != VariantType::kFloat) return WrongType(path_, "a float", t);
  ZR_ASSIGN_OR_RETURN(auto p, VariantReader::Payload(*this));
  uint32_t bits = static_cast<uint32_t>(LoadLE(p.data(), 4));
  float f;
  std::memcpy(&f, &bits, 4);
  return f;
}

Result<VariantDecimal> VariantView::GetDecimal() const {
  ZR_ASSIGN_OR_RETURN(VariantType t, type());
  if (t != VariantType::kDecimal4 && t != VariantType::kDecimal8 && t != VariantType::kDecimal16)
    return WrongType(path_, "a decimal", t);
  return VariantReader::ReadDecimal(*this);
}

Result<std::string_view> VariantView::GetString() const {
  ZR_ASSIGN_OR_RETURN(VariantType t, type());
  if (t != VariantType::kString) return WrongType(path_, "a string", t);
  ZR_ASSIGN_OR_RETURN(size_t size, ValueSize());
  const size_t skip = (value_[0] & 3) == kBasicShortString ? 1 : 5;
  return std::string_view(reinterpret_cast<const char*>(value_.data() + skip), size - skip);
}

Result<std::span<const uint8_t>> VariantView::GetBinary() const {
  ZR_ASSIGN_OR_RETURN(VariantType t, type());
  if (t != VariantType::kBinary) return WrongType(path_, "binary", t);
  ZR_ASSIGN_OR_RETURN(size_t size, ValueSize());
  return value_.subspan(5, size - 5);
}

Result<std::array<uint8_t, 16>> VariantView::GetUuid() const {
  ZR_ASSIGN_OR_RETURN(VariantType t, type());
  if (t != VariantType::kUuid) return WrongType(path_, "a uuid", t);
  ZR_ASSIGN_OR_RETURN(auto p, VariantReader::Payload(*this));
  std::array<uint8_t, 16> out;
  std::memcpy(out.data(), p.data(), 16);
  return out;
}

Result<int64_t> VariantView::GetTemporal() const {
  ZR_ASSIGN_OR_RETURN(VariantType t, type());
  ZR_ASSIGN_OR_RETURN(auto p, VariantReader::Payload(*this));
  switch (t) {
    case VariantType::kDate:
      return static_cast<int32_t>(LoadLE(p.data(), 4));
    case VariantType::kTimeNtz:
    case VariantType::kTimestamp:
    case VariantType::kTimestampNtz:
    case VariantType::kTimestampNanos:
    case VariantType::kTimestampNtzNanos:
      return static_cast<int64_t>(LoadLE(p.data(), 8));
    default:
      return WrongType(path_, "a date, time or timestamp", t);
  }
}

Result<std::string> VariantView::ToJson() const {
  ZR_ASSIGN_OR_RETURN(Meta m, Meta::Parse(metadata_));
  std::string out;
  ZR_RETURN_NOT_OK(VariantReader::Json(*this, m, 0, &out));
  return out;
}

Status VariantView::Validate() const {
  ZR_ASSIGN_OR_RETURN(Meta m, Meta::Parse(metadata_));
  ZR_RETURN_NOT_OK(VariantReader::ValidateMeta(m));
  return VariantReader::ValidateValue(*this, m, 0);
}

VariantView Variant::view() const {
  auto v = VariantView::Make(metadata, value);
  return v.ok() ? *v : VariantView();
}

// ---- VariantBuilder ----------------------------------------------------------------------------

namespace {

// A value being built: a scalar's encoded bytes, or an object's / array's children.
struct Node {
  enum class Kind : uint8_t { kScalar, kObject, kArray } kind = Kind::kScalar;
  std::vector<uint8_t> bytes;      // scalar: header + payload
  std::vector<uint32_t> children;  // node indexes
  std::vector<std::string> keys;   // object: one per child
};

int BytesFor(uint64_t v) {
  if (v < (uint64_t{1} << 8)) return 1;
  if (v < (uint64_t{1} << 16)) return 2;
  if (v < (uint64_t{1} << 24)) return 3;
  return 4;
}

void PutLE(std::vector<uint8_t>* out, uint64_t v, int n) {
  for (int k = 0; k < n; ++k) out->push_back(static_cast<uint8_t>(v >> (8 * k)));
}

uint8_t PrimHeader(uint8_t id) { return static_cast<uint8_t>(id << 2); }

}  // namespace

struct VariantBuilder::Impl {
  std::vector<Node> nodes;
  // Open containers (node indexes); a pending key per open object.
  std::vector<uint32_t> open;
  std::vector<std::string> pending_key;
  std::vector<bool> has_key;
  int64_t root = -1;

  Status Place(Node node) {
    const uint32_t idx = static_cast<uint32_t>(nodes.size());
    if (open.empty()) {
      if (root >= 0) return Status::InvalidData("variant: a second top-level value");
      root = idx;
    } else {
      Node& parent = nodes[open.back()];
      if (parent.kind == Node::Kind::kObject) {
        if (!has_key.back()) return Status::InvalidData("variant: an object value without a key");
        parent.keys.push_back(std::move(pending_key.back()));
        has_key.back() = false;
      }
      parent.children.push_back(idx);
    }
    nodes.push_back(std::move(node));
    return Status::OK();
  }

  Status Scalar(std::vector<uint8_t> bytes) {
    Node n;
    n.bytes = std::move(bytes);
    return Place(std::move(n));
  }

  Status Open(Node::Kind kind) {
    if (open.size() >= static_cast<size_t>(kMaxVariantDepth))
      return Status::Error(ErrorKind::kInvalidData, "variant: expected at most 1000 nested objects and arrays", {},
                           kMaxVariantDepth, static_cast<int64_t>(open.size()) + 1);
    Node n;
    n.kind = kind;
    const uint32_t idx = static_cast<uint32_t>(nodes.size());
    ZR_RETURN_NOT_OK(Place(std::move(n)));
    open.push_back(idx);
    pending_key.emplace_back();
    has_key.push_back(false);
    return Status::OK();
  }

  Status Close(Node::Kind kind) {
    if (open.empty() || nodes[open.back()].kind != kind)
      return Status::InvalidData(kind == Node::Kind::kObject ? "variant: EndObject without an open object"
                                                             : "variant: EndArray without an open array");
    if (has_key.back()) return Status::InvalidData("variant: a key without a value at the end of an object");
    Node& n = nodes[open.back()];
    if (kind == Node::Kind::kObject) {
      // Sort the fields by key (UTF-8 byte order) and refuse duplicates (SPEC §3.9).
      std::vector<size_t> order(n.keys.size());
      for (size_t k = 0; k < order.size(); ++k) order[k] = k;
      std::stable_sort(order.begin(), order.end(), [&](size_t a, size_t b) { return n.keys[a] < n.keys[b]; });
      std::vector<std::string> keys;
      std::vector<uint32_t> children;
      for (size_t k = 0; k < order.size(); ++k) {
        if (k > 0 && n.keys[order[k]] == keys.back())
          return Status::InvalidData("variant: duplicate key \"" + keys.back() + "\" in one object");
        keys.push_back(std::move(n.keys[order[k]]));
        children.push_back(n.children[order[k]]);
      }
      n.keys = std::move(keys);
      n.children = std::move(children);
    }
    open.pop_back();
    pending_key.pop_back();
    has_key.pop_back();
    return Status::OK();
  }

  // Serialises node `idx` into `out` (recursive: depth <= 1000, checked when opened).
  void Write(uint32_t idx, const std::map<std::string, uint32_t>& ids, std::vector<uint8_t>* out) const {
    const Node& n = nodes[idx];
    if (n.kind == Node::Kind::kScalar) {
      out->insert(out->end(), n.bytes.begin(), n.bytes.end());
      return;
    }
    std::vector<uint8_t> data;
    std::vector<uint64_t> offsets;
    for (uint32_t c : n.children) {
      offsets.push_back(data.size());
      Write(c, ids, &data);
    }
    offsets.push_back(data.size());
    const uint64_t count = n.children.size();
    const bool large = count > 255;
    const int os = BytesFor(data.size());
    if (n.kind == Node::Kind::kObject) {
      uint64_t max_id = 0;
      for (const std::string& k : n.keys) max_id = std::max<uint64_t>(max_id, ids.at(k));
      const int is = BytesFor(max_id);
      out->push_back(static_cast<uint8_t>(((large ? 1 : 0) << 6) | ((is - 1) << 4) | ((os - 1) << 2) | kBasicObject));
      PutLE(out, count, large ? 4 : 1);
      for (const std::string& k : n.keys) PutLE(out, ids.at(k), is);
      for (uint64_t o : offsets) PutLE(out, o, os);
    } else {
      out->push_back(static_cast<uint8_t>(((large ? 1 : 0) << 4) | ((os - 1) << 2) | kBasicArray));
      PutLE(out, count, large ? 4 : 1);
      for (uint64_t o : offsets) PutLE(out, o, os);
    }
    out->insert(out->end(), data.begin(), data.end());
  }
};

VariantBuilder::VariantBuilder() : impl_(new Impl) {}
VariantBuilder::~VariantBuilder() { delete impl_; }

Status VariantBuilder::Null() { return impl_->Scalar({PrimHeader(kPNull)}); }
Status VariantBuilder::Bool(bool v) { return impl_->Scalar({PrimHeader(v ? kPTrue : kPFalse)}); }

Status VariantBuilder::Int(int64_t v) {
  std::vector<uint8_t> b;
  if (v >= INT8_MIN && v <= INT8_MAX) {
    b.push_back(PrimHeader(kPInt8));
    PutLE(&b, static_cast<uint64_t>(v), 1);
  } else if (v >= INT16_MIN && v <= INT16_MAX) {
    b.push_back(PrimHeader(kPInt16));
    PutLE(&b, static_cast<uint64_t>(v), 2);
  } else if (v >= INT32_MIN && v <= INT32_MAX) {
    b.push_back(PrimHeader(kPInt32));
    PutLE(&b, static_cast<uint64_t>(v), 4);
  } else {
    b.push_back(PrimHeader(kPInt64));
    PutLE(&b, static_cast<uint64_t>(v), 8);
  }
  return impl_->Scalar(std::move(b));
}

Status VariantBuilder::Double(double v) {
  uint64_t bits;
  std::memcpy(&bits, &v, 8);
  if (v != v) bits = 0x7ff8000000000000ull;  // the canonical NaN (SPEC §2.6, §3.9)
  std::vector<uint8_t> b{PrimHeader(kPDouble)};
  PutLE(&b, bits, 8);
  return impl_->Scalar(std::move(b));
}

Status VariantBuilder::Float(float v) {
  uint32_t bits;
  std::memcpy(&bits, &v, 4);
  if (v != v) bits = 0x7fc00000u;
  std::vector<uint8_t> b{PrimHeader(kPFloat)};
  PutLE(&b, bits, 4);
  return impl_->Scalar(std::move(b));
}

Status VariantBuilder::Decimal(Decimal128 unscaled, int scale) {
  if (scale < 0 || scale > 38)
    return Status::Error(ErrorKind::kInvalidData,
                         "variant: decimal scale " + std::to_string(scale) + " is outside [0, 38]", {}, 38, scale);
  // The precision the value needs, max(digits of the unscaled value, scale), picks the width
  // (SPEC §3.9): as Spark, 0.0000000001 is a decimal8.
  unsigned __int128 u = AbsU(unscaled.unscaled);
  int digits = 1;
  for (unsigned __int128 x = u; x >= 10; x /= 10) ++digits;
  const int precision = std::max(digits, scale);
  uint8_t id;
  int n;
  if (precision <= 9) {
    id = kPDecimal4;
    n = 4;
  } else if (precision <= 18) {
    id = kPDecimal8;
    n = 8;
  } else if (precision <= 38) {
    id = kPDecimal16;
    n = 16;
  } else {
    return Status::InvalidData("variant: decimal " + DecimalToString(unscaled, scale) + " has more than 38 digits");
  }
  std::vector<uint8_t> b{PrimHeader(id), static_cast<uint8_t>(scale)};
  const unsigned __int128 bits = static_cast<unsigned __int128>(unscaled.unscaled);
  for (int k = 0; k < n; ++k) b.push_back(static_cast<uint8_t>(bits >> (8 * k)));
  return impl_->Scalar(std::move(b));
}

Status VariantBuilder::String(std::string_view s) {
  if (!IsValidUtf8(s)) return Status::InvalidData("variant: string is not valid UTF-8");
  std::vector<uint8_t> b;
  if (s.size() <= 63) {
    b.push_back(static_cast<uint8_t>((s.size() << 2) | kBasicShortString));
  } else {
    if (s.size() >= (uint64_t{1} << 32)) return Status::InvalidData("variant: string longer than 2^32-1 bytes");
    b.push_back(PrimHeader(kPString));
    PutLE(&b, s.size(), 4);
  }
  b.insert(b.end(), s.begin(), s.end());
  return impl_->Scalar(std::move(b));
}

Status VariantBuilder::Binary(std::span<const uint8_t> bytes) {
  if (bytes.size() >= (uint64_t{1} << 32)) return Status::InvalidData("variant: binary longer than 2^32-1 bytes");
  std::vector<uint8_t> b{PrimHeader(kPBinary)};
  PutLE(&b, bytes.size(), 4);
  b.insert(b.end(), bytes.begin(), bytes.end());
  return impl_->Scalar(std::move(b));
}

Status VariantBuilder::Date(int32_t days) {
  std::vector<uint8_t> b{PrimHeader(kPDate)};
  PutLE(&b, static_cast<uint32_t>(days), 4);
  return impl_->Scalar(std::move(b));
}

Status VariantBuilder::Timestamp(int64_t micros, bool utc) {
  std::vector<uint8_t> b{PrimHeader(utc ? kPTimestamp : kPTimestampNtz)};
  PutLE(&b, static_cast<uint64_t>(micros), 8);
  return impl_->Scalar(std::move(b));
}

Status VariantBuilder::TimeNtz(int64_t micros) {
  if (micros < 0 || micros >= 86'400'000'000LL)
    return Status::Error(ErrorKind::kInvalidData, "variant: time " + std::to_string(micros) + " is outside a day", {},
                         86'400'000'000LL, micros);
  std::vector<uint8_t> b{PrimHeader(kPTimeNtz)};
  PutLE(&b, static_cast<uint64_t>(micros), 8);
  return impl_->Scalar(std::move(b));
}

Status VariantBuilder::Uuid(std::span<const uint8_t, 16> bytes) {
  std::vector<uint8_t> b{PrimHeader(kPUuid)};
  b.insert(b.end(), bytes.begin(), bytes.end());
  return impl_->Scalar(std::move(b));
}

Status VariantBuilder::Append(const VariantView& v) {
  ZR_ASSIGN_OR_RETURN(VariantType t, v.type());
  if (t == VariantType::kObject || t == VariantType::kArray) {
    const bool object = t == VariantType::kObject;
    ZR_RETURN_NOT_OK(object ? BeginObject() : BeginArray());
    ZR_ASSIGN_OR_RETURN(int n, v.size());
    for (int k = 0; k < n; ++k) {
      if (object) {
        ZR_ASSIGN_OR_RETURN(std::string_view key, v.KeyAt(k));
        ZR_RETURN_NOT_OK(Key(key));
        ZR_ASSIGN_OR_RETURN(VariantView e, v.ValueAt(k));
        ZR_RETURN_NOT_OK(Append(e));
      } else {
        ZR_ASSIGN_OR_RETURN(VariantView e, v.Get(k));
        ZR_RETURN_NOT_OK(Append(e));
      }
    }
    return object ? EndObject() : EndArray();
  }
  if (t == VariantType::kString) {  // short or long: rebuilt canonically
    ZR_ASSIGN_OR_RETURN(std::string_view s, v.GetString());
    return String(s);
  }
  ZR_ASSIGN_OR_RETURN(size_t size, v.ValueSize());
  return impl_->Scalar(std::vector<uint8_t>(v.value().begin(), v.value().begin() + static_cast<ptrdiff_t>(size)));
}

Status VariantBuilder::BeginObject() { return impl_->Open(Node::Kind::kObject); }
Status VariantBuilder::BeginArray() { return impl_->Open(Node::Kind::kArray); }
Status VariantBuilder::EndObject() { return impl_->Close(Node::Kind::kObject); }
Status VariantBuilder::EndArray() { return impl_->Close(Node::Kind::kArray); }

Status VariantBuilder::Key(std::string_view key) {
  if (impl_->open.empty() || impl_->nodes[impl_->open.back()].kind != Node::Kind::kObject)
    return Status::InvalidData("variant: a key outside an object");
  if (impl_->has_key.back()) return Status::InvalidData("variant: two keys without a value between them");
  if (!IsValidUtf8(key)) return Status::InvalidData("variant: object key is not valid UTF-8");
  impl_->pending_key.back() = std::string(key);
  impl_->has_key.back() = true;
  return Status::OK();
}

Result<Variant> VariantBuilder::Finish() {
  if (!impl_->open.empty()) return Status::InvalidData("variant: an object or array was not closed");
  if (impl_->root < 0) return Status::InvalidData("variant: no value was given");
  // The dictionary: every distinct key once, sorted by UTF-8 bytes (SPEC §3.9).
  std::map<std::string, uint32_t> ids;
  for (const Node& n : impl_->nodes) {
    for (const std::string& k : n.keys) ids.emplace(k, 0);
  }
  uint32_t next = 0;
  uint64_t key_bytes = 0;
  for (auto& [k, id] : ids) {
    id = next++;
    key_bytes += k.size();
  }
  Variant out;
  const int os = BytesFor(std::max<uint64_t>(ids.size(), key_bytes));
  out.metadata.push_back(static_cast<uint8_t>(1 | (1 << 4) | ((os - 1) << 6)));  // version 1, sorted_strings
  PutLE(&out.metadata, ids.size(), os);
  uint64_t off = 0;
  PutLE(&out.metadata, 0, os);
  for (const auto& [k, id] : ids) {
    off += k.size();
    PutLE(&out.metadata, off, os);
  }
  for (const auto& [k, id] : ids) out.metadata.insert(out.metadata.end(), k.begin(), k.end());
  impl_->Write(static_cast<uint32_t>(impl_->root), ids, &out.value);
  return out;
}

// ---- from JSON text (SPEC §3.9, as Spark's parse_json) --------------------------------------

namespace {

// A JSON number's text as the variant it becomes: integers that fit int64 -> the smallest int,
// other integers -> decimal16 when <= 38 digits, else double; a fraction without exponent ->
// the smallest decimal holding its digits (<= 38, scale <= 38), else double; an exponent ->
// double.
Status AddNumber(VariantBuilder* b, const std::string& text) {
  const bool has_exp = text.find_first_of("eE") != std::string::npos;
  const size_t point = text.find('.');
  if (!has_exp) {
    if (point == std::string::npos) {
      int64_t v;
      auto [p, ec] = std::from_chars(text.data(), text.data() + text.size(), v);
      if (ec == std::errc() && p == text.data() + text.size()) return b->Int(v);
    }
    std::string digits;
    for (char c : text) {
      if (c >= '0' && c <= '9') digits.push_back(c);
    }
    const size_t first = digits.find_first_not_of('0');
    const size_t significant = first == std::string::npos ? 0 : digits.size() - first;
    const int scale = point == std::string::npos ? 0 : static_cast<int>(text.size() - point - 1);
    if (significant <= 38 && scale <= 38) {
      __int128 u = 0;
      for (char c : digits) u = u * 10 + (c - '0');
      if (text[0] == '-') u = -u;
      return b->Decimal(Decimal128{u}, scale);
    }
  }
  double d = std::strtod(text.c_str(), nullptr);
  return b->Double(d);
}

Status AddJson(VariantBuilder* b, const JsonValue& v) {
  switch (v.kind()) {
    case JsonValue::Kind::kNull:
      return b->Null();
    case JsonValue::Kind::kBool:
      return b->Bool(v.bool_value());
    case JsonValue::Kind::kNumber:
      return AddNumber(b, v.text());
    case JsonValue::Kind::kString:
      return b->String(v.text());
    case JsonValue::Kind::kArray:
      ZR_RETURN_NOT_OK(b->BeginArray());
      for (const JsonValue& e : v.array()) ZR_RETURN_NOT_OK(AddJson(b, e));
      return b->EndArray();
    case JsonValue::Kind::kObject:
      ZR_RETURN_NOT_OK(b->BeginObject());
      for (const auto& [k, e] : v.object()) {
        ZR_RETURN_NOT_OK(b->Key(k));
        ZR_RETURN_NOT_OK(AddJson(b, e));
      }
      return b->EndObject();
  }
  return Status::OK();
}

}  // namespace

Result<Variant> VariantFromJson(std::string_view json) {
  ZR_ASSIGN_OR_RETURN(JsonValue v, ParseJson(json, kMaxVariantDepth + 1));
  VariantBuilder b;
  ZR_RETURN_NOT_OK(AddJson(&b, v));
  return b.Finish();
}

}  // namespace zerorow

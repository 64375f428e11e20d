// Full validation (SPEC §6.3): one pass over a row, every rule in the spec's order.
// Every read goes through Load at an offset that was checked against the region first.
#include "common.h"

namespace zr {

i128 Pow10(int k) {
  static const auto table = [] {
    std::vector<i128> t(39);
    t[0] = 1;
    for (int i = 1; i < 39; ++i) t[i] = t[i - 1] * 10;
    return t;
  }();
  return table[k];
}

int DecimalToBE(i128 v, uint8_t out[16]) {
  uint8_t le[16];
  std::memcpy(le, &v, 16);
  int n = 16;
  // Drop leading bytes that are pure sign extension of the next byte.
  while (n > 1) {
    uint8_t top = le[n - 1], next = le[n - 2];
    if ((top == 0x00 && !(next & 0x80)) || (top == 0xff && (next & 0x80))) --n;
    else break;
  }
  for (int i = 0; i < n; ++i) out[i] = le[n - 1 - i];
  return n;
}

i128 DecimalFromBE(const uint8_t* b, int n) {
  unsigned __int128 u = (b[0] & 0x80) ? ~static_cast<unsigned __int128>(0) : 0;
  for (int i = 0; i < n; ++i) u = (u << 8) | b[i];
  return static_cast<i128>(u);
}

std::string Int128ToString(i128 v) {
  if (v == 0) return "0";
  bool neg = v < 0;
  unsigned __int128 u = neg ? static_cast<unsigned __int128>(0) - static_cast<unsigned __int128>(v)
                            : static_cast<unsigned __int128>(v);
  std::string s;
  while (u) { s.push_back(static_cast<char>('0' + static_cast<int>(u % 10))); u /= 10; }
  if (neg) s.push_back('-');
  return std::string(s.rbegin(), s.rend());
}

bool IsValidUtf8(const uint8_t* p, size_t n) {
  size_t i = 0;
  while (i < n) {
    uint8_t c = p[i];
    if (c < 0x80) { ++i; continue; }
    size_t len; uint32_t cp;
    if ((c & 0xe0) == 0xc0) { len = 2; cp = c & 0x1f; }
    else if ((c & 0xf0) == 0xe0) { len = 3; cp = c & 0x0f; }
    else if ((c & 0xf8) == 0xf0) { len = 4; cp = c & 0x07; }
    else return false;
    if (i + len > n) return false;
    for (size_t k = 1; k < len; ++k) {
      if ((p[i + k] & 0xc0) != 0x80) return false;
      cp = (cp << 6) | (p[i + k] & 0x3f);
    }
    if ((len == 2 && cp < 0x80) || (len == 3 && cp < 0x800) || (len == 4 && cp < 0x10000)) return false;
    if (cp > 0x10ffff || (cp >= 0xd800 && cp <= 0xdfff)) return false;
    i += len;
  }
  return true;
}

namespace {

[[noreturn]] void Fail(const std::string& path, std::string msg) {
  throw Error(Kind::InvalidData, path, std::move(msg));
}

std::string Num(uint64_t v) { return std::to_string(v); }

// Rules 3.2 / 3.3 of SPEC §6.3 for one slot (row: width 8) or element (array: natural width).
// `region`/`size` is the enclosing row or array; `fixed_end` its fixed region size.
void CheckOne(const uint8_t* region, uint64_t size, uint64_t fixed_end, const uint8_t* slot,
              uint32_t w, bool in_row, const Type& t, bool nullable, bool is_null,
              uint64_t* cursor, const std::string& path) {
  uint64_t raw = 0;
  std::memcpy(&raw, slot, w);
  bool big_decimal = t.id == Tid::Decimal && t.precision > 18;
  if (is_null) {
    if (!nullable) Fail(path, "the non-nullable value is marked null");
    if (big_decimal && in_row) {
      uint64_t want = *cursor << 32;
      if (raw != want)
        Fail(path, "null decimal slot: expected " + Num(want) + " (reserve at the cursor) but found " + Num(raw));
      if (*cursor + 16 > size) Fail(path, "expected decimal reserve end <= " + Num(size) + " but found " + Num(*cursor + 16));
      for (int k = 0; k < 16; ++k)
        if (region[*cursor + k]) Fail(path, "null decimal reserve byte " + Num(k) + " is not zero");
      *cursor += 16;
    } else if (raw != 0) {
      Fail(path, "null value has slot " + Num(raw) + ", expected 0");
    }
    return;
  }
  if (t.fixed) {
    uint32_t tw = t.width;
    if (in_row && tw < 8 && (raw >> (8 * tw)) != 0)
      Fail(path, "expected the unused high bytes of the " + std::to_string(tw) + "-byte value to be 0 but found slot " + Num(raw));
    if (t.id == Tid::Bool && (raw & 0xff) > 1) Fail(path, "bool byte is " + Num(raw & 0xff) + ", expected 0 or 1");
    if (t.id == Tid::Time) {
      int64_t v = static_cast<int64_t>(raw);
      if (v < 0 || v >= 86400000000LL) Fail(path, "time " + std::to_string(v) + " is not in [0, 86400000000)");
    }
    if (t.id == Tid::Decimal && !DecimalFits(static_cast<int64_t>(raw), t.precision))
      Fail(path, "unscaled decimal " + std::to_string(static_cast<int64_t>(raw)) + " needs more than precision " + std::to_string(t.precision) + " digits");
    return;
  }
  uint64_t off = raw >> 32, sz = raw & 0xffffffffu;
  if (off >= (uint64_t{1} << 31) || sz >= (uint64_t{1} << 31))
    Fail(path, "reference offset " + Num(off) + " / size " + Num(sz) + " is not below 2^31");
  if (off % 8) Fail(path, "misaligned offset: expected a multiple of 8 but found " + Num(off));
  if (off < fixed_end) Fail(path, "offset inside the fixed region: expected offset >= " + Num(fixed_end) + " but found " + Num(off));
  if (off + Pad8(sz) > size) Fail(path, "offset/size past the end: expected offset+size <= " + Num(size) + " but found " + Num(off + Pad8(sz)));
  if (off != *cursor) Fail(path, "non-canonical layout: expected the body at offset " + Num(*cursor) + " but found " + Num(off));
  for (uint64_t k = off + sz; k < off + Pad8(sz); ++k)
    if (region[k]) Fail(path, "padding byte at " + Num(k) + " is " + Num(region[k]) + ", expected 0");
  const uint8_t* body = region + off;
  uint64_t advance = Pad8(sz);
  switch (t.id) {
    case Tid::String:
      if (!IsValidUtf8(body, sz)) Fail(path, "string body is not valid UTF-8");
      break;
    case Tid::Binary:
      break;
    case Tid::Decimal: {
      if (sz < 1 || sz > 16) Fail(path, "decimal body length: expected 1..16 but found " + Num(sz));
      if (in_row) {
        if (off + 16 > size) Fail(path, "expected decimal reserve end <= " + Num(size) + " but found " + Num(off + 16));
        for (uint64_t k = sz; k < 16; ++k)
          if (body[k]) Fail(path, "decimal reserve byte " + Num(k) + " is not zero");
        advance = 16;
      }
      i128 v = DecimalFromBE(body, static_cast<int>(sz));
      if (!DecimalFits(v, t.precision))
        Fail(path, "unscaled decimal " + Int128ToString(v) + " needs more than precision " + std::to_string(t.precision) + " digits");
      break;
    }
    case Tid::Struct: ValidateStruct(body, sz, t, path, false); break;
    case Tid::List: ValidateArray(body, sz, *t.elem, t.elem_nullable, path, false); break;
    case Tid::Map: ValidateMap(body, sz, t, path); break;
    default: break;
  }
  *cursor = off + advance;
}

}  // namespace

void ValidateStruct(const uint8_t* data, uint64_t size, const Type& t, const std::string& path, bool top) {
  if (size < t.fixed_size)
    throw Error(top ? Kind::Truncated : Kind::InvalidData, path,
                "a " + Num(t.fields.size()) + "-field row needs its bitmap and slots: expected size >= " + Num(t.fixed_size) +
                    " but found " + Num(size));
  if (size % 8) Fail(path, "row size: expected a multiple of 8 but found " + Num(size));
  size_t n = t.fields.size();
  for (size_t b = n; b < t.bitmap * 8u; ++b)
    if ((data[b >> 3] >> (b & 7)) & 1) Fail(path, "null bit " + Num(b) + " is set in a " + Num(n) + "-field row");
  uint64_t cursor = t.fixed_size;
  for (size_t i = 0; i < n; ++i) {
    const Field& f = t.fields[i];
    bool is_null = (data[i >> 3] >> (i & 7)) & 1;
    CheckOne(data, size, t.fixed_size, data + t.bitmap + 8 * i, 8, true, *f.type, f.nullable, is_null,
             &cursor, JoinPath(path, f.name));
  }
  if (cursor != size) Fail(path, "trailing bytes: expected the row to end at " + Num(cursor) + " but found size " + Num(size));
}

void ValidateArray(const uint8_t* data, uint64_t size, const Type& elem, bool elem_nullable,
                   const std::string& path, bool keys) {
  if (size < 8) Fail(path, "array: expected at least 8 bytes but found " + Num(size));
  uint64_t n = Load<uint64_t>(data);
  if (n >= (uint64_t{1} << 31)) Fail(path, "array count: expected < 2^31 but found " + Num(n));
  uint64_t bm = (n + 63) / 64 * 8, w = elem.width;
  uint64_t fixed = 8 + bm + Pad8(n * w);
  if (fixed > size) Fail(path, "array count larger than the buffer: " + Num(n) + " elements need expected " + Num(fixed) + " bytes but found " + Num(size));
  if (size % 8) Fail(path, "array size: expected a multiple of 8 but found " + Num(size));
  const uint8_t* bitmap = data + 8;
  for (uint64_t b = n; b < bm * 8; ++b)
    if ((bitmap[b >> 3] >> (b & 7)) & 1) Fail(path, "null bit " + Num(b) + " is set in a " + Num(n) + "-element array");
  for (uint64_t k = 8 + bm + n * w; k < fixed; ++k)
    if (data[k]) Fail(path, "element padding byte at " + Num(k) + " is " + Num(data[k]) + ", expected 0");
  uint64_t cursor = fixed;
  for (uint64_t i = 0; i < n; ++i) {
    bool is_null = (bitmap[i >> 3] >> (i & 7)) & 1;
    std::string p = path + "[" + Num(i) + "]";
    if (keys && is_null) Fail(p, "map key is null");
    CheckOne(data, size, fixed, data + 8 + bm + w * i, static_cast<uint32_t>(w), false, elem,
             elem_nullable, is_null, &cursor, p);
  }
  if (cursor != size) Fail(path, "trailing bytes: expected the array to end at " + Num(cursor) + " but found size " + Num(size));
}

void ValidateMap(const uint8_t* data, uint64_t size, const Type& map, const std::string& path) {
  if (size < 8) Fail(path, "map: expected at least 8 bytes but found " + Num(size));
  uint64_t k = Load<uint64_t>(data);
  if (k % 8) Fail(path, "map key array size: expected a multiple of 8 but found " + Num(k));
  if (k > size - 8) Fail(path, "map key array size: expected 8+K <= " + Num(size) + " but found K=" + Num(k));
  ValidateArray(data + 8, k, *map.elem, false, path + "{keys}", true);
  ValidateArray(data + 8 + k, size - 8 - k, *map.value, map.value_nullable, path + "{values}", false);
  uint64_t nk = Load<uint64_t>(data + 8), nv = Load<uint64_t>(data + 8 + k);
  if (nk != nv) Fail(path, "map with key/value counts that differ: " + Num(nk) + " keys but " + Num(nv) + " values");
}

void ValidateRow(const uint8_t* data, size_t size, const Type& type) {
  ValidateStruct(data, size, type, "", true);
}

}  // namespace zr

// Shared by the fuzz targets. Input layout: [u32 LE schema length][schema JSON][row bytes],
// so seeds come straight from the golden vectors and the fuzzer mutates schemas too.
#pragma once

#include <cstddef>
#include <cstdint>
#include <cstring>
#include <optional>
#include <span>
#include <string_view>

#include "zerorow/binary_row.h"
#include "zerorow/schema.h"

namespace zerorow::fuzz {

struct Input {
  Schema schema;
  std::span<const uint8_t> row;
};

inline std::optional<Input> Split(const uint8_t* data, size_t size) {
  if (size < 4) return std::nullopt;
  uint32_t n;
  std::memcpy(&n, data, 4);
  if (n > size - 4) return std::nullopt;
  auto schema = Schema::FromJson(std::string_view(reinterpret_cast<const char*>(data + 4), n));
  if (!schema.ok()) return std::nullopt;
  return Input{*schema, std::span<const uint8_t>(data + 4 + n, size - 4 - n)};
}

// Touches every byte a getter hands out, so ASan sees any out-of-bounds view.
inline uint64_t Touch(std::span<const uint8_t> b) {
  uint64_t h = 0;
  for (uint8_t c : b) h = h * 31 + c;
  return h;
}

// How many values one input may make ReadAll visit. Rows accepted at level bounds may share
// bodies (full validation forbids it, SPEC §6.3 rule e), and walking shared bodies grows
// exponentially with depth: the fuzzer checks that each access stays inside the buffer, so
// it stops walking there rather than spend minutes on one input.
struct Budget {
  uint64_t left;
};

inline uint64_t ReadAll(const detail::SlotView& v, int depth, Budget& budget);

inline uint64_t ReadOne(const detail::SlotView& v, int i, int depth, Budget& budget) {
  uint64_t h = 0;
  const DataType& t = v.TypeAt(i);
  h += v.IsNull(i).ValueOr(false);
  switch (t.id()) {
    case TypeId::kBool:
      h += v.GetBool(i).ValueOr(false);
      break;
    case TypeId::kInt8:
      h += v.GetInt8(i).ValueOr(0);
      break;
    case TypeId::kInt16:
      h += v.GetInt16(i).ValueOr(0);
      break;
    case TypeId::kInt32:
    case TypeId::kDate32:
    case TypeId::kIntervalYm:
      h += v.GetInt32(i).ValueOr(0);
      break;
    case TypeId::kFloat32:
      h += static_cast<uint64_t>(v.GetFloat32(i).ValueOr(0) != 0);
      break;
    case TypeId::kFloat64:
      h += static_cast<uint64_t>(v.GetFloat64(i).ValueOr(0) != 0);
      break;
    case TypeId::kDecimal:
      h += static_cast<uint64_t>(v.GetDecimal(i).ValueOr(Decimal128{}).unscaled);
      break;
    case TypeId::kString: {
      auto s = v.GetString(i);
      if (s.ok()) h += Touch({reinterpret_cast<const uint8_t*>(s->data()), s->size()});
      break;
    }
    case TypeId::kBinary:
    case TypeId::kFixedBinary: {
      auto b = v.GetBinary(i);
      if (b.ok()) h += Touch(*b);
      break;
    }
    case TypeId::kUuid: {
      auto u = v.GetUuid(i);
      if (u.ok()) h += Touch(*u);
      break;
    }
    case TypeId::kInterval: {
      auto iv = v.GetInterval(i);
      if (iv.ok()) h += static_cast<uint64_t>(iv->microseconds) + iv->months + iv->days;
      break;
    }
    case TypeId::kVariant: {
      // Every offset inside a variant is checked whatever the bytes (SPEC §6.2 B4): its JSON
      // text walks them all.
      auto var = v.GetVariant(i);
      if (var.ok()) {
        auto json = var->ToJson();
        if (json.ok()) h += json->size();
        h += var->Validate().ok();
        auto first = var->Get(0);
        if (first.ok()) h += first->ValueSize().ValueOr(0);
      }
      break;
    }
    case TypeId::kList: {
      auto a = v.GetArray(i);
      if (a.ok()) h += ReadAll(*a, depth + 1, budget);
      break;
    }
    case TypeId::kMap: {
      auto m = v.GetMap(i);
      if (m.ok()) h += ReadAll(m->keys(), depth + 1, budget) + ReadAll(m->values(), depth + 1, budget);
      break;
    }
    case TypeId::kStruct: {
      auto r = v.GetStruct(i);
      if (r.ok()) h += ReadAll(*r, depth + 1, budget);
      break;
    }
    case TypeId::kInt64:
    case TypeId::kTime:
    case TypeId::kTimestamp:
    case TypeId::kDuration:
      h += static_cast<uint64_t>(v.GetInt64(i).ValueOr(0));
      break;
    case TypeId::kNull:
      break;  // nothing but the null bit
  }
  return h;
}

inline uint64_t ReadAll(const detail::SlotView& v, int depth, Budget& budget) {
  uint64_t h = 0;
  // Arrays can claim up to 2^31 elements inside a small buffer only if their fixed region
  // fits, so one level of this loop is bounded by the input size; the budget bounds them all.
  // The budget is spent before the visit: a nested walk that empties it stops every level
  // above it too (spent after, it wrapped around to 2^64 - 1 and the walk went on for hours).
  for (int i = 0; i < v.size() && budget.left > 0; ++i) {
    --budget.left;
    h += ReadOne(v, i, depth, budget);
  }
  h += v.IsNull(v.size()).ok() ? 1 : 0;  // out of range must be an error
  return h;
}

}  // namespace zerorow::fuzz

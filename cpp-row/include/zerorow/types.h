// The one list of zerorow types (SPEC §3) and what is derived from it: TypeId, the storage
// kind of each type, its JSON name, its element width, and a visitor.
//
// Every dispatch over types in cpp-row is a `switch` over TypeId or StorageKind without a
// `default:` (or a VisitType call whose overload set has no catch-all), so a type added to
// ZEROROW_TYPES that one of them does not handle is a -Wswitch error under -Werror (the lint
// preset), not a `default:` that returns nonsense. The ctest TypeTable.ForgottenTypeFailsToCompile
// compiles the dispatching sources with one extra entry in the list and expects each to fail
// (format-spec/ADDING_A_TYPE.md lists the places).
#pragma once

#include <cstdint>
#include <optional>
#include <string_view>

namespace zerorow {

/// How a value is stored (SPEC §3 "Storage kinds"). Readers, writers and validators dispatch
/// on it; a type adds only its value rules.
enum class StorageKind : uint8_t {
  kFixed,  ///< the value in the slot / element (width w)
  kBody,   ///< a reference (SPEC §2.4) to a body of bytes
  kArray,  ///< a reference to an array (SPEC §2.2)
  kMap,    ///< a reference to a map (SPEC §2.3)
  kRow,    ///< a reference to a row (SPEC §2.1)
  kNone,   ///< nothing: the null bit is always set and the slot / element is 0
};

// X(Name, json name, storage kind, element width). The order is the TypeId order, which
// bindings and tables index by: new types are appended. Decimal is listed as kFixed, its
// kind for precision <= 18; DataType::storage() gives kBody above (SPEC §3.5).
#ifdef ZEROROW_TEST_EXTRA_TYPE
// Only for the compile-fail test: a type no dispatch knows.
#define ZEROROW_EXTRA_TYPES(X) X(TestExtra, "test_extra", kFixed, 8)
#else
#define ZEROROW_EXTRA_TYPES(X)
#endif
#define ZEROROW_TYPES(X)                   \
  X(Bool, "bool", kFixed, 1)               \
  X(Int8, "int8", kFixed, 1)               \
  X(Int16, "int16", kFixed, 2)             \
  X(Int32, "int32", kFixed, 4)             \
  X(Int64, "int64", kFixed, 8)             \
  X(Float32, "float32", kFixed, 4)         \
  X(Float64, "float64", kFixed, 8)         \
  X(String, "string", kBody, 8)            \
  X(Binary, "binary", kBody, 8)            \
  X(Date32, "date32", kFixed, 4)           \
  X(Time, "time", kFixed, 8)               \
  X(Timestamp, "timestamp", kFixed, 8)     \
  X(Duration, "duration", kFixed, 8)       \
  X(Decimal, "decimal", kFixed, 8)         \
  X(List, "list", kArray, 8)               \
  X(Map, "map", kMap, 8)                   \
  X(Struct, "struct", kRow, 8)             \
  X(Null, "null", kNone, 8)                \
  X(IntervalYm, "interval_ym", kFixed, 4)  \
  X(Interval, "interval", kBody, 8)        \
  X(FixedBinary, "fixed_binary", kBody, 8) \
  X(Uuid, "uuid", kBody, 8)                \
  X(Variant, "variant", kBody, 8)          \
  ZEROROW_EXTRA_TYPES(X)

/// One id per spec type (SPEC §3), generated from ZEROROW_TYPES.
enum class TypeId : uint8_t {
#define ZR_TYPE_ENUM(Name, json, kind, width) k##Name,
  ZEROROW_TYPES(ZR_TYPE_ENUM)
#undef ZR_TYPE_ENUM
};

/// The number of TypeIds.
inline constexpr int kNumTypeIds = 0
#define ZR_TYPE_COUNT(Name, json, kind, width) +1
    ZEROROW_TYPES(ZR_TYPE_COUNT)
#undef ZR_TYPE_COUNT
    ;

/// The JSON name (SPEC §4.1): "bool", "int8", ..., "variant".
constexpr std::string_view TypeIdName(TypeId id) {
  switch (id) {
#define ZR_TYPE_NAME(Name, json, kind, width) \
  case TypeId::k##Name:                       \
    return json;
    ZEROROW_TYPES(ZR_TYPE_NAME)
#undef ZR_TYPE_NAME
  }
  return "?";
}

/// The TypeId of a JSON name, or nullopt.
constexpr std::optional<TypeId> TypeIdFromName(std::string_view name) {
#define ZR_TYPE_FROM_NAME(Name, json, kind, width) \
  if (name == json) return TypeId::k##Name;
  ZEROROW_TYPES(ZR_TYPE_FROM_NAME)
#undef ZR_TYPE_FROM_NAME
  return std::nullopt;
}

/// The storage kind of a type id (decimal: kFixed; see DataType::storage for p > 18).
constexpr StorageKind StorageOf(TypeId id) {
  switch (id) {
#define ZR_TYPE_KIND(Name, json, kind, width) \
  case TypeId::k##Name:                       \
    return StorageKind::kind;
    ZEROROW_TYPES(ZR_TYPE_KIND)
#undef ZR_TYPE_KIND
  }
  return StorageKind::kFixed;
}

/// The element width in an array (SPEC §2.2): 1, 2, 4 or 8.
constexpr int NaturalWidth(TypeId id) {
  switch (id) {
#define ZR_TYPE_WIDTH(Name, json, kind, width) \
  case TypeId::k##Name:                        \
    return width;
    ZEROROW_TYPES(ZR_TYPE_WIDTH)
#undef ZR_TYPE_WIDTH
  }
  return 8;
}

/// "fixed", "body", "array", "map", "row", "none".
constexpr std::string_view StorageKindName(StorageKind kind) {
  switch (kind) {
    case StorageKind::kFixed:
      return "fixed";
    case StorageKind::kBody:
      return "body";
    case StorageKind::kArray:
      return "array";
    case StorageKind::kMap:
      return "map";
    case StorageKind::kRow:
      return "row";
    case StorageKind::kNone:
      return "none";
  }
  return "?";
}

/// A type id as a compile-time value, for VisitType's overloads.
template <TypeId kId>
struct TypeTag {
  static constexpr TypeId id = kId;
};

/// Calls `f(TypeTag<id>{})` for the runtime `id` (Arrow's VisitTypeInline): an overload set
/// with one overload per type and no catch-all makes a forgotten type a compile error.
template <typename F>
constexpr decltype(auto) VisitType(TypeId id, F&& f) {
  switch (id) {
#define ZR_TYPE_VISIT(Name, json, kind, width) \
  case TypeId::k##Name:                        \
    return f(TypeTag<TypeId::k##Name>{});
    ZEROROW_TYPES(ZR_TYPE_VISIT)
#undef ZR_TYPE_VISIT
  }
  __builtin_unreachable();
}

/// The set of TypeIds `ids` as bits (one bit test checks a type against a set).
template <typename... Id>
constexpr uint32_t TypeMask(Id... ids) {
  return ((uint32_t{1} << static_cast<unsigned>(ids)) | ...);
}
static_assert(kNumTypeIds <= 32, "TypeMask holds the type ids in 32 bits");

}  // namespace zerorow

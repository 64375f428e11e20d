// Struct encoder: C++ structs <-> rows, with the schema inferred from the struct.
//
//   struct Bar { std::string f1; std::vector<int64_t> f2; };
//   struct Foo { int32_t f1; std::vector<int32_t> f2; std::map<std::string, int32_t> f3;
//                std::vector<Bar> f4; std::optional<std::string> note; };
//   ZEROROW_STRUCT(Bar, f1, f2)             // in Bar's namespace, fields in declaration order
//   ZEROROW_STRUCT(Foo, f1, f2, f3, f4, note)
//
//   auto enc = zerorow::Encoder<Foo>::Make();              // Result<Encoder<Foo>>
//   auto row = enc->ToRow(foo);                            // Result<BinaryRow>, reuses a buffer
//   auto back = enc->FromRow(*row);                        // Result<Foo>
//   auto res = zerorow::Resolve(writer, enc->schema());    // rows of another schema version
//   auto old = enc->FromRow(*res->View(bytes));            // Result<Foo> (SPEC §13.4)
//
// Type mapping: bool, int8_t..int64_t, float (float32), double (float64), std::string
// (string), std::vector<uint8_t> / std::vector<std::byte> (binary), std::vector<T> (list),
// std::map / std::unordered_map (map), structs declared with ZEROROW_STRUCT (struct);
// money and time: zerorow::Decimal<P, S> (decimal(P, S)), std::chrono::sys_time<D>
// (timestamp, tz "UTC": an instant, as Java's Instant), std::chrono::local_time<D> (timestamp
// without a zone), std::chrono::year_month_day / sys_days / local_days (date32),
// std::chrono::duration<R, P> with an integer R (duration), std::chrono::hh_mm_ss<D> (time);
// SPEC 1.2's types: zerorow::Interval (interval), std::chrono::months (interval_ym: calendar
// months, not a duration of average months), zerorow::Uuid (uuid), std::array<uint8_t, N> /
// std::array<std::byte, N> (fixed_binary(N)), zerorow::Variant (variant, read as an owning
// copy), std::nullptr_t (null: always null);
// unsigned integers by the rule SPEC 1.2 adopts, every value exact: uint8_t -> int16,
// uint16_t -> int32, uint32_t -> int64, uint64_t -> decimal(20, 0). Time values finer than a
// microsecond are floored to it (SPEC Appendix A rule 6); a value read into a coarser C++ type
// must be a whole number of its unit, and an unsigned member refuses a negative or too large
// value (invalid_data naming the path).
// Nullability follows SPEC Appendix A, so a C++ struct gets the same schema (and
// fingerprint) as the Java class / Python dataclass of the same shape: a field is
// non-nullable exactly when it is a primitive scalar (bool, integers, float, double) not
// wrapped in std::optional; list elements and map values are nullable. Encoding never
// writes a null except for an empty std::optional; decoding a null into a C++ value that
// cannot hold it (not a std::optional) is a schema_mismatch error naming the path.
// Decoding reads with bounds-checked getters.
#pragma once

#include <array>
#include <chrono>
#include <cstddef>
#include <cstdint>
#include <cstring>
#include <limits>
#include <map>
#include <memory>
#include <optional>
#include <string>
#include <tuple>
#include <type_traits>
#include <unordered_map>
#include <vector>

#include "zerorow/binary_row.h"
#include "zerorow/decimal.h"
#include "zerorow/interval.h"
#include "zerorow/resolve.h"
#include "zerorow/row_writer.h"
#include "zerorow/schema.h"
#include "zerorow/uuid.h"
#include "zerorow/variant.h"

namespace zerorow {

/// An alternative to ZEROROW_STRUCT for code generators: specialise with
/// `static constexpr auto members()` returning a tuple of Member{name, pointer-to-member}.
template <typename T>
struct StructTraits;

template <typename C, typename M>
struct Member {
  const char* name;
  M C::*ptr;
};

namespace encoder_detail {

// ZEROROW_STRUCT declares `ZerorowMembers(const T*)` beside T, found by argument-dependent
// lookup, so the macro works inside the user's namespace.
template <typename T, typename = void>
struct HasAdlMembers : std::false_type {};
template <typename T>
struct HasAdlMembers<T, std::void_t<decltype(ZerorowMembers(static_cast<const T*>(nullptr)))>> : std::true_type {};
template <typename T, typename = void>
struct HasSpecializedTraits : std::false_type {};
template <typename T>
struct HasSpecializedTraits<T, std::void_t<decltype(StructTraits<T>::members())>> : std::true_type {};
template <typename T>
struct HasTraits : std::bool_constant<HasAdlMembers<T>::value || HasSpecializedTraits<T>::value> {};

template <typename T>
constexpr auto MembersOf() {
  if constexpr (HasAdlMembers<T>::value)
    return ZerorowMembers(static_cast<const T*>(nullptr));
  else
    return StructTraits<T>::members();
}

template <typename T>
struct IsOptional : std::false_type {};
template <typename T>
struct IsOptional<std::optional<T>> : std::true_type {};
template <typename T>
struct IsVector : std::false_type {};
template <typename T, typename A>
struct IsVector<std::vector<T, A>> : std::true_type {};
template <typename T>
struct IsMap : std::false_type {};
template <typename K, typename V, typename C, typename A>
struct IsMap<std::map<K, V, C, A>> : std::true_type {};
template <typename K, typename V, typename H, typename E, typename A>
struct IsMap<std::unordered_map<K, V, H, E, A>> : std::true_type {};

// Signed integers by width (so `long long` maps to int64 like `long`); `char` and unsigned
// types have no zerorow type and are refused at compile time.
template <typename T>
constexpr bool kIsSignedInt =
    std::is_integral_v<T>&& std::is_signed_v<T> && !std::is_same_v<T, char> && !std::is_same_v<T, bool>;
template <typename T>
constexpr bool kIsPrimitive =
    std::is_same_v<T, bool> || kIsSignedInt<T> || std::is_same_v<T, float> || std::is_same_v<T, double>;

template <typename T>
constexpr bool kIsBytes = std::is_same_v<T, std::vector<uint8_t>> || std::is_same_v<T, std::vector<std::byte>>;

// Unsigned integers (not bool, not the character types): the widening of SPEC 1.2.
template <typename T>
constexpr bool kIsUnsigned = std::is_integral_v<T>&& std::is_unsigned_v<T> && !std::is_same_v<T, bool> &&
                             !std::is_same_v<T, char> && !std::is_same_v<T, wchar_t> && !std::is_same_v<T, char8_t> &&
                             !std::is_same_v<T, char16_t> && !std::is_same_v<T, char32_t>;

template <typename T>
struct IsDecimal : std::false_type {};
template <int P, int S>
struct IsDecimal<Decimal<P, S>> : std::true_type {};

// std::chrono types, each with an integer representation (a floating-point count cannot be
// stored exactly).
template <typename T>
struct IsDuration : std::false_type {};
template <typename R, typename P>
struct IsDuration<std::chrono::duration<R, P>> : std::bool_constant<std::is_integral_v<R>> {};
template <typename T>
struct IsSysTime : std::false_type {};
template <typename D>
struct IsSysTime<std::chrono::time_point<std::chrono::system_clock, D>> : IsDuration<D> {};
template <typename T>
struct IsLocalTime : std::false_type {};
template <typename D>
struct IsLocalTime<std::chrono::time_point<std::chrono::local_t, D>> : IsDuration<D> {};
template <typename T>
struct IsTimeOfDay : std::false_type {};
template <typename D>
struct IsTimeOfDay<std::chrono::hh_mm_ss<D>> : IsDuration<D> {};
// A date: a calendar date or a day count since the epoch (sys_days, local_days).
// SPEC 1.2's types (§3.6-3.9). std::chrono::months is a calendar month count (interval_ym),
// so it is told apart from the other durations before them.
template <typename T>
constexpr bool kIsMonths = std::is_same_v<T, std::chrono::months>;
template <typename T>
struct FixedBytes : std::integral_constant<size_t, 0> {};
template <size_t N>
struct FixedBytes<std::array<uint8_t, N>> : std::integral_constant<size_t, N> {};
template <size_t N>
struct FixedBytes<std::array<std::byte, N>> : std::integral_constant<size_t, N> {};
template <typename T>
constexpr bool kIsSpec12 =
    std::is_same_v<T, Interval> || kIsMonths<T> || std::is_same_v<T, Uuid> ||
    (FixedBytes<T>::value > 0) || std::is_same_v<T, Variant> || std::is_same_v<T, std::nullptr_t>;

template <typename T>
constexpr bool kIsDate = std::is_same_v<T, std::chrono::year_month_day> || std::is_same_v<T, std::chrono::sys_days> ||
                         std::is_same_v<T, std::chrono::local_days>;
// A point in time that is not a date: timestamp with (sys_time) or without (local_time) a zone.
template <typename T>
constexpr bool kIsTimestamp = (IsSysTime<T>::value || IsLocalTime<T>::value) && !kIsDate<T>;

/// The std::chrono::duration a time type counts in: its own for a duration, its duration for
/// a time_point, D for hh_mm_ss<D>.
template <typename T>
struct DurationOf {
  using type = T;
};
template <typename C, typename D>
struct DurationOf<std::chrono::time_point<C, D>> {
  using type = D;
};
template <typename D>
struct DurationOf<std::chrono::hh_mm_ss<D>> {
  using type = D;
};

/// Microseconds of `d`, floored (SPEC Appendix A rule 6: -1 ns is -1 µs); false when they do
/// not fit an int64.
template <typename R, typename P>
bool ToMicros(std::chrono::duration<R, P> d, int64_t* out) {
  using M = std::ratio_divide<P, std::micro>;  // one unit of d is M::num / M::den µs
  Int128 v = static_cast<Int128>(d.count()) * M::num;
  Int128 q = v / M::den;
  if (v % M::den != 0 && v < 0) --q;  // floor, not truncation toward zero
  if (q < std::numeric_limits<int64_t>::min() || q > std::numeric_limits<int64_t>::max()) return false;
  *out = static_cast<int64_t>(q);
  return true;
}

/// The duration D of `micros` µs; false unless it is a whole number of D's units that fits D.
template <typename D>
bool FromMicros(int64_t micros, D* out) {
  using M = std::ratio_divide<typename D::period, std::micro>;
  Int128 v = static_cast<Int128>(micros) * M::den;
  if (v % M::num != 0) return false;
  Int128 c = v / M::num;
  using R = typename D::rep;
  if (c < static_cast<Int128>(std::numeric_limits<R>::min()) || c > static_cast<Int128>(std::numeric_limits<R>::max()))
    return false;
  *out = D(static_cast<R>(c));
  return true;
}

/// The C++ name of a member type, for the messages of values that do not fit it.
template <typename T>
std::string CxxName() {
  if constexpr (IsDuration<T>::value)
    return "std::chrono::duration of " + std::to_string(T::period::num) + "/" + std::to_string(T::period::den) + " s";
  else if constexpr (kIsUnsigned<T>)
    return "uint" + std::to_string(8 * sizeof(T)) + "_t";
  else
    return "this member's type";
}

template <typename T>
struct Unopt {
  using type = T;
};
template <typename T>
struct Unopt<std::optional<T>> {
  using type = T;
};

template <typename T>
DataTypePtr TypeOf();

template <typename T>
struct Supported;
template <typename T>
constexpr bool kSupported = Supported<T>::value;
template <typename T>
struct Supported
    : std::bool_constant<kIsPrimitive<T> || std::is_same_v<T, std::string> || kIsBytes<T> || HasTraits<T>::value ||
                         kIsUnsigned<T> || IsDecimal<T>::value || IsDuration<T>::value || kIsDate<T> ||
                         kIsTimestamp<T> || IsTimeOfDay<T>::value || kIsSpec12<T>> {};
template <typename T>
struct Supported<std::optional<T>> : Supported<T> {};
template <typename T, typename A>
struct Supported<std::vector<T, A>>
    : std::bool_constant<kIsBytes<std::vector<T, A>> || kSupported<typename Unopt<T>::type>> {};
template <typename K, typename V, typename C, typename A>
struct Supported<std::map<K, V, C, A>> : std::bool_constant<kSupported<K> && kSupported<typename Unopt<V>::type>> {};
template <typename K, typename V, typename H, typename E, typename A>
struct Supported<std::unordered_map<K, V, H, E, A>>
    : std::bool_constant<kSupported<K> && kSupported<typename Unopt<V>::type>> {};

template <typename T>
std::vector<Field> FieldsOf() {
  std::vector<Field> fields;
  std::apply(
      [&](auto... m) {
        // SPEC Appendix A rule 1: non-nullable exactly for a bare primitive scalar (the unsigned
        // integers too); a decimal, date or time is nullable, as Java's BigDecimal, LocalDate
        // and Instant are.
        (fields.push_back(
             Field{m.name, TypeOf<typename Unopt<std::remove_cvref_t<decltype(std::declval<T>().*(m.ptr))>>::type>(),
                   !kIsPrimitive<std::remove_cvref_t<decltype(std::declval<T>().*(m.ptr))>> &&
                       !kIsUnsigned<std::remove_cvref_t<decltype(std::declval<T>().*(m.ptr))>>}),
         ...);
      },
      MembersOf<T>());
  return fields;
}

template <typename T>
DataTypePtr TypeOf() {
  if constexpr (std::is_same_v<T, bool>)
    return bool_();
  else if constexpr (kIsSignedInt<T> && sizeof(T) == 1)
    return int8();
  else if constexpr (kIsSignedInt<T> && sizeof(T) == 2)
    return int16();
  else if constexpr (kIsSignedInt<T> && sizeof(T) == 4)
    return int32();
  else if constexpr (kIsSignedInt<T> && sizeof(T) == 8)
    return int64();
  else if constexpr (std::is_same_v<T, float>)
    return float32();
  else if constexpr (std::is_same_v<T, double>)
    return float64();
  else if constexpr (std::is_same_v<T, std::string>)
    return string();
  else if constexpr (kIsBytes<T>)
    return binary();
  else if constexpr (kIsUnsigned<T> && sizeof(T) == 1)
    return int16();
  else if constexpr (kIsUnsigned<T> && sizeof(T) == 2)
    return int32();
  else if constexpr (kIsUnsigned<T> && sizeof(T) == 4)
    return int64();
  else if constexpr (kIsUnsigned<T> && sizeof(T) == 8)
    return decimal(20, 0);  // 2^64 - 1 has 20 digits
  else if constexpr (IsDecimal<T>::value)
    return decimal(T::kPrecision, T::kScale);
  else if constexpr (std::is_same_v<T, Interval>)
    return interval();
  else if constexpr (kIsMonths<T>)
    return interval_ym();
  else if constexpr (std::is_same_v<T, Uuid>)
    return uuid();
  else if constexpr (FixedBytes<T>::value > 0)
    return fixed_binary(static_cast<int64_t>(FixedBytes<T>::value));
  else if constexpr (std::is_same_v<T, Variant>)
    return variant();
  else if constexpr (std::is_same_v<T, std::nullptr_t>)
    return null_type();
  else if constexpr (kIsDate<T>)
    return date32();
  else if constexpr (IsSysTime<T>::value)
    return timestamp("UTC");  // an instant, as Java's Instant (SPEC Appendix A)
  else if constexpr (IsLocalTime<T>::value)
    return timestamp();  // a wall-clock time, as Java's LocalDateTime
  else if constexpr (IsDuration<T>::value)
    return duration();
  else if constexpr (IsTimeOfDay<T>::value)
    return time();
  else if constexpr (IsVector<T>::value) {
    using E = typename T::value_type;
    return list(TypeOf<typename Unopt<E>::type>(), true);  // Appendix A rule 2
  } else if constexpr (IsMap<T>::value) {
    using V = typename T::mapped_type;
    return map(TypeOf<typename T::key_type>(), TypeOf<typename Unopt<V>::type>(), true);  // Appendix A rule 2
  } else if constexpr (HasTraits<T>::value) {
    return struct_(FieldsOf<T>());
  } else {
    static_assert(HasTraits<T>::value, "zerorow: no mapping for this C++ type (declare it with ZEROROW_STRUCT)");
    return nullptr;
  }
}

// ---- encode ---------------------------------------------------------------------------------
// WriteValue(w, i, ...) / ReadValue(v, i, ...) return errors whose path is relative to w / v
// and starts with w->PathOf(i): the writers and getters already name ordinal i, and each
// nested level adds its own component while unwinding.

template <typename T>
Status EncodeFields(const T& v, RowWriter* w);

template <typename T>
Status WriteValue(detail::SlotWriter* w, int i, const T& v) {
  if constexpr (IsOptional<T>::value) {
    if (!v) return w->SetNull(i);
    return WriteValue(w, i, *v);
  } else if constexpr (std::is_same_v<T, bool>) {
    return w->WriteBool(i, v);
  } else if constexpr (kIsSignedInt<T> && sizeof(T) == 1) {
    return w->WriteInt8(i, static_cast<int8_t>(v));
  } else if constexpr (kIsSignedInt<T> && sizeof(T) == 2) {
    return w->WriteInt16(i, static_cast<int16_t>(v));
  } else if constexpr (kIsSignedInt<T> && sizeof(T) == 4) {
    return w->WriteInt32(i, static_cast<int32_t>(v));
  } else if constexpr (kIsSignedInt<T> && sizeof(T) == 8) {
    return w->WriteInt64(i, static_cast<int64_t>(v));
  } else if constexpr (std::is_same_v<T, float>) {
    return w->WriteFloat32(i, v);
  } else if constexpr (std::is_same_v<T, double>) {
    return w->WriteFloat64(i, v);
  } else if constexpr (std::is_same_v<T, std::string>) {
    return w->WriteString(i, v);
  } else if constexpr (kIsBytes<T>) {
    return w->WriteBinary(i, std::span<const uint8_t>(reinterpret_cast<const uint8_t*>(v.data()), v.size()));
  } else if constexpr (kIsUnsigned<T> && sizeof(T) == 1) {
    return w->WriteInt16(i, static_cast<int16_t>(v));
  } else if constexpr (kIsUnsigned<T> && sizeof(T) == 2) {
    return w->WriteInt32(i, static_cast<int32_t>(v));
  } else if constexpr (kIsUnsigned<T> && sizeof(T) == 4) {
    return w->WriteInt64(i, static_cast<int64_t>(v));
  } else if constexpr (kIsUnsigned<T> && sizeof(T) == 8) {
    return w->WriteDecimal(i, Decimal128{static_cast<Int128>(v)});
  } else if constexpr (IsDecimal<T>::value) {
    return w->WriteDecimal(i, Decimal128{v.unscaled});
  } else if constexpr (std::is_same_v<T, Interval>) {
    return w->WriteInterval(i, v);
  } else if constexpr (kIsMonths<T>) {
    const auto n = v.count();
    if (n < INT32_MIN || n > INT32_MAX)
      return Status::Error(ErrorKind::kInvalidData,
                           std::to_string(n) + " months is out of range for interval_ym (int32 months)", w->PathOf(i),
                           std::nullopt, static_cast<int64_t>(n));
    return w->WriteInt32(i, static_cast<int32_t>(n));
  } else if constexpr (std::is_same_v<T, Uuid>) {
    return w->WriteUuid(i, v.bytes);
  } else if constexpr (FixedBytes<T>::value > 0) {
    return w->WriteBinary(i, std::span<const uint8_t>(reinterpret_cast<const uint8_t*>(v.data()), v.size()));
  } else if constexpr (std::is_same_v<T, Variant>) {
    return w->WriteVariant(i, v.metadata, v.value);
  } else if constexpr (std::is_same_v<T, std::nullptr_t>) {
    return w->SetNull(i);
  } else if constexpr (kIsDate<T>) {
    std::chrono::sys_days d;
    if constexpr (std::is_same_v<T, std::chrono::year_month_day>) {
      if (!v.ok())
        return Status::Error(ErrorKind::kInvalidData,
                             "year_month_day " + std::to_string(static_cast<int>(v.year())) + "-" +
                                 std::to_string(static_cast<unsigned>(v.month())) + "-" +
                                 std::to_string(static_cast<unsigned>(v.day())) + " is not a valid date",
                             w->PathOf(i));
      d = std::chrono::sys_days(v);
    } else {
      d = std::chrono::sys_days(v.time_since_epoch());
    }
    auto n = d.time_since_epoch().count();
    if (n < INT32_MIN || n > INT32_MAX)
      return Status::Error(ErrorKind::kInvalidData, "day " + std::to_string(n) + " is out of range for date32",
                           w->PathOf(i), std::nullopt, static_cast<int64_t>(n));
    return w->WriteDate32(i, static_cast<int32_t>(n));
  } else if constexpr (kIsTimestamp<T> || IsDuration<T>::value || IsTimeOfDay<T>::value) {
    int64_t micros = 0;
    bool fits;
    if constexpr (kIsTimestamp<T>)
      fits = ToMicros(v.time_since_epoch(), &micros);
    else if constexpr (IsTimeOfDay<T>::value)
      fits = ToMicros(v.to_duration(), &micros);
    else
      fits = ToMicros(v, &micros);
    if (!fits)
      return Status::Error(ErrorKind::kInvalidData, "value is out of range for int64 microseconds", w->PathOf(i));
    return w->WriteInt64(i, micros);  // a time of day out of [0, 24 h) is refused by the writer
  } else if constexpr (IsVector<T>::value) {
    ArrayWriter a;
    ZR_RETURN_NOT_OK(w->BeginArray(i, static_cast<int64_t>(v.size()), &a));
    for (size_t k = 0; k < v.size(); ++k) {
      Status st;
      if constexpr (std::is_same_v<typename T::value_type, bool>) {
        st = a.WriteBool(static_cast<int>(k), v[k]);  // vector<bool> hands out proxies
      } else {
        st = WriteValue(&a, static_cast<int>(k), v[k]);
      }
      if (!st.ok()) return std::move(st).WithPathPrefix(w->PathOf(i));
    }
    return a.Finish();
  } else if constexpr (IsMap<T>::value) {
    MapWriter m;
    ZR_RETURN_NOT_OK(w->BeginMap(i, &m));
    ArrayWriter keys, values;
    int64_t n = static_cast<int64_t>(v.size());
    ZR_RETURN_NOT_OK(m.BeginKeys(n, &keys));
    int k = 0;
    for (const auto& kv : v) {
      Status st = WriteValue(&keys, k++, kv.first);
      if (!st.ok()) return std::move(st).WithPathPrefix(w->PathOf(i));
    }
    ZR_RETURN_NOT_OK(keys.Finish());
    ZR_RETURN_NOT_OK(m.BeginValues(n, &values));
    k = 0;
    for (const auto& kv : v) {
      Status st = WriteValue(&values, k++, kv.second);
      if (!st.ok()) return std::move(st).WithPathPrefix(w->PathOf(i));
    }
    ZR_RETURN_NOT_OK(values.Finish());
    return m.Finish();
  } else {
    RowWriter child;
    ZR_RETURN_NOT_OK(w->BeginStruct(i, &child));
    Status st = EncodeFields(v, &child);
    if (!st.ok()) return std::move(st).WithPathPrefix(w->PathOf(i));
    return child.Finish();
  }
}

template <typename T>
Status EncodeFields(const T& v, RowWriter* w) {
  Status st;
  int i = 0;
  std::apply([&](auto... m) { ((st.ok() ? (void)(st = WriteValue(w, i, v.*(m.ptr))) : (void)0, ++i), ...); },
             MembersOf<T>());
  return st;
}

// ---- decode ---------------------------------------------------------------------------------
// One decoder for both kinds of views: V is BinaryRow / BinaryArray (the row as written) or
// ResolvedRow / ResolvedArray (a row of another schema version read as schema(), SPEC §13.4);
// their getters have the same names and the same checks.

/// SPEC §6.2: a row holds at most one value per byte, so a decode of an unvalidated row
/// whose references share bodies is refused before it allocates past the row's size.
struct DecodeBudget {
  int64_t row_bytes = 0;
  int64_t left = 0;
  /// Takes `count` values from the budget, or returns the invalid_data error.
  Status Take(int64_t count, const std::string& path) {
    left -= count;
    if (left >= 0) return Status::OK();
    return Status::Error(ErrorKind::kInvalidData,
                         "expected at most as many values as the row has bytes (" + std::to_string(row_bytes) +
                             ") but found more: bodies are shared or overlap (SPEC §6.2)",
                         path, row_bytes, row_bytes - left);
  }
};

template <typename T, typename R>
Status DecodeFields(const R& row, T* out, DecodeBudget* budget);

template <typename T, typename V>
Status ReadValue(const V& v, int i, T* out, DecodeBudget* budget) {
  if constexpr (IsOptional<T>::value) {
    ZR_ASSIGN_OR_RETURN(bool is_null, v.IsNull(i));
    if (is_null) {
      out->reset();
      return Status::OK();
    }
    typename T::value_type inner{};
    ZR_RETURN_NOT_OK(ReadValue(v, i, &inner, budget));
    *out = std::move(inner);
    return Status::OK();
  }
  ZR_RETURN_NOT_OK(budget->Take(1, v.PathOf(i)));
  ZR_ASSIGN_OR_RETURN(bool is_null, v.IsNull(i));
  if constexpr (std::is_same_v<T, std::nullptr_t>) {
    // SPEC §3.6: a value of type null is always null; anything else is another type's value.
    if (!is_null)
      return Status::Error(ErrorKind::kSchemaMismatch, "a std::nullptr_t member reads only nulls (type null)",
                           v.PathOf(i));
    *out = nullptr;
    return Status::OK();
  }
  if (is_null)
    return Status::Error(ErrorKind::kSchemaMismatch, "null value for a C++ member that is not a std::optional",
                         v.PathOf(i));
  if constexpr (IsOptional<T>::value) {
    // handled above
  } else if constexpr (std::is_same_v<T, bool>) {
    ZR_ASSIGN_OR_RETURN(*out, v.GetBool(i));
  } else if constexpr (kIsSignedInt<T> && sizeof(T) == 1) {
    ZR_ASSIGN_OR_RETURN(*out, v.GetInt8(i));
  } else if constexpr (kIsSignedInt<T> && sizeof(T) == 2) {
    ZR_ASSIGN_OR_RETURN(*out, v.GetInt16(i));
  } else if constexpr (kIsSignedInt<T> && sizeof(T) == 4) {
    ZR_ASSIGN_OR_RETURN(*out, v.GetInt32(i));
  } else if constexpr (kIsSignedInt<T> && sizeof(T) == 8) {
    ZR_ASSIGN_OR_RETURN(*out, v.GetInt64(i));
  } else if constexpr (std::is_same_v<T, float>) {
    ZR_ASSIGN_OR_RETURN(*out, v.GetFloat32(i));
  } else if constexpr (std::is_same_v<T, double>) {
    ZR_ASSIGN_OR_RETURN(*out, v.GetFloat64(i));
  } else if constexpr (std::is_same_v<T, std::string>) {
    ZR_ASSIGN_OR_RETURN(std::string_view s, v.GetString(i));
    out->assign(s);
  } else if constexpr (kIsBytes<T>) {
    ZR_ASSIGN_OR_RETURN(auto b, v.GetBinary(i));
    out->resize(b.size());
    if (!b.empty()) std::memcpy(out->data(), b.data(), b.size());
  } else if constexpr (kIsUnsigned<T>) {
    Int128 x;
    if constexpr (sizeof(T) == 1) {
      ZR_ASSIGN_OR_RETURN(x, v.GetInt16(i));
    } else if constexpr (sizeof(T) == 2) {
      ZR_ASSIGN_OR_RETURN(x, v.GetInt32(i));
    } else if constexpr (sizeof(T) == 4) {
      ZR_ASSIGN_OR_RETURN(x, v.GetInt64(i));
    } else {
      ZR_ASSIGN_OR_RETURN(Decimal128 d, v.GetDecimal(i));
      x = d.unscaled;
    }
    if (x < 0 || x > static_cast<Int128>(std::numeric_limits<T>::max()))
      return Status::Error(ErrorKind::kInvalidData,
                           "value " + DecimalToString(Decimal128{x}, 0) + " is out of range for " + CxxName<T>(),
                           v.PathOf(i));
    *out = static_cast<T>(x);
  } else if constexpr (IsDecimal<T>::value) {
    ZR_ASSIGN_OR_RETURN(Decimal128 d, v.GetDecimal(i));
    out->unscaled = d.unscaled;
  } else if constexpr (std::is_same_v<T, std::nullptr_t>) {
    // handled above (a null reads as nullptr; a value is refused)
  } else if constexpr (std::is_same_v<T, Interval>) {
    ZR_ASSIGN_OR_RETURN(*out, v.GetInterval(i));
  } else if constexpr (kIsMonths<T>) {
    ZR_ASSIGN_OR_RETURN(int32_t months, v.GetInt32(i));
    *out = std::chrono::months(months);
  } else if constexpr (std::is_same_v<T, Uuid>) {
    ZR_ASSIGN_OR_RETURN(out->bytes, v.GetUuid(i));
  } else if constexpr (FixedBytes<T>::value > 0) {
    ZR_ASSIGN_OR_RETURN(auto b, v.GetBinary(i));
    if (b.size() != out->size())  // a resolved fixed_binary(N) reads only a writer of N bytes
      return Status::Error(ErrorKind::kSchemaMismatch,
                           "expected " + std::to_string(out->size()) + " bytes for a std::array member but found " +
                               std::to_string(b.size()),
                           v.PathOf(i), static_cast<int64_t>(out->size()), static_cast<int64_t>(b.size()));
    std::memcpy(out->data(), b.data(), b.size());
  } else if constexpr (std::is_same_v<T, Variant>) {
    ZR_ASSIGN_OR_RETURN(VariantView view, v.GetVariant(i));
    out->metadata.assign(view.metadata().begin(), view.metadata().end());
    out->value.assign(view.value().begin(), view.value().end());
  } else if constexpr (kIsDate<T>) {
    ZR_ASSIGN_OR_RETURN(int32_t days, v.GetDate32(i));
    std::chrono::sys_days d{std::chrono::days(days)};
    if constexpr (std::is_same_v<T, std::chrono::year_month_day>)
      *out = std::chrono::year_month_day(d);
    else
      *out = T(d.time_since_epoch());
  } else if constexpr (kIsTimestamp<T> || IsDuration<T>::value || IsTimeOfDay<T>::value) {
    int64_t micros;
    if constexpr (kIsTimestamp<T>) {
      ZR_ASSIGN_OR_RETURN(micros, v.GetTimestamp(i));
    } else if constexpr (IsTimeOfDay<T>::value) {
      ZR_ASSIGN_OR_RETURN(micros, v.GetTime(i));
    } else {
      ZR_ASSIGN_OR_RETURN(micros, v.GetDuration(i));
    }
    using D = typename DurationOf<T>::type;
    D d;
    if (!FromMicros(micros, &d))
      return Status::Error(
          ErrorKind::kInvalidData,
          "value of " + std::to_string(micros) + " us is not a whole number of " + CxxName<D>() + " or does not fit it",
          v.PathOf(i), std::nullopt, micros);
    if constexpr (IsDuration<T>::value)
      *out = d;
    else
      *out = T(d);
  } else if constexpr (IsVector<T>::value) {
    ZR_ASSIGN_OR_RETURN(auto a, v.GetArray(i));
    if (a.size() > budget->left) return budget->Take(a.size(), v.PathOf(i));
    out->clear();
    out->reserve(a.size());
    for (int k = 0; k < a.size(); ++k) {
      typename T::value_type e{};
      Status st = ReadValue(a, k, &e, budget);
      if (!st.ok()) return std::move(st).WithPathPrefix(v.PathOf(i));
      out->push_back(std::move(e));
    }
  } else if constexpr (IsMap<T>::value) {
    ZR_ASSIGN_OR_RETURN(auto m, v.GetMap(i));
    if (2 * int64_t{m.size()} > budget->left) return budget->Take(2 * int64_t{m.size()}, v.PathOf(i));
    out->clear();
    for (int k = 0; k < m.size(); ++k) {
      typename T::key_type key{};
      typename T::mapped_type value{};
      Status st = ReadValue(m.keys(), k, &key, budget);
      if (st.ok()) st = ReadValue(m.values(), k, &value, budget);
      if (!st.ok()) return std::move(st).WithPathPrefix(v.PathOf(i));
      out->emplace(std::move(key), std::move(value));
    }
  } else {
    ZR_ASSIGN_OR_RETURN(auto r, v.GetStruct(i));
    return DecodeFields(r, out, budget).WithPathPrefix(v.PathOf(i));
  }
  return Status::OK();
}

template <typename T, typename R>
Status DecodeFields(const R& row, T* out, DecodeBudget* budget) {
  constexpr int n = static_cast<int>(std::tuple_size_v<decltype(MembersOf<T>())>);
  if (row.num_fields() != n)
    return Status::Error(
        ErrorKind::kSchemaMismatch,
        "expected a row of " + std::to_string(n) + " fields but found " + std::to_string(row.num_fields()), {}, n,
        row.num_fields());
  Status st;
  int i = 0;
  std::apply(
      [&](auto... m) { ((st.ok() ? (void)(st = ReadValue(row, i, &(out->*(m.ptr)), budget)) : (void)0, ++i), ...); },
      MembersOf<T>());
  return st;
}

}  // namespace encoder_detail

/// One member of a ZEROROW_STRUCT, checked at compile time: an unsupported member type
/// fails here, and the compiler's "with auto P = &Type::member" line names the member and
/// its type.
template <auto P>
constexpr auto MakeMember(const char* name) {
  return []<typename C, typename M>(M C::*ptr, const char* n) {
    static_assert(encoder_detail::kSupported<M>,
                  "zerorow: this member's C++ type has no zerorow type (supported: bool, integers, float, "
                  "double, std::string, std::vector<uint8_t>, std::vector, std::map, std::unordered_map, "
                  "std::optional, zerorow::Decimal<P, S>, std::chrono durations, sys_time, local_time, "
                  "year_month_day, sys_days, hh_mm_ss with integer counts, zerorow::Interval, std::chrono::months, "
                  "zerorow::Uuid, std::array<uint8_t, N>, zerorow::Variant, std::nullptr_t and ZEROROW_STRUCT "
                  "types; char types and floating-point durations are not)");
    return Member<C, M>{n, ptr};
  }(P, name);
}

/// Encodes and decodes values of a ZEROROW_STRUCT type T.
///
/// ToRow writes into a buffer the encoder owns: the returned row is valid until the next
/// ToRow on this encoder (or its destruction). A copy of an encoder gets its own buffer.
template <typename T>
class Encoder {
 public:
  Encoder() = default;
  Encoder(const Encoder& o) : schema_(o.schema_) {}
  Encoder& operator=(const Encoder& o) {
    if (this != &o) {
      schema_ = o.schema_;
      writer_.reset();
    }
    return *this;
  }
  Encoder(Encoder&&) noexcept = default;
  Encoder& operator=(Encoder&&) noexcept = default;

  /// Infers the schema (SPEC §4.1 rules apply: e.g. depth <= 64).
  static Result<Encoder> Make() {
    ZR_ASSIGN_OR_RETURN(Schema s, Schema::Make(encoder_detail::FieldsOf<T>()));
    Encoder e;
    e.schema_ = s;
    return e;
  }
  const Schema& schema() const { return schema_; }

  /// Encodes into `writer` (a writer of schema()): Reset, fields, Finish.
  Status Encode(const T& value, RowWriter* writer) const {
    writer->Reset();
    ZR_RETURN_NOT_OK(encoder_detail::EncodeFields(value, writer));
    return writer->Finish();
  }
  /// Encodes into the encoder's own buffer and returns the row, valid until the next ToRow
  /// on this encoder. `row.bytes()` are its bytes; copy them to keep them.
  Result<BinaryRow> ToRow(const T& value) & {
    if (!writer_) writer_ = std::make_unique<RowWriter>(schema_);
    ZR_RETURN_NOT_OK(Encode(value, writer_.get()));
    return writer_->row();
  }
  /// Refused at compile time: the row lives in the encoder's buffer, which a temporary encoder
  /// frees at the end of the statement (`(*Encoder<T>::Make()).ToRow(x)`). Keep the encoder in
  /// a variable; `Encoder<T>::Make()->ToRow(x)` is refused by Result (LendsViews).
  Result<BinaryRow> ToRow(const T& value) && = delete;
  /// Decodes a row of schema() (or of the same shape, e.g. a nested struct view). The row
  /// need not be validated: reads are bounds-checked, and a row whose references share
  /// bodies is refused once it would decode to more values than it has bytes (SPEC §6.2).
  Result<T> FromRow(const BinaryRow& row) const {
    T out{};
    encoder_detail::DecodeBudget budget{row.size_bytes(), row.size_bytes()};
    ZR_RETURN_NOT_OK(encoder_detail::DecodeFields(row, &out, &budget));
    return out;
  }
  /// Decodes a row written with another version of the schema, read through a Resolution
  /// whose reader schema is schema() (SPEC §13.4): `Resolve(writer, enc.schema())`, then
  /// `enc.FromRow(*res.View(bytes))`; a nested resolved struct decodes into its own
  /// ZEROROW_STRUCT type as with FromRow(BinaryRow). Reader fields the writer lacks are null,
  /// so they decode into std::optional members (another member is a schema_mismatch naming
  /// it). A row read as another reader schema is a schema_mismatch. The decode budget is the
  /// writer's bytes (SPEC §6.2), as for a BinaryRow.
  Result<T> FromRow(const ResolvedRow& row) const {
    const DataType& reader = row.struct_type();
    // A resolution made with schema() shares its types: one pointer compare.
    if (&reader != schema_.struct_type().get() && !reader.Equals(*schema_.struct_type()))
      return Status::Error(ErrorKind::kSchemaMismatch,
                           "expected a row read as this encoder's schema " + schema_.struct_type()->LayoutJson() +
                               " but found one read as " + reader.LayoutJson() +
                               " (resolve the writer schema to the encoder's: Resolve(writer, encoder.schema()))");
    T out{};
    auto size = static_cast<int64_t>(row.bytes().size());
    encoder_detail::DecodeBudget budget{size, size};
    ZR_RETURN_NOT_OK(encoder_detail::DecodeFields(row, &out, &budget));
    return out;
  }

 private:
  Schema schema_;
  std::unique_ptr<RowWriter> writer_;
};

/// An Encoder lends its buffer to the rows ToRow returns (Result<Encoder<T>>'s `->` on a
/// temporary is refused at compile time).
template <typename T>
struct LendsViews<Encoder<T>> : std::true_type {};

}  // namespace zerorow

// ---- ZEROROW_STRUCT(Type, field, ...) -------------------------------------------------------
#define ZR_PARENS ()
#define ZR_EXPAND(...) ZR_EXPAND4(ZR_EXPAND4(ZR_EXPAND4(ZR_EXPAND4(__VA_ARGS__))))
#define ZR_EXPAND4(...) ZR_EXPAND3(ZR_EXPAND3(ZR_EXPAND3(ZR_EXPAND3(__VA_ARGS__))))
#define ZR_EXPAND3(...) ZR_EXPAND2(ZR_EXPAND2(ZR_EXPAND2(ZR_EXPAND2(__VA_ARGS__))))
#define ZR_EXPAND2(...) ZR_EXPAND1(ZR_EXPAND1(ZR_EXPAND1(ZR_EXPAND1(__VA_ARGS__))))
#define ZR_EXPAND1(...) __VA_ARGS__
#define ZR_FOR_EACH(macro, T, ...) __VA_OPT__(ZR_EXPAND(ZR_FOR_EACH_HELPER(macro, T, __VA_ARGS__)))
#define ZR_FOR_EACH_HELPER(macro, T, a1, ...) \
  macro(T, a1) __VA_OPT__(ZR_FOR_EACH_AGAIN ZR_PARENS(macro, T, __VA_ARGS__))
#define ZR_FOR_EACH_AGAIN() ZR_FOR_EACH_HELPER
#define ZR_COMMA_MEMBER(T, name) , ::zerorow::MakeMember<&T::name>(#name)

/// Declares the fields of struct `Type`, in declaration order (the row's ordinal order).
/// Use it in the namespace that declares `Type` (the global one or the user's own): it
/// declares a function found by argument-dependent lookup.
#define ZEROROW_STRUCT(Type, first, ...)                                         \
  [[maybe_unused]] inline constexpr auto ZerorowMembers(const Type*) {           \
    return std::make_tuple(::zerorow::MakeMember<&Type::first>(#first)           \
                               ZR_FOR_EACH(ZR_COMMA_MEMBER, Type, __VA_ARGS__)); \
  }

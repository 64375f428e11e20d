// Struct encoder: C++ structs <-> rows, with the schema inferred from the struct.
//
//   struct Bar { std::string f1; std::vector<int64_t> f2; };
//   struct Foo { int32_t f1; std::vector<int32_t> f2; std::map<std::string, int32_t> f3;
//                std::vector<Bar> f4; std::optional<std::string> note; };
//   ZEROROW_STRUCT(Bar, f1, f2)             // at namespace scope, fields in declaration order
//   ZEROROW_STRUCT(Foo, f1, f2, f3, f4, note)
//
//   auto enc = zerorow::Encoder<Foo>::Make();              // Result<Encoder<Foo>>
//   auto bytes = enc->ToRow(foo);                          // Result<span>, reuses a buffer
//   auto back = enc->FromRow(*zerorow::BinaryRow::Wrap(*bytes, enc->schema()));  // Result<Foo>
//
// Type mapping: bool, int8_t..int64_t, float (float32), double (float64), std::string
// (string), std::vector<uint8_t> / std::vector<std::byte> (binary), std::vector<T> (list),
// std::map / std::unordered_map (map), structs declared with ZEROROW_STRUCT (struct).
// Nullability follows SPEC Appendix A, so a C++ struct gets the same schema (and
// fingerprint) as the Java class / Python dataclass of the same shape: a field is
// non-nullable exactly when it is a primitive scalar (bool, integers, float, double) not
// wrapped in std::optional; list elements and map values are nullable. Encoding never
// writes a null except for an empty std::optional; decoding a null into a C++ value that
// cannot hold it (not a std::optional) is a schema_mismatch error naming the path.
// Decoding reads with bounds-checked getters.
#pragma once

#include <cstddef>
#include <cstdint>
#include <map>
#include <memory>
#include <optional>
#include <string>
#include <tuple>
#include <type_traits>
#include <unordered_map>
#include <vector>

#include "zerorow/binary_row.h"
#include "zerorow/row_writer.h"
#include "zerorow/schema.h"

namespace zerorow {

/// Specialised by ZEROROW_STRUCT: `static constexpr auto members()` returns a tuple of
/// Member{name, pointer-to-member}.
template <typename T>
struct StructTraits;

template <typename C, typename M>
struct Member {
  const char* name;
  M C::*ptr;
};
template <typename C, typename M>
constexpr Member<C, M> MakeMember(const char* name, M C::*ptr) { return {name, ptr}; }

namespace encoder_detail {

template <typename T, typename = void>
struct HasTraits : std::false_type {};
template <typename T>
struct HasTraits<T, std::void_t<decltype(StructTraits<T>::members())>> : std::true_type {};

template <typename T> struct IsOptional : std::false_type {};
template <typename T> struct IsOptional<std::optional<T>> : std::true_type {};
template <typename T> struct IsVector : std::false_type {};
template <typename T, typename A> struct IsVector<std::vector<T, A>> : std::true_type {};
template <typename T> struct IsMap : std::false_type {};
template <typename K, typename V, typename C, typename A> struct IsMap<std::map<K, V, C, A>> : std::true_type {};
template <typename K, typename V, typename H, typename E, typename A>
struct IsMap<std::unordered_map<K, V, H, E, A>> : std::true_type {};

template <typename T>
constexpr bool kIsPrimitive = std::is_same_v<T, bool> || std::is_same_v<T, int8_t> || std::is_same_v<T, int16_t> ||
                              std::is_same_v<T, int32_t> || std::is_same_v<T, int64_t> ||
                              std::is_same_v<T, float> || std::is_same_v<T, double>;

template <typename T>
constexpr bool kIsBytes = std::is_same_v<T, std::vector<uint8_t>> || std::is_same_v<T, std::vector<std::byte>>;

template <typename T> struct Unopt { using type = T; };
template <typename T> struct Unopt<std::optional<T>> { using type = T; };

template <typename T>
DataTypePtr TypeOf();

template <typename T>
std::vector<Field> FieldsOf() {
  std::vector<Field> fields;
  std::apply([&](auto... m) {
    // SPEC Appendix A rule 1: non-nullable exactly for a bare primitive scalar.
    (fields.push_back(Field{m.name, TypeOf<typename Unopt<std::remove_cvref_t<decltype(std::declval<T>().*(m.ptr))>>::type>(),
                            !kIsPrimitive<std::remove_cvref_t<decltype(std::declval<T>().*(m.ptr))>>}), ...);
  }, StructTraits<T>::members());
  return fields;
}

template <typename T>
DataTypePtr TypeOf() {
  if constexpr (std::is_same_v<T, bool>) return bool_();
  else if constexpr (std::is_same_v<T, int8_t>) return int8();
  else if constexpr (std::is_same_v<T, int16_t>) return int16();
  else if constexpr (std::is_same_v<T, int32_t>) return int32();
  else if constexpr (std::is_same_v<T, int64_t>) return int64();
  else if constexpr (std::is_same_v<T, float>) return float32();
  else if constexpr (std::is_same_v<T, double>) return float64();
  else if constexpr (std::is_same_v<T, std::string>) return string();
  else if constexpr (kIsBytes<T>) return binary();
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
  } else if constexpr (std::is_same_v<T, int8_t>) {
    return w->WriteInt8(i, v);
  } else if constexpr (std::is_same_v<T, int16_t>) {
    return w->WriteInt16(i, v);
  } else if constexpr (std::is_same_v<T, int32_t>) {
    return w->WriteInt32(i, v);
  } else if constexpr (std::is_same_v<T, int64_t>) {
    return w->WriteInt64(i, v);
  } else if constexpr (std::is_same_v<T, float>) {
    return w->WriteFloat32(i, v);
  } else if constexpr (std::is_same_v<T, double>) {
    return w->WriteFloat64(i, v);
  } else if constexpr (std::is_same_v<T, std::string>) {
    return w->WriteString(i, v);
  } else if constexpr (kIsBytes<T>) {
    return w->WriteBinary(i, std::span<const uint8_t>(reinterpret_cast<const uint8_t*>(v.data()), v.size()));
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
  std::apply([&](auto... m) {
    ((st.ok() ? (void)(st = WriteValue(w, i, v.*(m.ptr))) : (void)0, ++i), ...);
  }, StructTraits<T>::members());
  return st;
}

// ---- decode ---------------------------------------------------------------------------------

template <typename T>
Status DecodeFields(const BinaryRow& row, T* out);

template <typename T>
Status ReadValue(const detail::SlotView& v, int i, T* out) {
  if constexpr (IsOptional<T>::value) {
    ZR_ASSIGN_OR_RETURN(bool is_null, v.IsNull(i));
    if (is_null) {
      out->reset();
      return Status::OK();
    }
    typename T::value_type inner{};
    ZR_RETURN_NOT_OK(ReadValue(v, i, &inner));
    *out = std::move(inner);
    return Status::OK();
  }
  ZR_ASSIGN_OR_RETURN(bool is_null, v.IsNull(i));
  if (is_null)
    return Status::Error(ErrorKind::kSchemaMismatch, "null value for a C++ member that is not a std::optional",
                         v.PathOf(i));
  if constexpr (IsOptional<T>::value) {
    // handled above
  } else if constexpr (std::is_same_v<T, bool>) {
    ZR_ASSIGN_OR_RETURN(*out, v.GetBool(i));
  } else if constexpr (std::is_same_v<T, int8_t>) {
    ZR_ASSIGN_OR_RETURN(*out, v.GetInt8(i));
  } else if constexpr (std::is_same_v<T, int16_t>) {
    ZR_ASSIGN_OR_RETURN(*out, v.GetInt16(i));
  } else if constexpr (std::is_same_v<T, int32_t>) {
    ZR_ASSIGN_OR_RETURN(*out, v.GetInt32(i));
  } else if constexpr (std::is_same_v<T, int64_t>) {
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
  } else if constexpr (IsVector<T>::value) {
    ZR_ASSIGN_OR_RETURN(BinaryArray a, v.GetArray(i));
    out->clear();
    out->reserve(a.size());
    for (int k = 0; k < a.size(); ++k) {
      typename T::value_type e{};
      Status st = ReadValue(a, k, &e);
      if (!st.ok()) return std::move(st).WithPathPrefix(v.PathOf(i));
      out->push_back(std::move(e));
    }
  } else if constexpr (IsMap<T>::value) {
    ZR_ASSIGN_OR_RETURN(BinaryMap m, v.GetMap(i));
    out->clear();
    for (int k = 0; k < m.size(); ++k) {
      typename T::key_type key{};
      typename T::mapped_type value{};
      Status st = ReadValue(m.keys(), k, &key);
      if (st.ok()) st = ReadValue(m.values(), k, &value);
      if (!st.ok()) return std::move(st).WithPathPrefix(v.PathOf(i));
      out->emplace(std::move(key), std::move(value));
    }
  } else {
    ZR_ASSIGN_OR_RETURN(BinaryRow r, v.GetStruct(i));
    return DecodeFields(r, out).WithPathPrefix(v.PathOf(i));
  }
  return Status::OK();
}

template <typename T>
Status DecodeFields(const BinaryRow& row, T* out) {
  constexpr int n = static_cast<int>(std::tuple_size_v<decltype(StructTraits<T>::members())>);
  if (row.num_fields() != n)
    return Status::Error(ErrorKind::kSchemaMismatch, "expected a row of " + std::to_string(n) + " fields but found " +
                                                         std::to_string(row.num_fields()), {}, n, row.num_fields());
  Status st;
  int i = 0;
  std::apply([&](auto... m) {
    ((st.ok() ? (void)(st = ReadValue(row, i, &(out->*(m.ptr)))) : (void)0, ++i), ...);
  }, StructTraits<T>::members());
  return st;
}

}  // namespace encoder_detail

/// Encodes and decodes values of a ZEROROW_STRUCT type T.
template <typename T>
class Encoder {
 public:
  Encoder() = default;
  /// Infers the schema (SPEC §4.1 rules apply: e.g. depth <= 64).
  static Result<Encoder> Make() {
    ZR_ASSIGN_OR_RETURN(Schema s, Schema::Make(encoder_detail::FieldsOf<T>()));
    Encoder e;
    e.schema_ = s;
    e.writer_ = std::make_shared<RowWriter>(e.schema_);
    return e;
  }
  const Schema& schema() const { return schema_; }

  /// Encodes into `writer` (a writer of schema()): Reset, fields, Finish.
  Status Encode(const T& value, RowWriter* writer) const {
    writer->Reset();
    ZR_RETURN_NOT_OK(encoder_detail::EncodeFields(value, writer));
    return writer->Finish();
  }
  /// Encodes into the encoder's own buffer; the bytes stay valid until the next ToRow.
  Result<std::span<const uint8_t>> ToRow(const T& value) {
    ZR_RETURN_NOT_OK(Encode(value, writer_.get()));
    return writer_->bytes();
  }
  /// Decodes a row of schema() (or of the same shape, e.g. a nested struct view).
  Result<T> FromRow(const BinaryRow& row) const {
    T out{};
    ZR_RETURN_NOT_OK(encoder_detail::DecodeFields(row, &out));
    return out;
  }

 private:
  Schema schema_;
  std::shared_ptr<RowWriter> writer_;
};

}  // namespace zerorow

// ---- ZEROROW_STRUCT(Type, field, ...) -------------------------------------------------------
#define ZR_PARENS ()
#define ZR_EXPAND(...) ZR_EXPAND4(ZR_EXPAND4(ZR_EXPAND4(ZR_EXPAND4(__VA_ARGS__))))
#define ZR_EXPAND4(...) ZR_EXPAND3(ZR_EXPAND3(ZR_EXPAND3(ZR_EXPAND3(__VA_ARGS__))))
#define ZR_EXPAND3(...) ZR_EXPAND2(ZR_EXPAND2(ZR_EXPAND2(ZR_EXPAND2(__VA_ARGS__))))
#define ZR_EXPAND2(...) ZR_EXPAND1(ZR_EXPAND1(ZR_EXPAND1(ZR_EXPAND1(__VA_ARGS__))))
#define ZR_EXPAND1(...) __VA_ARGS__
#define ZR_FOR_EACH(macro, T, ...) __VA_OPT__(ZR_EXPAND(ZR_FOR_EACH_HELPER(macro, T, __VA_ARGS__)))
#define ZR_FOR_EACH_HELPER(macro, T, a1, ...) macro(T, a1) __VA_OPT__(ZR_FOR_EACH_AGAIN ZR_PARENS(macro, T, __VA_ARGS__))
#define ZR_FOR_EACH_AGAIN() ZR_FOR_EACH_HELPER
#define ZR_COMMA_MEMBER(T, name) , ::zerorow::MakeMember(#name, &T::name)

/// Declares the fields of struct `Type`, in declaration order (the row's ordinal order).
/// Use at global namespace scope.
#define ZEROROW_STRUCT(Type, first, ...)                                                     \
  template <>                                                                                \
  struct zerorow::StructTraits<Type> {                                                       \
    static constexpr auto members() {                                                        \
      return std::make_tuple(::zerorow::MakeMember(#first, &Type::first)                     \
                                 ZR_FOR_EACH(ZR_COMMA_MEMBER, Type, __VA_ARGS__));           \
    }                                                                                        \
  };

// Errors without exceptions: Status and Result<T> (SPEC §6.1).
//
// Every fallible zerorow call returns a Status or a Result<T>. An error carries its kind
// (the spec's error kinds plus out_of_range for a bad ordinal), the field path (SPEC §4.3)
// where it was found, a message, and the expected / actual numbers when there are any.
// A successful Status is a null pointer, so returning one costs one register.
#pragma once

#include <cstdint>
#include <memory>
#include <optional>
#include <string>
#include <string_view>
#include <type_traits>
#include <utility>

namespace zerorow {

class Status;

namespace detail {
/// Conversions of a zerorow Status to another library's status type, declared by the adapter
/// of that library (the Arrow C++ adapter declares the one to arrow::Status), so that
/// `ARROW_RETURN_NOT_OK(zerorow_call())` works while the core links nothing.
template <typename Target>
struct StatusConversion;
template <typename Target, typename = void>
struct HasStatusConversion : std::false_type {};
template <typename Target>
struct HasStatusConversion<Target,
                           std::void_t<decltype(StatusConversion<Target>::Convert(std::declval<const Status&>()))>>
    : std::true_type {};
}  // namespace detail

/// The kind of an error. The first four are SPEC §6.1; the others are API errors.
enum class ErrorKind : uint8_t {
  kInvalidData,      ///< "invalid_data": bytes break a rule of SPEC §2-§3, or a value cannot be written exactly
  kTruncated,        ///< "truncated": top-level buffer shorter than its fixed region
  kUnsupported,      ///< "unsupported": something v1 does not define
  kSchemaMismatch,   ///< "schema_mismatch": data written for another schema / value of the wrong shape
  kOutOfRange,       ///< "out_of_range": ordinal outside [0, n) (SPEC §6.2 B1: the language's index error)
  kInvalidArgument,  ///< "invalid_argument": misuse of the API (e.g. writer calls out of order)
};

/// The spec's spelling of a kind: "invalid_data", "truncated", ...
std::string_view ErrorKindName(ErrorKind kind);
/// Inverse of ErrorKindName; nullopt for an unknown name.
std::optional<ErrorKind> ErrorKindFromName(std::string_view name);

/// OK, or an error with kind, path, message and optional expected/actual numbers.
class [[nodiscard]] Status {
 public:
  Status() = default;  // OK
  static Status OK() { return Status(); }
  /// An error. `expected`/`actual` are the numbers the message talks about, if any.
  static Status Error(ErrorKind kind, std::string message, std::string path = {},
                      std::optional<int64_t> expected = std::nullopt, std::optional<int64_t> actual = std::nullopt);
  /// An error about a value that is not (yet) in a row, e.g. a decimal's text: ToString() says
  /// "invalid_data: <message>", without "at <row>". A path prefix added later locates it.
  static Status Unlocated(ErrorKind kind, std::string message);
  /// The same with the numbers the message talks about (e.g. a row file's two checksums).
  static Status Unlocated(ErrorKind kind, std::string message, std::optional<int64_t> expected,
                          std::optional<int64_t> actual);
  static Status InvalidData(std::string message) { return Error(ErrorKind::kInvalidData, std::move(message)); }
  static Status Unsupported(std::string message) { return Error(ErrorKind::kUnsupported, std::move(message)); }
  static Status OutOfRange(std::string message) { return Error(ErrorKind::kOutOfRange, std::move(message)); }

  bool ok() const { return state_ == nullptr; }
  explicit operator bool() const { return ok(); }
  /// Only meaningful when !ok().
  ErrorKind kind() const { return state_ ? state_->kind : ErrorKind::kInvalidData; }
  /// Field path (SPEC §4.3), e.g. "f4[10].f2[5]"; empty for the top level.
  const std::string& path() const;
  const std::string& message() const;
  std::optional<int64_t> expected() const { return state_ ? state_->expected : std::nullopt; }
  std::optional<int64_t> actual() const { return state_ ? state_->actual : std::nullopt; }
  /// Where the error happened outside the row, outermost first ("row file a.zrow: row 3"),
  /// or empty.
  const std::string& context() const;
  /// "invalid_data at f3: expected offset+size <= 96 but found 120"; a problem with the whole
  /// top-level row (empty path) is "at <row>" (SPEC §1.1); an unlocated error has no "at";
  /// a context comes first ("row file a.zrow: row 3: invalid_data at name: ..."); "OK" when ok.
  std::string ToString() const;

  /// Returns this error with `component` prepended to its path ("f4" + "[10].f2" ->
  /// "f4[10].f2"). Used while unwinding out of nested values. No-op when ok.
  Status WithPathPrefix(std::string_view component) &&;
  Status WithPathPrefix(std::string_view component) const&;
  /// Returns this error with `where` put before its context ("row 3", then "row file a.zrow"
  /// gives "row file a.zrow: row 3"), kind, path and message unchanged. No-op when ok.
  Status WithContext(std::string_view where) &&;

  /// The same error as another library's status type, for the types an adapter declares a
  /// conversion to (zerorow/arrow/adapter.h: arrow::Status, so that ARROW_RETURN_NOT_OK and
  /// `return` in a function returning arrow::Status take a zerorow Status).
  template <typename Target, typename = std::enable_if_t<detail::HasStatusConversion<Target>::value>>
  operator Target() const {  // NOLINT: implicit by design, as Arrow's macros need
    return detail::StatusConversion<Target>::Convert(*this);
  }

 private:
  struct State {
    ErrorKind kind;
    std::string message;
    std::string path;
    std::optional<int64_t> expected, actual;
    std::string context;
    bool located = true;
  };
  std::shared_ptr<State> state_;
};

/// True for the types that lend views of what they own: a view taken from one (an Encoder's
/// ToRow row, a Resolution's View, a RowFileReader's rows) is valid while it lives. Their headers specialise it;
/// Result<T> then refuses `->` on a temporary of T, whose views would dangle at the end of the statement
/// (`Encoder<T>::Make()->ToRow(x)`).
template <typename T>
struct LendsViews : std::false_type {};

namespace detail {
/// Prints "zerorow: <what> on an error: <status>" to stderr and aborts. Taking the value of
/// a failed Result is a programming error, reported at once (like arrow::Result::ValueOrDie)
/// instead of handing out a default value that later code would trust.
[[noreturn]] void DieOnError(const Status& status, const char* what);
}  // namespace detail

/// A value or an error. T must be default-constructible (all zerorow value types are).
/// `*r`, `r->` and `r.value()` on an error abort with the error's message; check ok()
/// first, or use ZR_ASSIGN_OR_RETURN / ValueOr.
template <typename T>
class [[nodiscard]] Result {
 public:
  Result(T value) : value_(std::move(value)) {}         // NOLINT: implicit by design
  Result(Status status) : status_(std::move(status)) {  // NOLINT: must be an error
    if (status_.ok()) status_ = Status::Error(ErrorKind::kInvalidArgument, "Result built from an OK Status");
  }
  bool ok() const { return status_.ok(); }
  const Status& status() const { return status_; }
  /// The value; aborts with the error's message when !ok().
  const T& value() const& { return Checked(); }
  T& value() & { return Checked(); }
  T&& value() && { return std::move(Checked()); }
  /// Same as value(), under Arrow's name.
  const T& ValueOrDie() const& { return Checked(); }
  T&& ValueOrDie() && { return std::move(Checked()); }
  const T& operator*() const& { return Checked(); }
  T& operator*() & { return Checked(); }
  /// An rvalue, so that `Wrap(bytes, *Schema::FromJson(json))` picks the deleted overload
  /// that refuses a temporary schema (a view must not outlive its types).
  T&& operator*() && { return std::move(Checked()); }
  const T* operator->() const& { return &Checked(); }
  T* operator->() & { return &Checked(); }
  /// On a temporary Result: allowed for values that lend no views; refused at compile time for
  /// those that do (LendsViews<T>), since the value dies at the end of the full expression.
  T* operator->() && {
    static_assert(!LendsViews<T>::value,
                  "zerorow: `->` on a temporary Result whose value lends views (an Encoder, a Resolution, "
                  "a RowFileReader...): the value dies at the end of the statement and every row or "
                  "view taken from it dangles. Keep the value in a variable first: `auto enc = "
                  "*Encoder<T>::Make();` then `enc.ToRow(x)`");
    return &Checked();
  }
  const T* operator->() const&& {
    static_assert(!LendsViews<T>::value,
                  "zerorow: `->` on a temporary Result whose value lends views: keep the value in a variable");
    return &Checked();
  }
  T ValueOr(T fallback) const { return ok() ? value_ : fallback; }
  /// The value without the check, for code that just tested ok() (ZR_ASSIGN_OR_RETURN).
  T&& ValueUnsafe() && { return std::move(value_); }

 private:
  const T& Checked() const {
    if (!status_.ok()) [[unlikely]]
      detail::DieOnError(status_, "value of a Result taken");
    return value_;
  }
  T& Checked() {
    if (!status_.ok()) [[unlikely]]
      detail::DieOnError(status_, "value of a Result taken");
    return value_;
  }

  T value_{};
  Status status_;
};

}  // namespace zerorow

#define ZR_CONCAT_INNER(a, b) a##b
#define ZR_CONCAT(a, b) ZR_CONCAT_INNER(a, b)

/// Returns from the enclosing function if `expr` (a Status) is an error.
#define ZR_RETURN_NOT_OK(expr)         \
  do {                                 \
    ::zerorow::Status _zr_st = (expr); \
    if (!_zr_st.ok()) return _zr_st;   \
  } while (0)

#define ZR_ASSIGN_OR_RETURN_IMPL(tmp, lhs, rexpr) \
  auto tmp = (rexpr);                             \
  if (!tmp.ok()) return tmp.status();             \
  lhs = std::move(tmp).ValueUnsafe()

/// `ZR_ASSIGN_OR_RETURN(auto x, ResultExpr())`: unwraps a Result or returns its error.
#define ZR_ASSIGN_OR_RETURN(lhs, rexpr) ZR_ASSIGN_OR_RETURN_IMPL(ZR_CONCAT(_zr_res_, __LINE__), lhs, rexpr)

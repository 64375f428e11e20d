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
#include <utility>

namespace zerorow {

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
  /// "invalid_data at f3: expected offset+size <= 96 but found 120"; a problem with the whole
  /// top-level row (empty path) is "at <row>" (SPEC §1.1); "OK" when ok.
  std::string ToString() const;

  /// Returns this error with `component` prepended to its path ("f4" + "[10].f2" ->
  /// "f4[10].f2"). Used while unwinding out of nested values. No-op when ok.
  Status WithPathPrefix(std::string_view component) &&;
  Status WithPathPrefix(std::string_view component) const&;

 private:
  struct State {
    ErrorKind kind;
    std::string message;
    std::string path;
    std::optional<int64_t> expected, actual;
  };
  std::shared_ptr<State> state_;
};

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
  const T* operator->() const { return &Checked(); }
  T* operator->() { return &Checked(); }
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

#include "zerorow/status.h"

#include <cstdio>
#include <cstdlib>

namespace zerorow {

namespace {
constexpr std::string_view kKindNames[] = {"invalid_data",    "truncated",    "unsupported",
                                           "schema_mismatch", "out_of_range", "invalid_argument"};
const std::string kEmpty;
}  // namespace

std::string_view ErrorKindName(ErrorKind kind) { return kKindNames[static_cast<int>(kind)]; }

std::optional<ErrorKind> ErrorKindFromName(std::string_view name) {
  for (size_t i = 0; i < std::size(kKindNames); ++i) {
    if (kKindNames[i] == name) return static_cast<ErrorKind>(i);
  }
  return std::nullopt;
}

Status Status::Error(ErrorKind kind, std::string message, std::string path, std::optional<int64_t> expected,
                     std::optional<int64_t> actual) {
  Status s;
  s.state_ = std::make_shared<State>(State{kind, std::move(message), std::move(path), expected, actual, {}, true});
  return s;
}

Status Status::Unlocated(ErrorKind kind, std::string message) {
  Status s = Error(kind, std::move(message));
  s.state_->located = false;
  return s;
}

Status Status::Unlocated(ErrorKind kind, std::string message, std::optional<int64_t> expected,
                         std::optional<int64_t> actual) {
  Status s = Error(kind, std::move(message), {}, expected, actual);
  s.state_->located = false;
  return s;
}

const std::string& Status::path() const { return state_ ? state_->path : kEmpty; }
const std::string& Status::context() const { return state_ ? state_->context : kEmpty; }
const std::string& Status::message() const { return state_ ? state_->message : kEmpty; }

std::string Status::ToString() const {
  if (ok()) return "OK";
  std::string out = state_->context;
  if (!out.empty()) out += ": ";
  out += ErrorKindName(state_->kind);
  // SPEC §1.1: every message names where, the whole top-level row as <row>.
  if (state_->located || !state_->path.empty()) {
    out += " at ";
    out += state_->path.empty() ? std::string_view("<row>") : std::string_view(state_->path);
  }
  out += ": ";
  out += state_->message;
  return out;
}

static std::string JoinPath(std::string_view prefix, const std::string& rest) {
  std::string out(prefix);
  if (!rest.empty()) {
    if (rest[0] != '[' && rest[0] != '{') out += '.';
    out += rest;
  }
  return out;
}

Status Status::WithPathPrefix(std::string_view component) && {
  if (ok() || component.empty()) return std::move(*this);
  auto st = std::make_shared<State>(*state_);
  st->path = JoinPath(component, st->path);
  state_ = std::move(st);
  return std::move(*this);
}

Status Status::WithContext(std::string_view where) && {
  if (ok() || where.empty()) return std::move(*this);
  auto st = std::make_shared<State>(*state_);
  st->context = st->context.empty() ? std::string(where) : std::string(where) + ": " + st->context;
  state_ = std::move(st);
  return std::move(*this);
}

Status Status::WithPathPrefix(std::string_view component) const& {
  Status copy = *this;
  return std::move(copy).WithPathPrefix(component);
}

namespace detail {
void DieOnError(const Status& status, const char* what) {
  std::fprintf(stderr, "zerorow: %s on an error: %s\n", what, status.ToString().c_str());
  std::fflush(stderr);
  std::abort();
}
}  // namespace detail

}  // namespace zerorow

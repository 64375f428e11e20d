// A small recursive-descent JSON reader (RFC 8259).
#include "zerorow/json.h"

#include <cerrno>
#include <charconv>
#include <cmath>
#include <cstdlib>
#include <string>

namespace zerorow {

namespace {

class Parser {
 public:
  Parser(std::string_view text, int max_depth) : s_(text), max_depth_(max_depth) {}

  Result<JsonValue> ParseDocument() {
    SkipSpace();
    JsonValue v;
    ZR_RETURN_NOT_OK(ParseValue(&v, 0));
    SkipSpace();
    if (pos_ != s_.size()) return Error("unexpected trailing characters");
    return v;
  }

 private:
  Status Error(const std::string& what) const {
    return Status::Error(ErrorKind::kInvalidData, "malformed JSON at byte " + std::to_string(pos_) + ": " + what);
  }
  void SkipSpace() {
    while (pos_ < s_.size() && (s_[pos_] == ' ' || s_[pos_] == '\t' || s_[pos_] == '\n' || s_[pos_] == '\r')) ++pos_;
  }
  bool Consume(std::string_view lit) {
    if (s_.substr(pos_, lit.size()) == lit) {
      pos_ += lit.size();
      return true;
    }
    return false;
  }

  Status ParseValue(JsonValue* out, int depth) {
    if (depth > max_depth_) return Error("nesting deeper than " + std::to_string(max_depth_) + " levels");
    if (pos_ >= s_.size()) return Error("unexpected end of input");
    char c = s_[pos_];
    if (c == '{') return ParseObject(out, depth);
    if (c == '[') return ParseArray(out, depth);
    if (c == '"') {
      std::string str;
      ZR_RETURN_NOT_OK(ParseString(&str));
      *out = JsonValue::String(std::move(str));
      return Status::OK();
    }
    if (Consume("true")) {
      *out = JsonValue::Bool(true);
      return Status::OK();
    }
    if (Consume("false")) {
      *out = JsonValue::Bool(false);
      return Status::OK();
    }
    if (Consume("null")) {
      *out = JsonValue::Null();
      return Status::OK();
    }
    if (c == '-' || (c >= '0' && c <= '9')) return ParseNumber(out);
    return Error(std::string("unexpected character '") + c + "'");
  }

  Status ParseObject(JsonValue* out, int depth) {
    ++pos_;  // {
    std::vector<std::pair<std::string, JsonValue>> members;
    SkipSpace();
    if (Consume("}")) {
      *out = JsonValue::Object(std::move(members));
      return Status::OK();
    }
    while (true) {
      SkipSpace();
      if (pos_ >= s_.size() || s_[pos_] != '"') return Error("expected a string key");
      std::string key;
      ZR_RETURN_NOT_OK(ParseString(&key));
      SkipSpace();
      if (!Consume(":")) return Error("expected ':'");
      SkipSpace();
      JsonValue v;
      ZR_RETURN_NOT_OK(ParseValue(&v, depth + 1));
      members.emplace_back(std::move(key), std::move(v));
      SkipSpace();
      if (Consume(",")) continue;
      if (Consume("}")) break;
      return Error("expected ',' or '}'");
    }
    *out = JsonValue::Object(std::move(members));
    return Status::OK();
  }

  Status ParseArray(JsonValue* out, int depth) {
    ++pos_;  // [
    std::vector<JsonValue> items;
    SkipSpace();
    if (Consume("]")) {
      *out = JsonValue::Array(std::move(items));
      return Status::OK();
    }
    while (true) {
      SkipSpace();
      JsonValue v;
      ZR_RETURN_NOT_OK(ParseValue(&v, depth + 1));
      items.push_back(std::move(v));
      SkipSpace();
      if (Consume(",")) continue;
      if (Consume("]")) break;
      return Error("expected ',' or ']'");
    }
    *out = JsonValue::Array(std::move(items));
    return Status::OK();
  }

  Status ParseNumber(JsonValue* out) {
    size_t start = pos_;
    if (s_[pos_] == '-') ++pos_;
    auto digits = [&] {
      size_t d = pos_;
      while (pos_ < s_.size() && s_[pos_] >= '0' && s_[pos_] <= '9') ++pos_;
      return pos_ - d;
    };
    if (pos_ < s_.size() && s_[pos_] == '0') {
      ++pos_;
    } else if (digits() == 0) {
      return Error("expected digits");
    }
    if (pos_ < s_.size() && s_[pos_] == '.') {
      ++pos_;
      if (digits() == 0) return Error("expected digits after '.'");
    }
    if (pos_ < s_.size() && (s_[pos_] == 'e' || s_[pos_] == 'E')) {
      ++pos_;
      if (pos_ < s_.size() && (s_[pos_] == '+' || s_[pos_] == '-')) ++pos_;
      if (digits() == 0) return Error("expected exponent digits");
    }
    *out = JsonValue::Number(std::string(s_.substr(start, pos_ - start)));
    return Status::OK();
  }

  static void AppendUtf8(std::string* out, uint32_t cp) {
    if (cp < 0x80) {
      out->push_back(static_cast<char>(cp));
    } else if (cp < 0x800) {
      out->push_back(static_cast<char>(0xC0 | (cp >> 6)));
      out->push_back(static_cast<char>(0x80 | (cp & 0x3F)));
    } else if (cp < 0x10000) {
      out->push_back(static_cast<char>(0xE0 | (cp >> 12)));
      out->push_back(static_cast<char>(0x80 | ((cp >> 6) & 0x3F)));
      out->push_back(static_cast<char>(0x80 | (cp & 0x3F)));
    } else {
      out->push_back(static_cast<char>(0xF0 | (cp >> 18)));
      out->push_back(static_cast<char>(0x80 | ((cp >> 12) & 0x3F)));
      out->push_back(static_cast<char>(0x80 | ((cp >> 6) & 0x3F)));
      out->push_back(static_cast<char>(0x80 | (cp & 0x3F)));
    }
  }

  Status ParseHex4(uint32_t* out) {
    if (pos_ + 4 > s_.size()) return Error("truncated \\u escape");
    uint32_t v = 0;
    for (int k = 0; k < 4; ++k) {
      char c = s_[pos_++];
      v <<= 4;
      if (c >= '0' && c <= '9')
        v |= c - '0';
      else if (c >= 'a' && c <= 'f')
        v |= c - 'a' + 10;
      else if (c >= 'A' && c <= 'F')
        v |= c - 'A' + 10;
      else
        return Error("bad hex digit in \\u escape");
    }
    *out = v;
    return Status::OK();
  }

  Status ParseString(std::string* out) {
    ++pos_;  // "
    while (true) {
      if (pos_ >= s_.size()) return Error("unterminated string");
      unsigned char c = static_cast<unsigned char>(s_[pos_]);
      if (c == '"') {
        ++pos_;
        return Status::OK();
      }
      if (c < 0x20) return Error("control character in string");
      if (c != '\\') {
        out->push_back(static_cast<char>(c));
        ++pos_;
        continue;
      }
      ++pos_;
      if (pos_ >= s_.size()) return Error("unterminated escape");
      char e = s_[pos_++];
      switch (e) {
        case '"':
          out->push_back('"');
          break;
        case '\\':
          out->push_back('\\');
          break;
        case '/':
          out->push_back('/');
          break;
        case 'b':
          out->push_back('\b');
          break;
        case 'f':
          out->push_back('\f');
          break;
        case 'n':
          out->push_back('\n');
          break;
        case 'r':
          out->push_back('\r');
          break;
        case 't':
          out->push_back('\t');
          break;
        case 'u': {
          uint32_t cp = 0;
          ZR_RETURN_NOT_OK(ParseHex4(&cp));
          // A surrogate pair is one code point. A lone surrogate is valid JSON text but no
          // Unicode scalar: it is kept as its 3-byte (invalid UTF-8) form, so that whoever
          // uses the string refuses it where it belongs (a field name, a default value).
          if (cp >= 0xD800 && cp < 0xDC00 && s_.substr(pos_, 2) == "\\u") {
            const size_t at = pos_;
            pos_ += 2;
            uint32_t lo = 0;
            ZR_RETURN_NOT_OK(ParseHex4(&lo));
            if (lo >= 0xDC00 && lo < 0xE000) {
              cp = 0x10000 + ((cp - 0xD800) << 10) + (lo - 0xDC00);
            } else {
              pos_ = at;  // not a pair: the next escape is read on its own
            }
          }
          AppendUtf8(out, cp);
          break;
        }
        default:
          return Error("bad escape");
      }
    }
  }

  std::string_view s_;
  size_t pos_ = 0;
  int max_depth_;
};

}  // namespace

const JsonValue* JsonValue::Find(std::string_view key) const {
  for (const auto& [k, v] : object_) {
    if (k == key) return &v;
  }
  return nullptr;
}

Result<int64_t> JsonValue::AsInt64() const {
  if (kind_ != Kind::kNumber) return Status::InvalidData("expected a JSON number");
  int64_t v = 0;
  auto [p, ec] = std::from_chars(text_.data(), text_.data() + text_.size(), v);
  if (ec != std::errc() || p != text_.data() + text_.size())
    return Status::InvalidData("expected an integer that fits int64 but found " + text_);
  return v;
}

Result<double> JsonValue::AsDouble() const {
  if (kind_ != Kind::kNumber) return Status::InvalidData("expected a JSON number");
  double v = 0;
  auto [p, ec] = std::from_chars(text_.data(), text_.data() + text_.size(), v);
  if (ec == std::errc::result_out_of_range) {
    // from_chars reports overflow/underflow; strtod gives inf / 0 like other JSON readers.
    v = std::strtod(text_.c_str(), nullptr);
  } else if (ec != std::errc() || p != text_.data() + text_.size()) {
    return Status::InvalidData("bad number " + text_);
  }
  return v;
}

Result<JsonValue> ParseJson(std::string_view text, int max_depth) { return Parser(text, max_depth).ParseDocument(); }

void AppendShortestNumber(std::string* out, double v, bool is_float32) {
  if (v == 0) {
    *out += std::signbit(v) ? "-0.0" : "0";
    return;
  }
  // The shortest round-trip digits and exponent, from to_chars' scientific form "d.ddde+XX".
  char buf[64];
  auto r = is_float32 ? std::to_chars(buf, buf + sizeof buf, static_cast<float>(v), std::chars_format::scientific)
                      : std::to_chars(buf, buf + sizeof buf, v, std::chars_format::scientific);
  std::string_view text(buf, static_cast<size_t>(r.ptr - buf));
  if (text[0] == '-') {
    out->push_back('-');
    text.remove_prefix(1);
  }
  const size_t e = text.find('e');
  std::string digits;
  for (char c : text.substr(0, e)) {
    if (c != '.') digits.push_back(c);
  }
  int exp = 0;
  std::from_chars(text.data() + e + 1 + (text[e + 1] == '+'), text.data() + text.size(), exp);
  const int k = static_cast<int>(digits.size()), n = exp + 1;  // value = 0.digits × 10^n
  if (k <= n && n <= 21) {
    *out += digits;
    out->append(static_cast<size_t>(n - k), '0');
  } else if (0 < n && n <= 21) {
    *out += digits.substr(0, static_cast<size_t>(n));
    out->push_back('.');
    *out += digits.substr(static_cast<size_t>(n));
  } else if (-6 < n && n <= 0) {
    *out += "0.";
    out->append(static_cast<size_t>(-n), '0');
    *out += digits;
  } else {
    out->push_back(digits[0]);
    if (k > 1) {
      out->push_back('.');
      *out += digits.substr(1);
    }
    out->push_back('e');
    out->push_back(n - 1 < 0 ? '-' : '+');
    *out += std::to_string(n - 1 < 0 ? 1 - n : n - 1);
  }
}

void AppendJsonString(std::string* out, std::string_view s) {
  static const char kHex[] = "0123456789abcdef";
  out->push_back('"');
  for (char ch : s) {
    unsigned char c = static_cast<unsigned char>(ch);
    if (c == '"') {
      *out += "\\\"";
    } else if (c == '\\') {
      *out += "\\\\";
    } else if (c < 0x20) {
      *out += "\\u00";
      out->push_back(kHex[c >> 4]);
      out->push_back(kHex[c & 15]);
    } else {
      out->push_back(ch);
    }
  }
  out->push_back('"');
}

}  // namespace zerorow

// The value of a `uuid` (SPEC §3.8): 16 bytes in RFC 9562 order (the order of its text form).
#pragma once

#include <array>
#include <cstdint>

namespace zerorow {

/// A UUID, as Java's java.util.UUID and Python's uuid.UUID: the encoder maps a member of this
/// type to `uuid` (a std::array<uint8_t, 16> member is a `fixed_binary(16)` instead).
struct Uuid {
  std::array<uint8_t, 16> bytes{};
  bool operator==(const Uuid&) const = default;
};

}  // namespace zerorow

// Must not compile: ZEROROW_STRUCT over a member that has no zerorow type. The ctest tests
// EncoderCompileFail.* (cmake/CompileFail.cmake) compile it once per ZR_CASE_* and check that
// the compiler's error names the member, its C++ type, and says it has no zerorow type;
// ZR_CASE_SUPPORTED is the control: the same file with supported members compiles.
#include <chrono>
#include <cstdint>

#include "zerorow/encoder.h"

namespace shop {

#if defined(ZR_CASE_CHAR)
struct Order {
  int64_t id = 0;
  char grade = 'a';  // a character is neither an integer nor a string here
};
ZEROROW_STRUCT(Order, id, grade)
#elif defined(ZR_CASE_FLOAT_DURATION)
struct Order {
  int64_t id = 0;
  std::chrono::duration<double> wait{0};  // a floating-point count has no exact encoding
};
ZEROROW_STRUCT(Order, id, wait)
#elif defined(ZR_CASE_USER_CLASS)
struct Place {  // a class not declared with ZEROROW_STRUCT
  double lat = 0;
  double lon = 0;
};
struct Order {
  int64_t id = 0;
  Place where;
};
ZEROROW_STRUCT(Order, id, where)
#elif defined(ZR_CASE_SUPPORTED)
struct Order {
  int64_t id = 0;
  int32_t count = 0;
  uint32_t units = 0;
  zerorow::Decimal<12, 2> price;
  std::chrono::sys_time<std::chrono::microseconds> at;
  std::chrono::milliseconds wait{0};
};
ZEROROW_STRUCT(Order, id, count, units, price, at, wait)
#else
#error "define one ZR_CASE_*"
#endif

}  // namespace shop

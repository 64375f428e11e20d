// Must not compile: ZEROROW_STRUCT over a member that has no zerorow type. The ctest tests
// EncoderCompileFail.* (cmake/CompileFail.cmake) compile it once per ZR_CASE_* and check that
// the compiler's error names the member, its C++ type, and says it has no zerorow type;
// ZR_CASE_SUPPORTED is the control: the same file with supported members compiles.
#include <cstdint>

#include "zerorow/encoder.h"

namespace shop {

#if defined(ZR_CASE_UNSIGNED)
struct Order {
  int64_t id = 0;
  uint32_t count = 0;  // unsigned integers have no zerorow type
};
ZEROROW_STRUCT(Order, id, count)
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
};
ZEROROW_STRUCT(Order, id, count)
#else
#error "define one ZR_CASE_*"
#endif

}  // namespace shop

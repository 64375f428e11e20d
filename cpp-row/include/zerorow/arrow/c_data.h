// The Arrow C Data Interface structs that zerorow's export (export.h) and import
// (import.h) exchange, so the core never links Arrow. The structs a producer fills own
// their memory (their `release` callbacks free it): they can be handed to pyarrow, polars
// or Arrow C++.
#pragma once

#include <cstdint>

// The C ABI of the Arrow C Data Interface, declared exactly as the Arrow specification
// gives it (https://arrow.apache.org/docs/format/CDataInterface.html), guarded so that a
// translation unit that also includes Arrow's own declaration sees one definition.
#ifdef __cplusplus
extern "C" {
#endif

#ifndef ARROW_C_DATA_INTERFACE
#define ARROW_C_DATA_INTERFACE

#define ARROW_FLAG_DICTIONARY_ORDERED 1
#define ARROW_FLAG_NULLABLE 2
#define ARROW_FLAG_MAP_KEYS_SORTED 4

struct ArrowSchema {
  // Array type description
  const char* format;
  const char* name;
  const char* metadata;
  int64_t flags;
  int64_t n_children;
  struct ArrowSchema** children;
  struct ArrowSchema* dictionary;

  // Release callback
  void (*release)(struct ArrowSchema*);
  // Opaque producer-specific data
  void* private_data;
};

struct ArrowArray {
  // Array data description
  int64_t length;
  int64_t null_count;
  int64_t offset;
  int64_t n_buffers;
  int64_t n_children;
  const void** buffers;
  struct ArrowArray** children;
  struct ArrowArray* dictionary;

  // Release callback
  void (*release)(struct ArrowArray*);
  // Opaque producer-specific data
  void* private_data;
};

#endif  // ARROW_C_DATA_INTERFACE

#ifdef __cplusplus
}
#endif

// Everything in the zerorow C++ core (not the optional Arrow C++ adapter).
#pragma once

#include "zerorow/arrow/export.h"
#include "zerorow/arrow/import.h"
#include "zerorow/arrow/resolved.h"
#include "zerorow/binary_row.h"
#include "zerorow/crc32c.h"
#include "zerorow/decimal.h"
#include "zerorow/encoder.h"
#include "zerorow/json.h"
#include "zerorow/resolve.h"
#include "zerorow/row_writer.h"
#include "zerorow/schema.h"
#include "zerorow/status.h"
#include "zerorow/validate.h"

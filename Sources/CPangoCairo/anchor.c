// SwiftPM needs one source file in a C target; the library is header-only glue.
#include "CPangoCairo.h"

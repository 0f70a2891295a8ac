/* The commit record lives below the wire protocol and the model
 * (cosim/common/include/commit_record.h); the wire only encodes it. This
 * header keeps existing includes working. The path is relative so that every
 * build of the wire headers (host and rv32 firmware) finds it unchanged. */
#ifndef WIRE_COMMIT_H
#define WIRE_COMMIT_H

#include "../../../../cosim/common/include/commit_record.h"

#endif

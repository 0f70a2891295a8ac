/* libgpuhost: the whole public API. Link with `pkg-config --libs gpuhost` or
 * CMake's find_package(gpuhost) (target gpuhost::gpuhost). */
#ifndef GPUHOST_GPUHOST_H
#define GPUHOST_GPUHOST_H

#include "gpuhost/board.h"
#include "gpuhost/coverage.h"
#include "gpuhost/error.h"
#include "gpuhost/gen.h"
#include "gpuhost/kernel.h"
#include "gpuhost/keys.h"
#include "gpuhost/model.h"
#include "gpuhost/run.h"
#include "gpuhost/selftest.h"
#include "gpuhost/target.h"

#endif

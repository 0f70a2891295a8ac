/* libgpuhost: CURVE keys (gpuhost/keys.h), the files both ends read
 * (fw/wire/zmq: wire/zmq_curve.h). */
#include "gpuhost/error.h"
#include "gpuhost/keys.h"
#include "wire/zmq_curve.h"

int gh_keygen(const char *path, char *err, size_t errlen)
{
    if (!wire_curve_available(err, errlen))
        return GH_ERR_USAGE;
    return wire_curve_keygen(path, err, errlen) == 0 ? 0 : GH_ERR_IO;
}

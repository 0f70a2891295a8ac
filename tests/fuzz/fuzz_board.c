/* Fuzz target: the board descriptor parser (host/lib/boards.c: libinih
 * behind gpuhost's line scan and reader). Properties: a result is OK or a refusal with "NAME:LINE: reason"
 * (or "NAME: reason"); an accepted board has a valid name, a known transport
 * and NUL-terminated strings within their fields. */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "fuzz.h"
#include "gpuhost/board.h"

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
    gh_board b;
    char err[512] = "";
    int rc = gh_board_parse_text("fuzz.ini", (const char *)data, size, &b, err, sizeof err);
    FUZZ_CHECK(rc == GH_BOARDS_OK || rc == GH_BOARDS_MALFORMED || rc == GH_BOARDS_IO, "result %d", rc);
    if (rc != GH_BOARDS_OK) {
        FUZZ_CHECK(strncmp(err, "fuzz.ini:", 9) == 0, "refusal without FILE:LINE: '%s'", err);
        return 0;
    }
    FUZZ_CHECK(memchr(b.name, '\0', sizeof b.name) && b.name[0], "board name");
    FUZZ_CHECK(memchr(b.description, '\0', sizeof b.description), "description");
    FUZZ_CHECK(memchr(b.implements, '\0', sizeof b.implements), "implements");
    FUZZ_CHECK(memchr(b.server, '\0', sizeof b.server), "server");
    FUZZ_CHECK(memchr(b.firmware, '\0', sizeof b.firmware), "firmware");
    FUZZ_CHECK(memchr(b.emulator, '\0', sizeof b.emulator), "emulator");
    FUZZ_CHECK(memchr(b.target, '\0', sizeof b.target), "target");
    FUZZ_CHECK(b.transport == GH_TRANSPORT_MODEL || b.transport == GH_TRANSPORT_ZMQ || b.transport == GH_TRANSPORT_USB,
               "transport %d", (int)b.transport);
    FUZZ_CHECK(b.warps <= 64, "warps %u", b.warps);
    return 0;
}

FUZZ_NO_SEEDS

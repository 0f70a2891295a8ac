/* gpuhost keygen KEYFILE: a CURVE keypair for ZeroMQ servers on other
 * machines (README.md, "Remote servers"). */
#include <stdio.h>
#include <string.h>

#include "cli.h"

int gh_cmd_keygen(int argc, char **argv)
{
    if (argc == 2 && (strcmp(argv[1], "--help") == 0 || strcmp(argv[1], "-h") == 0)) {
        puts("usage: gpuhost keygen KEYFILE\n"
             "Writes a new ZeroMQ CURVE keypair to KEYFILE (mode 0600: the secret half; never share it)\n"
             "and its public key to KEYFILE.pub (give it to the other side). Never overwrites a file.\n"
             "A server: gpu-rtlsim --curve-keys KEYFILE --authorized-keys CLIENTS (cat'ed client .pub files).\n"
             "A client: gpuhost run ... --endpoint tcp://HOST:PORT --server-key SERVER.pub --client-key KEYFILE");
        return GH_EXIT_OK;
    }
    if (argc != 2 || argv[1][0] == '-') {
        fprintf(stderr, "usage: gpuhost keygen KEYFILE\n");
        return GH_EXIT_USAGE;
    }
    char err[512];
    int rc = gh_keygen(argv[1], err, sizeof err);
    if (rc != 0) {
        fprintf(stderr, "gpuhost keygen: %s\n", err);
        return rc == GH_ERR_USAGE ? GH_EXIT_USAGE : GH_EXIT_IO;
    }
    printf("%s: the keypair (secret, mode 0600)\n%s.pub: the public key (give it to the other side)\n", argv[1],
           argv[1]);
    return GH_EXIT_OK;
}

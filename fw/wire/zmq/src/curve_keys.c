/* The wire protocol over ZeroMQ: CURVE key files (see zmq_curve.h), read
 * with libinih through a reader that counts lines, so that every error
 * names FILE:LINE. */
#define _POSIX_C_SOURCE 200809L
#include <errno.h>
#include <fcntl.h>
#include <ini.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>
#include <zmq.h>

#include "wire/zmq_curve.h"

#define MAX_AUTHORIZED 4096

typedef struct {
    FILE *f;
    const char *path;
    int line;
    bool at_line_start;
    bool failed, want_secret, many;
    char *err;
    size_t errlen;
    int public_line, secret_line;
    wire_curve_keypair kp;
    wire_curve_public *list;
    size_t count;
} reading;

static int fail(reading *r, const char *why)
{
    if (!r->failed)
        snprintf(r->err, r->errlen, "%s:%d: %s", r->path, r->line, why);
    r->failed = true;
    return 0;
}

static char *reader(char *str, int num, void *stream)
{
    reading *r = stream;
    if (!fgets(str, num, r->f))
        return NULL;
    if (r->at_line_start)
        r->line++;
    size_t n = strlen(str);
    r->at_line_start = n > 0 && str[n - 1] == '\n';
    return str;
}

/* A Z85 key: 40 characters that decode. */
static bool z85_key(const char *text, uint8_t out[32])
{
    uint8_t scratch[32];
    return strlen(text) == WIRE_CURVE_Z85 && zmq_z85_decode(out ? out : scratch, text) != NULL;
}

static int handler(void *user, const char *section, const char *name, const char *value)
{
    reading *r = user;
    if (r->failed)
        return 0;
    if (*section)
        return fail(r, "key files have no [sections]");
    bool secret = strcmp(name, "secret-key") == 0;
    if (!secret && strcmp(name, "public-key") != 0)
        return fail(r, "unknown key (expected public-key or secret-key)");
    if (secret && !r->want_secret)
        return fail(r, r->many ? "an authorized-keys file holds public keys only (a secret key here is a leak)"
                               : "a secret key where a public one is expected");
    uint8_t bin[32];
    if (!z85_key(value, bin))
        return fail(r, "not a CURVE key (40 characters of Z85 text, as `gpuhost keygen` writes)");
    if (r->many) {
        if (r->count == MAX_AUTHORIZED)
            return fail(r, "more than 4096 keys");
        wire_curve_public *grown = realloc(r->list, (r->count + 1) * sizeof *grown);
        if (!grown)
            return fail(r, "out of memory");
        r->list = grown;
        memcpy(r->list[r->count++].key, bin, 32);
        return 1;
    }
    int *seen = secret ? &r->secret_line : &r->public_line;
    if (*seen)
        return fail(r, secret ? "a second secret-key" : "a second public-key");
    *seen = r->line;
    strcpy(secret ? r->kp.secret_key : r->kp.public_key, value);
    return 1;
}

/* Opens and parses path; a file with a secret key must be private to its owner. */
static int parse(reading *r)
{
    int fd = open(r->path, O_RDONLY | O_CLOEXEC | O_NOCTTY | O_NONBLOCK);
    struct stat st;
    if (fd < 0 || fstat(fd, &st) != 0) {
        snprintf(r->err, r->errlen, "%s: %s", r->path, strerror(errno));
        if (fd >= 0)
            close(fd);
        return -1;
    }
    if (!S_ISREG(st.st_mode) || st.st_size > 1 << 20) {
        snprintf(r->err, r->errlen, "%s: not a key file (%s)", r->path,
                 S_ISREG(st.st_mode) ? "over 1 MiB" : "not a regular file");
        close(fd);
        return -1;
    }
    r->f = fdopen(fd, "r");
    if (!r->f) {
        close(fd);
        snprintf(r->err, r->errlen, "%s: %s", r->path, strerror(errno));
        return -1;
    }
    r->at_line_start = true;
    int rc = ini_parse_stream(reader, r, handler, r);
    fclose(r->f);
    if (rc != 0 && !r->failed) {
        snprintf(r->err, r->errlen, "%s:%d: not a key line (expected public-key = KEY)", r->path, rc > 0 ? rc : 0);
        r->failed = true;
    }
    if (!r->failed && r->secret_line && (st.st_mode & 077)) {
        snprintf(r->err, r->errlen, "%s: a secret key that others may read (mode %04o): chmod 600 %s", r->path,
                 (unsigned)(st.st_mode & 07777), r->path);
        r->failed = true;
    }
    return r->failed ? -1 : 0;
}

bool wire_curve_available(char *err, size_t errlen)
{
    if (zmq_has("curve"))
        return true;
    snprintf(err, errlen, "this libzmq was built without CURVE (zmq_has(\"curve\") is 0): no encrypted, "
                          "authenticated links; install a libzmq with libsodium (Debian's libzmq5 has it)");
    return false;
}

int wire_curve_read_keypair(const char *path, wire_curve_keypair *out, char *err, size_t errlen)
{
    reading r = {.path = path, .want_secret = true, .err = err, .errlen = errlen};
    if (parse(&r) != 0)
        return -1;
    if (!r.public_line || !r.secret_line) {
        snprintf(err, errlen, "%s: a keypair file needs public-key and secret-key (gpuhost keygen writes one)%s",
                 path, r.secret_line ? "" : "; a .pub file holds only the public half");
        return -1;
    }
    char derived[WIRE_CURVE_Z85 + 1];
    if (zmq_curve_public(derived, r.kp.secret_key) != 0 || strcmp(derived, r.kp.public_key) != 0) {
        snprintf(err, errlen, "%s:%d: this public key does not belong to the secret key on line %d", path,
                 r.public_line, r.secret_line);
        return -1;
    }
    *out = r.kp;
    return 0;
}

int wire_curve_read_public(const char *path, char out[WIRE_CURVE_Z85 + 1], char *err, size_t errlen)
{
    reading r = {.path = path, .err = err, .errlen = errlen};
    if (parse(&r) != 0)
        return -1;
    if (!r.public_line) {
        snprintf(err, errlen, "%s: no public-key line", path);
        return -1;
    }
    strcpy(out, r.kp.public_key);
    return 0;
}

int wire_curve_read_authorized(const char *path, wire_curve_public **keys, size_t *count, char *err,
                               size_t errlen)
{
    reading r = {.path = path, .many = true, .err = err, .errlen = errlen};
    if (parse(&r) != 0 || !r.count) {
        if (!r.failed)
            snprintf(err, errlen, "%s: no public-key line: this server would let nobody in", path);
        free(r.list);
        return -1;
    }
    *keys = r.list;
    *count = r.count;
    return 0;
}

/* Creates path with mode (never over an existing file) and writes text. */
static int write_new(const char *path, mode_t mode, const char *text, char *err, size_t errlen)
{
    int fd = open(path, O_WRONLY | O_CREAT | O_EXCL | O_NOFOLLOW | O_CLOEXEC, mode);
    if (fd < 0) {
        snprintf(err, errlen, "%s: %s%s", path, strerror(errno),
                 errno == EEXIST ? " (gpuhost keygen never overwrites a key: remove it first)" : "");
        return -1;
    }
    size_t len = strlen(text);
    bool ok = fchmod(fd, mode) == 0 && write(fd, text, len) == (ssize_t)len && fsync(fd) == 0;
    int e = errno;
    if (close(fd) != 0 || !ok) {
        snprintf(err, errlen, "%s: %s", path, strerror(ok ? errno : e));
        unlink(path);
        return -1;
    }
    return 0;
}

int wire_curve_keygen(const char *path, char *err, size_t errlen)
{
    if (!wire_curve_available(err, errlen))
        return -1;
    char pub_path[4096];
    if (snprintf(pub_path, sizeof pub_path, "%s.pub", path) >= (int)sizeof pub_path) {
        snprintf(err, errlen, "%s: path too long", path);
        return -1;
    }
    struct stat st;
    if (lstat(pub_path, &st) == 0) {
        snprintf(err, errlen, "%s: exists (gpuhost keygen never overwrites a key: remove it first)", pub_path);
        return -1;
    }
    wire_curve_keypair kp;
    if (zmq_curve_keypair(kp.public_key, kp.secret_key) != 0) {
        snprintf(err, errlen, "zmq_curve_keypair: %s", zmq_strerror(zmq_errno()));
        return -1;
    }
    char text[512];
    snprintf(text, sizeof text,
             "# gpuhost CURVE keypair (ZeroMQ CURVE, Z85). Secret: keep this file mode 0600.\n"
             "# Give the other side the .pub file beside it, never this one.\n"
             "public-key = %s\nsecret-key = %s\n",
             kp.public_key, kp.secret_key);
    if (write_new(path, 0600, text, err, errlen) != 0)
        return -1;
    snprintf(text, sizeof text,
             "# gpuhost CURVE public key: give it to the other side (a server's\n"
             "# --authorized-keys file lists its clients' public keys, one line each)\n"
             "public-key = %s\n",
             kp.public_key);
    if (write_new(pub_path, 0644, text, err, errlen) != 0) {
        unlink(path);
        return -1;
    }
    return 0;
}

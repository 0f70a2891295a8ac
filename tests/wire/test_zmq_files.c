/* The wire protocol over ZeroMQ: endpoints (what binds where, what is
 * refused and why) and CURVE key files (every malformed line named with its
 * FILE:LINE). */
#define _POSIX_C_SOURCE 200809L
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

#include <cmocka.h>
#include <zmq.h>

#include "wire/zmq_curve.h"
#include "wire/zmq_endpoint.h"

static char err[512];

static wire_zmq_endpoint parsed(const char *text, wire_zmq_role role)
{
    wire_zmq_endpoint ep;
    if (wire_zmq_endpoint_parse(text, role, &ep, err, sizeof err) != 0)
        fail_msg("'%s' refused: %s", text, err);
    return ep;
}

static void refused(const char *text, wire_zmq_role role, const char *why)
{
    wire_zmq_endpoint ep;
    if (wire_zmq_endpoint_parse(text, role, &ep, err, sizeof err) == 0)
        fail_msg("'%s' accepted", text);
    if (!strstr(err, why))
        fail_msg("'%s': the error \"%s\" lacks \"%s\"", text, err, why);
}

static void binds(void **state)
{
    (void)state;
    wire_zmq_endpoint ep = parsed("tcp://:5555", WIRE_ZMQ_BIND);
    assert_string_equal(ep.url, "tcp://127.0.0.1:5555");
    assert_true(ep.loopback && !ep.every_interface && !ep.ipc);
    ep = parsed("tcp://*:*", WIRE_ZMQ_BIND);
    assert_string_equal(ep.url, "tcp://*:*");
    assert_true(ep.every_interface && !ep.loopback);
    assert_true(parsed("tcp://0.0.0.0:1", WIRE_ZMQ_BIND).every_interface);
    assert_true(parsed("tcp://[::]:65535", WIRE_ZMQ_BIND).every_interface);
    assert_true(parsed("tcp://[::1]:80", WIRE_ZMQ_BIND).loopback);
    ep = parsed("tcp://10.1.2.3:80", WIRE_ZMQ_BIND);
    assert_true(!ep.loopback && !ep.every_interface);
    ep = parsed("ipc:///run/user/1/gpuhost-x/s.sock", WIRE_ZMQ_BIND);
    assert_true(ep.ipc);
    assert_string_equal(ep.path, "/run/user/1/gpuhost-x/s.sock");
    refused("tcp://127.0.0.1:0", WIRE_ZMQ_BIND, "port '0': expected 1..65535 or *");
    refused("ipc://*", WIRE_ZMQ_BIND, "name the socket file");
}

static void connects(void **state)
{
    (void)state;
    assert_string_equal(parsed("tcp://simhost:5555", WIRE_ZMQ_CONNECT).url, "tcp://simhost:5555");
    assert_string_equal(parsed("tcp://[fe80::1%eth0]:5555", WIRE_ZMQ_CONNECT).url, "tcp://[fe80::1%eth0]:5555");
    refused("tcp://127.0.0.1:99999", WIRE_ZMQ_CONNECT, "port '99999': expected 1..65535");
    refused("tcp://127.0.0.1:*", WIRE_ZMQ_CONNECT, "port '*'");
    refused("tcp://127.0.0.1:+80", WIRE_ZMQ_CONNECT, "port '+80'");
    refused("tcp://127.0.0.1:", WIRE_ZMQ_CONNECT, "port ''");
    refused("tcp://:5555", WIRE_ZMQ_CONNECT, "a client connects to one host");
    refused("tcp://0.0.0.0:5555", WIRE_ZMQ_CONNECT, "a client connects to one host");
    refused("tcp://a;b:5555", WIRE_ZMQ_CONNECT, "the host is not a name");
    refused("tcp://[::1:5555", WIRE_ZMQ_CONNECT, "tcp:// needs HOST:PORT");
    refused("inproc://x", WIRE_ZMQ_CONNECT, "inproc:// exists only inside one process");
    refused("ws://x:1", WIRE_ZMQ_CONNECT, "only ipc://PATH and tcp://HOST:PORT");
    refused("x", WIRE_ZMQ_CONNECT, "not an endpoint");
    refused("", WIRE_ZMQ_CONNECT, "empty");
    refused("ipc://", WIRE_ZMQ_CONNECT, "needs the socket file's path");
}

static char dir[64];

static const char *file(const char *name, const char *text, mode_t mode)
{
    static char path[128];
    snprintf(path, sizeof path, "%s/%s", dir, name);
    FILE *f = fopen(path, "w");
    assert_non_null(f);
    fputs(text, f);
    fclose(f);
    chmod(path, mode);
    return path;
}

static void keyfile_refused(const char *name, const char *text, mode_t mode, const char *why)
{
    wire_curve_keypair kp;
    const char *path = file(name, text, mode);
    if (wire_curve_read_keypair(path, &kp, err, sizeof err) == 0)
        fail_msg("%s accepted", name);
    if (!strstr(err, why))
        fail_msg("%s: the error \"%s\" lacks \"%s\"", name, err, why);
}

static void key_files(void **state)
{
    (void)state;
    char pub[41], sec[41], other_pub[41], other_sec[41], text[512];
    assert_int_equal(zmq_curve_keypair(pub, sec), 0);
    assert_int_equal(zmq_curve_keypair(other_pub, other_sec), 0);
    snprintf(text, sizeof text, "# a comment\n\npublic-key = %s\nsecret-key = %s\n", pub, sec);
    wire_curve_keypair kp;
    assert_int_equal(wire_curve_read_keypair(file("good", text, 0600), &kp, err, sizeof err), 0);
    assert_string_equal(kp.public_key, pub);
    assert_string_equal(kp.secret_key, sec);

    keyfile_refused("loose", text, 0640, "a secret key that others may read (mode 0640)");
    snprintf(text, sizeof text, "public-key = %s\nsecret-key = %s\n", other_pub, sec);
    keyfile_refused("mismatch", text, 0600, ":1: this public key does not belong to the secret key on line 2");
    snprintf(text, sizeof text, "public-key = %s\n\npublic-key = %s\n", pub, pub);
    keyfile_refused("twice", text, 0600, "twice:3: a second public-key");
    keyfile_refused("short", "public-key = abc\n", 0600, "short:1: not a CURVE key");
    keyfile_refused("unknown", "\nprivate-key = x\n", 0600, "unknown:2: unknown key");
    keyfile_refused("section", "[curve]\npublic-key = x\n", 0600, "section:2: key files have no [sections]");
    keyfile_refused("garbage", "this is not a key\n", 0600, "garbage:1: not a key line");
    snprintf(text, sizeof text, "public-key = %s\n", pub);
    keyfile_refused("pub", text, 0644, "a keypair file needs public-key and secret-key");

    char got[41];
    assert_int_equal(wire_curve_read_public(file("pub", text, 0644), got, err, sizeof err), 0);
    assert_string_equal(got, pub);

    wire_curve_public *keys;
    size_t count;
    snprintf(text, sizeof text, "public-key = %s\n# bob\npublic-key = %s\n", pub, other_pub);
    assert_int_equal(wire_curve_read_authorized(file("auth", text, 0644), &keys, &count, err, sizeof err), 0);
    assert_int_equal(count, 2);
    uint8_t bin[32];
    zmq_z85_decode(bin, other_pub);
    assert_memory_equal(keys[1].key, bin, 32);
    free(keys);
    assert_int_not_equal(wire_curve_read_authorized(file("empty", "# nobody\n", 0644), &keys, &count, err, sizeof err),
                         0);
    assert_non_null(strstr(err, "this server would let nobody in"));
    snprintf(text, sizeof text, "public-key = %s\nsecret-key = %s\n", pub, sec);
    assert_int_not_equal(wire_curve_read_authorized(file("leak", text, 0600), &keys, &count, err, sizeof err), 0);
    assert_non_null(strstr(err, "leak:2: an authorized-keys file holds public keys only"));
}

static void keygen(void **state)
{
    (void)state;
    char path[128], pub[140];
    snprintf(path, sizeof path, "%s/new", dir);
    snprintf(pub, sizeof pub, "%s/new.pub", dir);
    assert_int_equal(wire_curve_keygen(path, err, sizeof err), 0);
    struct stat st;
    assert_int_equal(stat(path, &st), 0);
    assert_int_equal(st.st_mode & 0777, 0600);
    assert_int_equal(stat(pub, &st), 0);
    assert_int_equal(st.st_mode & 0777, 0644);
    wire_curve_keypair kp;
    char public_key[41];
    assert_int_equal(wire_curve_read_keypair(path, &kp, err, sizeof err), 0);
    assert_int_equal(wire_curve_read_public(pub, public_key, err, sizeof err), 0);
    assert_string_equal(kp.public_key, public_key);
    assert_int_not_equal(wire_curve_keygen(path, err, sizeof err), 0);
    assert_non_null(strstr(err, "never overwrites"));
}

int main(void)
{
    if (!zmq_has("curve")) {
        printf("SKIP: this libzmq has no CURVE\n");
        return 77;
    }
    const char *tmp = getenv("TMPDIR");
    snprintf(dir, sizeof dir, "%s/gh-keys-XXXXXX", tmp && *tmp && strlen(tmp) < 40 ? tmp : "/tmp");
    if (!mkdtemp(dir))
        return 1;
    const struct CMUnitTest tests[] = {cmocka_unit_test(binds), cmocka_unit_test(connects),
                                       cmocka_unit_test(key_files), cmocka_unit_test(keygen)};
    int failed = cmocka_run_group_tests(tests, NULL, NULL);
    char cmd[128];
    snprintf(cmd, sizeof cmd, "rm -rf '%s'", dir);
    if (system(cmd) != 0)
        fprintf(stderr, "could not remove %s\n", dir);
    return failed ? 1 : 0;
}

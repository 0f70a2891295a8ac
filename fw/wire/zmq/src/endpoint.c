/* The wire protocol over ZeroMQ: endpoints checked before anything starts,
 * so that a typo fails at once with its reason instead of after a timeout. */
#include <stdio.h>
#include <string.h>

#include "wire/zmq_endpoint.h"

static int refuse(char *err, size_t errlen, const char *text, const char *why)
{
    snprintf(err, errlen, "endpoint '%s': %s", text, why);
    return -1;
}

static bool host_char(char c)
{
    return (c >= 'a' && c <= 'z') || (c >= 'A' && c <= 'Z') || (c >= '0' && c <= '9') || c == '.' ||
           c == '-' || c == '_';
}

/* [v6 address]: hex digits, ':', '.', and a %zone */
static bool v6_char(char c)
{
    return (c >= '0' && c <= '9') || (c >= 'a' && c <= 'f') || (c >= 'A' && c <= 'F') || c == ':' ||
           c == '.' || c == '%' || host_char(c);
}

static bool is_loopback(const char *host)
{
    return strncmp(host, "127.", 4) == 0 || strcmp(host, "localhost") == 0 || strcmp(host, "[::1]") == 0;
}

/* A host of digits and dots is an IPv4 address, and must be one: four
 * numbers 0..255 (tcp://256.1.1.1:5555 would otherwise go to the resolver
 * and time out instead of being refused at once). */
static bool numeric_host(const char *host)
{
    return *host && strspn(host, "0123456789.") == strlen(host);
}

static bool valid_ipv4(const char *host)
{
    int parts = 0;
    for (const char *p = host;; p++) {
        unsigned v = 0, digits = 0;
        for (; *p >= '0' && *p <= '9'; p++)
            if (++digits > 3 || (v = v * 10 + (unsigned)(*p - '0')) > 255)
                return false;
        if (!digits || ++parts > 4)
            return false;
        if (!*p)
            return parts == 4;
    }
}

static int parse_ipc(const char *text, const char *path, wire_zmq_endpoint *ep, char *err, size_t errlen)
{
    if (!*path)
        return refuse(err, errlen, text, "ipc:// needs the socket file's path");
    if (path[0] == '*')
        return refuse(err, errlen, text, "ipc://* (a path ZeroMQ picks) is not supported: name the socket file");
    if (strlen(path) >= sizeof ep->path) {
        char why[96];
        snprintf(why, sizeof why, "the socket path has %zu bytes, at most %zu fit a unix socket", strlen(path),
                 sizeof ep->path - 1);
        return refuse(err, errlen, text, why);
    }
    ep->ipc = true;
    strcpy(ep->path, path);
    snprintf(ep->url, sizeof ep->url, "ipc://%s", path);
    return 0;
}

/* PORT: 1..65535, or * for a bind (any free port). */
static int parse_port(const char *text, const char *port, wire_zmq_role role, char *err, size_t errlen)
{
    if (strcmp(port, "*") == 0 && role == WIRE_ZMQ_BIND)
        return 0;
    unsigned long v = 0;
    size_t n = 0;
    for (; port[n] >= '0' && port[n] <= '9' && n < 6; n++)
        v = v * 10 + (unsigned long)(port[n] - '0');
    if (!n || port[n] || v == 0 || v > 65535) {
        char why[96];
        snprintf(why, sizeof why, "port '%s': expected 1..65535%s", port, role == WIRE_ZMQ_BIND ? " or *" : "");
        return refuse(err, errlen, text, why);
    }
    return 0;
}

static int parse_tcp(const char *text, const char *rest, wire_zmq_role role, wire_zmq_endpoint *ep, char *err,
                     size_t errlen)
{
    const char *colon = strrchr(rest, ':');
    if (rest[0] == '[') {
        const char *close = strchr(rest, ']');
        colon = close && close[1] == ':' ? close + 1 : NULL;
    }
    if (!colon)
        return refuse(err, errlen, text, "tcp:// needs HOST:PORT");
    char host[128];
    size_t hlen = (size_t)(colon - rest);
    if (hlen >= sizeof host)
        return refuse(err, errlen, text, "the host name is too long");
    memcpy(host, rest, hlen);
    host[hlen] = '\0';
    if (parse_port(text, colon + 1, role, err, errlen) != 0)
        return -1;
    bool every = strcmp(host, "*") == 0 || strcmp(host, "0.0.0.0") == 0 || strcmp(host, "[::]") == 0;
    if (role == WIRE_ZMQ_CONNECT && (!*host || every))
        return refuse(err, errlen, text, "a client connects to one host: name it (tcp://HOST:PORT)");
    bool valid = true;
    if (host[0] == '[')
        for (size_t i = 1; i + 1 < hlen && valid; i++)
            valid = v6_char(host[i]);
    else if (strcmp(host, "*") != 0)
        for (size_t i = 0; i < hlen && valid; i++)
            valid = host_char(host[i]);
    if (!valid || (host[0] == '[' && (hlen < 3 || host[hlen - 1] != ']')))
        return refuse(err, errlen, text, "the host is not a name, an IPv4 address or a [IPv6] address");
    if (numeric_host(host) && !valid_ipv4(host))
        return refuse(err, errlen, text, "the host is not an IPv4 address (four numbers 0..255, dot-separated)");
    if (!*host)
        strcpy(host, "127.0.0.1"); /* tcp://:PORT: loopback unless an address is given */
    ep->every_interface = every;
    ep->loopback = is_loopback(host);
    snprintf(ep->url, sizeof ep->url, "tcp://%s:%s", host, colon + 1);
    return 0;
}

int wire_zmq_endpoint_parse(const char *text, wire_zmq_role role, wire_zmq_endpoint *out, char *err,
                            size_t errlen)
{
    wire_zmq_endpoint ep;
    memset(&ep, 0, sizeof ep);
    if (!text || !*text)
        return refuse(err, errlen, "", "empty: expected ipc://PATH or tcp://HOST:PORT");
    if (strlen(text) >= sizeof ep.url)
        return refuse(err, errlen, "...", "longer than 255 characters");
    const char *sep = strstr(text, "://");
    int rc;
    if (!sep)
        rc = refuse(err, errlen, text, "not an endpoint: expected ipc://PATH or tcp://HOST:PORT");
    else if (strncmp(text, "ipc://", 6) == 0)
        rc = parse_ipc(text, text + 6, &ep, err, errlen);
    else if (strncmp(text, "tcp://", 6) == 0)
        rc = parse_tcp(text, text + 6, role, &ep, err, errlen);
    else if (strncmp(text, "inproc://", 9) == 0)
        rc = refuse(err, errlen, text,
                    "inproc:// exists only inside one process, and a server is another process: use ipc://PATH "
                    "or tcp://HOST:PORT");
    else
        rc = refuse(err, errlen, text, "only ipc://PATH and tcp://HOST:PORT reach a server");
    if (rc == 0)
        *out = ep;
    return rc;
}

/* gpu-usbemu: the reference board's USB descriptors and EP0 control requests. */
#define _GNU_SOURCE
#include <string.h>

#include "usbemu_board.h"

/* ---------------------------------------------------------------- descriptors */

const uint8_t usbemu_config_descriptor[] = {
    9, 2, 32, 0, 1, 1, 0, 0x80, 50,                     /* configuration 1, one interface, 100 mA */
    9, 4, USBEMU_INTERFACE, 0, 2, 0xff, 0, 0, 0,        /* interface 0: vendor class, two endpoints */
    7, 5, USBEMU_EP_OUT, 2, USBEMU_MAX_PACKET & 0xff, USBEMU_MAX_PACKET >> 8, 0, /* bulk OUT */
    7, 5, USBEMU_EP_IN, 2, USBEMU_MAX_PACKET & 0xff, USBEMU_MAX_PACKET >> 8, 0,  /* bulk IN */
};

const uint8_t usbemu_device_descriptor[] = {
    18, 1, 0x00, 0x02, 0, 0, 0, 64, USBEMU_VID & 0xff, USBEMU_VID >> 8, USBEMU_PID & 0xff,
    USBEMU_PID >> 8, 0x00, 0x01, 1, 2, 3, 1,
};

static const char *const strings[] = {NULL, "gpuhost", "gpuhost reference board (usbemu)"};

/* A string descriptor (index 0: the language list) into out; its length. */
static size_t string_descriptor(const board *b, unsigned index, uint8_t *out, size_t cap)
{
    uint8_t d[128];
    size_t n = 2;
    if (index == 0) {
        d[2] = 0x09, d[3] = 0x04; /* en-US */
        n = 4;
    } else {
        const char *s = index == 3 ? b->serial : index < 3 ? strings[index] : NULL;
        if (!s)
            return 0;
        for (; *s && n + 2 <= sizeof d; s++) {
            d[n++] = (uint8_t)*s;
            d[n++] = 0;
        }
    }
    d[0] = (uint8_t)n, d[1] = 3;
    if (n > cap)
        n = cap;
    memcpy(out, d, n);
    return n;
}

/* Answers a control request; returns bytes of data, or -1 to stall. */
int usbemu_control(const board *b, const uint8_t setup[8], uint8_t *data, size_t cap)
{
    uint8_t type = setup[0], req = setup[1];
    uint16_t value = (uint16_t)(setup[2] | setup[3] << 8), length = (uint16_t)(setup[6] | setup[7] << 8);
    if (length < cap)
        cap = length;
    if ((type & 0x60) != 0) /* class or vendor requests: the board has none */
        return -1;
    switch (req) {
    case 6: /* GET_DESCRIPTOR */
        switch (value >> 8) {
        case 1: {
            size_t n = sizeof usbemu_device_descriptor < cap ? sizeof usbemu_device_descriptor : cap;
            memcpy(data, usbemu_device_descriptor, n);
            return (int)n;
        }
        case 2: {
            size_t n = sizeof usbemu_config_descriptor < cap ? sizeof usbemu_config_descriptor : cap;
            memcpy(data, usbemu_config_descriptor, n);
            return (int)n;
        }
        case 3: {
            size_t n = string_descriptor(b, value & 0xff, data, cap);
            return n ? (int)n : -1;
        }
        }
        return -1;
    case 0: /* GET_STATUS */
        if (cap >= 2)
            data[0] = data[1] = 0;
        return cap >= 2 ? 2 : 0;
    case 8: /* GET_CONFIGURATION */
        if (cap >= 1)
            data[0] = 1;
        return cap >= 1 ? 1 : 0;
    case 1: case 3: case 9: case 11: /* CLEAR/SET_FEATURE, SET_CONFIGURATION, SET_INTERFACE */
        return 0;
    }
    return -1;
}

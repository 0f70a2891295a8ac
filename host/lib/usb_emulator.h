/* libgpuhost private: a usb board's emulator started for its target
 * (usb_emulator.c). */
#ifndef GH_USB_EMULATOR_H
#define GH_USB_EMULATOR_H

#include <stdbool.h>
#include <stddef.h>

#include "gpuhost/board.h"
#include "gpuhost/target.h"

/* Before anything starts: the emulator is gpu-usbemu, umockdev's preload is
 * loaded in this process, no other emulated target is open. 0, or
 * GH_ERR_USAGE with err naming what to do. */
int gh__emulator_check(const gh_board *b, char *err, size_t errlen);
/* Starts t's emulator in serve mode and points UMOCKDEV_DIR at its testbed.
 * 0, or -1 with t->error (*refused: it refused its options, exit 2). */
int gh__emulator_start(gh_target *t, const gh_target_opts *o, bool *refused);
/* Stops it (its stdin closed, waited for, then SIGKILL) and restores
 * UMOCKDEV_DIR; nothing when none was started. */
void gh__emulator_stop(gh_target *t);

#endif

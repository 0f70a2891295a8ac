/* Frames from the heap, not a fresh mapping each: ZeroMQ allocates every
 * message it sends or receives, and glibc maps an allocation of a batch's
 * size (200 KiB and more) afresh and unmaps it when freed. Each batch then
 * cost page faults on the thread that filled it and a TLB shootdown on the
 * one that freed it (modelsim lockstep, 5M instructions at batch 1024:
 * 72k minor faults, 1.9k with this). A process that owns its allocator (the
 * gpuhost CLI, a server) calls this once, before its first ZeroMQ socket;
 * libgpuhost does not, as its caller's process is not its own. */
#ifndef WIRE_ZMQ_HEAP_H
#define WIRE_ZMQ_HEAP_H

/* Every frame (at most 1 MiB and a header) below the mapping threshold, and
 * a freed batch kept for the next rather than returned at once. A no-op
 * outside glibc. */
void wire_zmq_frames_from_heap(void);

#endif

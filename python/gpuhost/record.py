"""A commit record as a Python object: what one warp-instruction changed. The
fields are the C record's (commit_record.h) and the trace's JSON names
(docs/json-outputs.md): a `gpuhost run --trace` line reads back whole."""
import json
from dataclasses import dataclass, field

LANES = 32


@dataclass
class Record:
    seq: int = 0
    warp: int = 0
    pc: int = 0
    insn: int = 0  # the 128-bit word
    active: int = 0
    exec: int = 0
    exited: int = 0
    flags: int = 0
    branch_mask: int = 0
    branch_target: int = 0
    gpr: list = field(default_factory=list)   # (reg, lane mask, [32 values])
    pred: list = field(default_factory=list)  # (pred, lane mask, value bits)
    ur: list = field(default_factory=list)    # (reg, value)
    upred_mask: int = 0
    upred_values: int = 0
    store_mask: int = 0
    store_bytes: int = 0
    stores: list = field(default_factory=list)  # (lane, addr, [words])
    trap: int = 0
    trap_lane: int = 0

    @classmethod
    def from_c(cls, c):
        r = cls(seq=c.seq, warp=c.warp, pc=c.pc, insn=c.insn_hi << 64 | c.insn_lo, active=c.active_mask,
                exec=c.exec_mask, exited=c.exit_mask, flags=c.flags, branch_mask=c.branch_mask,
                branch_target=c.branch_target, upred_mask=c.upred_mask, upred_values=c.upred_value,
                trap=c.trap_code, trap_lane=c.trap_lane)
        r.gpr = [(g.reg, g.lane_mask, list(g.value)) for g in c.gpr[0:c.gpr_count]]
        r.pred = [(p.pred, p.lane_mask, p.value) for p in c.pred[0:c.pred_count]]
        r.ur = [(u.reg, u.value) for u in c.ur[0:c.ur_count]]
        if c.mem_count:
            r.store_mask, r.store_bytes = c.mem.lane_mask, c.mem.bytes
            r.stores = [(lane, c.mem.addr[lane], list(c.mem.data[lane][0:c.mem.bytes // 4]))
                        for lane in range(LANES) if c.mem.lane_mask >> lane & 1]
        return r

    def to_c(self, ffi):
        c = ffi.new("gh_record *")
        c.seq, c.warp, c.pc, c.flags = self.seq, self.warp, self.pc, self.flags
        c.insn_lo, c.insn_hi = self.insn & (1 << 64) - 1, self.insn >> 64
        c.active_mask, c.exec_mask, c.exit_mask = self.active, self.exec, self.exited
        c.branch_mask, c.branch_target = self.branch_mask, self.branch_target
        c.trap_code, c.trap_lane = self.trap, self.trap_lane
        c.gpr_count, c.pred_count, c.ur_count = len(self.gpr), len(self.pred), len(self.ur)
        for i, (reg, mask, values) in enumerate(self.gpr):
            c.gpr[i].reg, c.gpr[i].lane_mask = reg, mask
            c.gpr[i].value = list(values)
        for i, (pred, mask, value) in enumerate(self.pred):
            c.pred[i].pred, c.pred[i].lane_mask, c.pred[i].value = pred, mask, value
        for i, (reg, value) in enumerate(self.ur):
            c.ur[i].reg, c.ur[i].value = reg, value
        c.upred_mask, c.upred_value = self.upred_mask, self.upred_values
        if self.store_mask:
            c.mem_count, c.mem.lane_mask, c.mem.bytes = 1, self.store_mask, self.store_bytes
            for lane, addr, words in self.stores:
                c.mem.addr[lane] = addr
                for k, w in enumerate(words):
                    c.mem.data[lane][k] = w
        return c

    @classmethod
    def from_json(cls, line):
        """A `gpuhost run --trace` line (its "source" ignored)."""
        d = json.loads(line) if isinstance(line, str) else line
        r = cls(seq=d["seq"], warp=d["warp"], pc=d["pc"], insn=int(d["insn"], 16), active=d["active"],
                exec=d["exec"], exited=d["exited"], flags=d["flags"], trap=d.get("trap", 0),
                trap_lane=d.get("trap_lane", 0))
        if "branch" in d:
            r.branch_mask, r.branch_target = d["branch"]["mask"], d["branch"]["target"]
        r.gpr = [(g["reg"], g["mask"], g["values"]) for g in d["gpr"]]
        r.pred = [(p["pred"], p["mask"], p["values"]) for p in d["pred"]]
        r.ur = [(u["reg"], u["value"]) for u in d["ur"]]
        r.upred_mask, r.upred_values = d["upred"]["mask"], d["upred"]["values"]
        if "mem" in d:
            r.store_mask, r.store_bytes = d["mem"]["mask"], d["mem"]["bytes"]
            r.stores = [(s["lane"], s["addr"], s["data"]) for s in d["mem"]["stores"]]
        return r

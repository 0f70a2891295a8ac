// unit_of(op): the execution unit (U_*, gpu_core_defs.vh) an optype goes to;
// core_implements(op): whether this build of the core implements it, the
// generated ISA_IMPLEMENTED (hdl_stubs/implemented.txt) less the optypes of
// the units it leaves out (FP_UNITS 0: the FP16 and FP32 slots; MUFU_LANES 0:
// MUFU). Decode and the capability words both ask core_implements, so they
// cannot disagree.
// Include inside a module that has the parameters FP_UNITS and MUFU_LANES and includes
// gpu_isa.vh and gpu_core_defs.vh.
function automatic [2:0] unit_of(input [7:0] op);
    case (op)
    OP_POPC, OP_FLO, OP_BREV, OP_BMSK, OP_SGXT,
    OP_IADD, OP_IMAD, OP_IMAD_WIDE, OP_IDP2A, OP_IDP4A, OP_IMUL, OP_LEA, OP_IABS, OP_IMNMX,
    OP_P2R, OP_R2P, OP_ISETP, OP_ISET, OP_SEL, OP_LOP3, OP_PLOP3, OP_SHF, OP_MOV, OP_PRMT,
    OP_I2I, OP_I2IP:                                                      unit_of = U_INT;
    OP_SHFL, OP_MOVM, OP_VOTE, OP_VOTEU, OP_REDUX, OP_REDUXU, OP_MATCH, OP_ELECTU, OP_ELECT,
    OP_S2R, OP_S2UR, OP_R2UR, OP_SETGPR, OP_GETGPR:                      unit_of = U_WARP;
    OP_LDG, OP_STG, OP_LDC:                                               unit_of = U_MEM;
    OP_HADD2, OP_HMUL2, OP_HFMA2, OP_HMNMX2, OP_HSETP2, OP_HSET2:        unit_of = U_FP16;
    OP_FADD, OP_FMUL, OP_FFMA, OP_FMNMX, OP_FSETP, OP_LRP:               unit_of = U_FP32;
    OP_MUFU:                                                              unit_of = U_MUFU;
    default:                                                              unit_of = U_NONE;
    endcase
endfunction

function automatic core_implements(input [7:0] op);
    core_implements = ISA_IMPLEMENTED[op] && (FP_UNITS != 0 || (unit_of(op) != U_FP16 && unit_of(op) != U_FP32)) &&
                      (MUFU_LANES != 0 || unit_of(op) != U_MUFU);
endfunction

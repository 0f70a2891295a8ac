// The Verilated DPI testbench's main (dpi_tb.sv): Verilator 5.006 runs a
// timed SystemVerilog testbench from a C++ loop. $fatal ends the run with
// exit 1 (not an abort); $finish with 0.
#include <memory>

#include "Vdpi_tb.h"
#include "verilated.h"

int main(int argc, char **argv)
{
    const std::unique_ptr<VerilatedContext> context{new VerilatedContext};
    context->commandArgs(argc, argv);
    context->fatalOnError(false);
    const std::unique_ptr<Vdpi_tb> top{new Vdpi_tb{context.get(), "dpi_tb"}};
    while (!context->gotFinish()) {
        top->eval();
        if (!top->eventsPending())
            break;
        context->time(top->nextTimeSlot());
    }
    top->final();
    return context->gotError() || !context->gotFinish() ? 1 : 0;
}

// A TCG plugin for qemu-user that counts the guest instructions a program executes, all threads
// together, and prints the total at exit: "insn-count: N instructions". The same count as
// qemu's own contrib libinsn, which Debian does not ship; it counts instructions, not time, so
// it does not depend on how fast the emulator or this machine is (scripts/arm64/count-frame.sh).
//
//   qemu-aarch64 -plugin ./insn-count.so ./program ...
//
// The plugin API's declarations: qemu-plugin-abi.h.
#include <stdio.h>
#include "qemu-plugin-abi.h"

static uint64_t executed;

// Per executed block, its instruction count: an atomic add, since the compositor's band workers
// run on several guest threads at once (an inline add would race and lose counts).
static void block_executed(unsigned int vcpu, void *data) {
    (void)vcpu;
    __atomic_fetch_add(&executed, (uint64_t)(uintptr_t)data, __ATOMIC_RELAXED);
}

static void block_translated(qemu_plugin_id_t id, struct qemu_plugin_tb *tb) {
    (void)id;
    uintptr_t count = qemu_plugin_tb_n_insns(tb);
    qemu_plugin_register_vcpu_tb_exec_cb(tb, block_executed, QEMU_PLUGIN_CB_NO_REGS, (void *)count);
}

static void program_exited(qemu_plugin_id_t id, void *data) {
    (void)id;
    (void)data;
    char line[64];
    snprintf(line, sizeof line, "insn-count: %llu instructions\n",
        (unsigned long long)__atomic_load_n(&executed, __ATOMIC_RELAXED));
    qemu_plugin_outs(line);
}

__attribute__((visibility("default"))) int qemu_plugin_install(
    qemu_plugin_id_t id, const qemu_info_t *info, int argc, char **argv) {
    (void)info;
    (void)argc;
    (void)argv;
    qemu_plugin_register_vcpu_tb_trans_cb(id, block_translated);
    qemu_plugin_register_atexit_cb(id, program_exited, NULL);
    return 0;
}

/**
 * Namespaces and privileges of every bubblewrap sandbox: the terminal's shell and workspace runs
 * (run-confined adds --new-session, having no pty). Not `--new-session` here: node-pty already makes
 * the shell's process a session leader whose controlling terminal is its pty; bwrap's setsid would
 * detach the shell from that terminal, and C-c, job control and the foreground-group kill would stop
 * working. (The TIOCSTI attack that --new-session guards against needs CAP_SYS_ADMIN on kernels
 * >= 6.2, and --cap-drop ALL removes it.)
 */
export const SANDBOX_ISOLATION_ARGUMENTS = [
  '--unshare-net',
  '--unshare-pid',
  '--unshare-ipc',
  '--unshare-uts',
  '--unshare-cgroup-try',
  // The PID namespace's init is bwrap's child: when it dies every process of the sandbox dies.
  '--die-with-parent',
  '--cap-drop',
  'ALL',
] as const;

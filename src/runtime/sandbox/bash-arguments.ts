/** How every backend starts the agent's bash: no rc files, no line editing (the tool sends keys itself). */
export const BASH_ARGUMENTS = ['--norc', '--noprofile', '--noediting', '-i'];
/** A person types at this shell: readline stays on. */
export const PERSON_BASH_ARGUMENTS = ['--norc', '--noprofile', '-i'];

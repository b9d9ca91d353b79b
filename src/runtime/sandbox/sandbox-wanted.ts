/** Sandboxing is on unless the toolset says false or AGENT_WORKBENCH_SANDBOX=0. */
export function sandboxWanted(option: boolean | undefined, env: NodeJS.ProcessEnv): boolean {
  return option !== false && env.AGENT_WORKBENCH_SANDBOX !== '0';
}

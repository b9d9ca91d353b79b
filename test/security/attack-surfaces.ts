/**
 * The security audit's map: every surface a hostile agent, workspace, page or caller can touch, and the
 * attack tests that hold it. attack-surfaces.test.ts checks that each named test still exists, and that
 * every route the runtime and the automation service serve belongs to a surface here, so a new route
 * (a new surface) cannot land without someone naming the attack test that covers it. The table comes
 * in four parts by kind of surface, one file each.
 */
import type { AttackSurface } from './attack-surface';
import { AUTOMATION_SURFACES } from './automation-surfaces';
import { CONVERSATION_SURFACES } from './conversation-surfaces';
import { SETTINGS_SURFACES } from './settings-surfaces';
import { TOOL_AND_PROCESS_SURFACES } from './tool-and-process-surfaces';

export type { AttackSurface, AttackTest } from './attack-surface';

export const ATTACK_SURFACES: readonly AttackSurface[] = [
  ...CONVERSATION_SURFACES,
  ...SETTINGS_SURFACES,
  ...TOOL_AND_PROCESS_SURFACES,
  ...AUTOMATION_SURFACES,
];

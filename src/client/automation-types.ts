import type { components } from './automation-schema';

/**
 * Short names for the automation service's generated wire types (the one source: its zod schemas via
 * openapi.automation.json).
 */
type Schemas = components['schemas'];

export type Automation = Schemas['Automation'];
export type AutomationRun = Schemas['AutomationRun'];
export type AutomationError = Schemas['AutomationError'];
/** What a create sends; fields with a default may be left out. */
export type AutomationInput = Schemas['AutomationInput'];
/** What an update sends: only the fields that change. */
export type AutomationPatch = Schemas['AutomationPatch'];
export type ScheduleInput = Schemas['ScheduleInput'];
export type SchedulePreview = Schemas['SchedulePreview'];

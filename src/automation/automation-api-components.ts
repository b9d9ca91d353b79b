import { z } from 'zod';
import type { DocumentComponents } from '../openapi/zod-to-openapi';
import { ConfirmationPolicySchema } from '../runtime/events/conversation-state';
import {
  CreateAutomationSchema,
  LLMChoiceSchema,
  ScheduleInputSchema,
  UpdateAutomationSchema,
} from './automation-schemas';
import {
  AutomationErrorSchema,
  AutomationRunSchema,
  AutomationSchema,
  SchedulePreviewSchema,
} from './automation-wire';

/**
 * The named models of the automation service's OpenAPI document, so the generated client types have
 * short names (`components['schemas']['Automation']`). Answers are published in their output shape;
 * what a client sends in its input shape (fields with a default are optional).
 */
export const automationComponents: DocumentComponents = {
  request: z.registry<{ id: string }>(),
  response: z.registry<{ id: string }>(),
  clientOnly: z.registry<{ id: string }>(),
};

const answers: Record<string, z.ZodType> = {
  Automation: AutomationSchema,
  AutomationRun: AutomationRunSchema,
  SchedulePreview: SchedulePreviewSchema,
  AutomationError: AutomationErrorSchema,
};
const requests: Record<string, z.ZodType> = {
  AutomationInput: CreateAutomationSchema,
  AutomationPatch: UpdateAutomationSchema,
  ScheduleInput: ScheduleInputSchema,
  LLMChoice: LLMChoiceSchema,
  ConfirmationPolicyInput: ConfirmationPolicySchema,
};
for (const [id, schema] of Object.entries(answers)) automationComponents.response.add(schema, { id });
for (const [id, schema] of Object.entries(requests)) {
  automationComponents.request.add(schema, { id });
  automationComponents.clientOnly.add(schema, { id });
}

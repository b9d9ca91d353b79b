import { describe, expect, it } from 'vitest';
import type { Automation } from '../../client/automation-types';
import { draftFromAutomation, emptyDraft, fieldErrors, inputFromDraft } from './automation-draft';

const saved: Automation = {
  id: 'a1',
  name: 'Deps',
  workspace: '/work/app',
  message: 'update the dependencies',
  llm: null,
  confirmation_policy: { kind: 'ConfirmRisky', threshold: 'MEDIUM', confirm_unknown: false },
  network_access: true,
  budget: 2.5,
  schedule: { cron: '0 9 * * 1-5', timezone: 'Europe/Berlin' },
  webhook: true,
  run_missed: true,
  enabled: true,
  created_at: '2026-12-01T00:00:00Z',
  updated_at: '2026-12-01T00:00:00Z',
  next_run_at: null,
  schedule_description: 'every weekday at 09:00, Europe/Berlin',
  webhook_url: '/api/automation/hooks/a1?token=t',
  last_run: null,
};

describe('automation drafts', () => {
  it('round-trips a saved automation, keeping what the form does not show', () => {
    const input = inputFromDraft(draftFromAutomation(saved, 'UTC'), saved);
    expect(input).toEqual({
      name: 'Deps',
      workspace: '/work/app',
      message: 'update the dependencies',
      llm: null,
      confirmation_policy: saved.confirmation_policy,
      network_access: true,
      budget: 2.5,
      schedule: saved.schedule,
      run_missed: true,
      webhook: true,
      enabled: true,
    });
  });

  it('a new draft is scheduled on weekdays in the given zone; unscheduled sends no schedule', () => {
    const draft = emptyDraft('/work', 'America/New_York');
    expect(draft).toMatchObject({ cron: '0 9 * * 1-5', timezone: 'America/New_York', scheduled: true });
    expect(inputFromDraft({ ...draft, name: ' x ', scheduled: false })).toMatchObject({
      name: 'x',
      schedule: null,
      confirmation_policy: null,
      network_access: false,
    });
    expect(inputFromDraft({ ...draft, networkAccess: true }).network_access).toBe(true);
  });

  it("shows the saved model, keeps it as saved, and sends a newly picked one as the settings' provider's", () => {
    const ownModel: Automation = { ...saved, llm: { provider: 'anthropic', model: 'claude-x' } };
    const draft = draftFromAutomation(ownModel, 'UTC');
    expect(draft.model).toBe('claude-x');
    expect(inputFromDraft(draft, ownModel, 'openai-compatible').llm).toEqual({
      provider: 'anthropic',
      model: 'claude-x',
    });
    expect(inputFromDraft({ ...draft, model: ' qwen-large ' }, ownModel, 'openai-compatible').llm).toEqual({
      provider: 'openai-compatible',
      model: 'qwen-large',
    });
    // Emptied: the settings' model at run time.
    expect(inputFromDraft({ ...draft, model: '' }, ownModel, 'openai-compatible').llm).toBeNull();
    const fresh = emptyDraft('/work', 'UTC');
    expect(fresh.model).toBe('');
    expect(inputFromDraft(fresh, undefined, 'anthropic').llm).toBeNull();
    expect(inputFromDraft({ ...fresh, model: 'claude-y' }, undefined, 'anthropic').llm).toEqual({
      provider: 'anthropic',
      model: 'claude-y',
    });
    expect(draftFromAutomation(saved, 'UTC').model).toBe('');
  });

  it("sends an empty budget as the settings' default and a refused one so that the service refuses it", () => {
    const draft = draftFromAutomation(saved, 'UTC');
    expect(draft.budget).toBe('2.5');
    expect(inputFromDraft({ ...draft, budget: '' }).budget).toBeNull();
    expect(inputFromDraft({ ...draft, budget: '$3' }).budget).toBe(3);
    expect(inputFromDraft({ ...draft, budget: '0' }).budget).toBe(-1);
    expect(inputFromDraft({ ...draft, budget: 'abc' }).budget).toBe(-1);
    expect(
      fieldErrors({ detail: [{ loc: ['body', 'budget'], msg: 'A budget is…', type: 'custom' }] }),
    ).toEqual({
      budget: 'A budget is…',
    });
  });

  it('maps the service refusals onto the form fields', () => {
    expect(fieldErrors({ detail: 'Invalid cron', code: 'invalid_schedule', field: 'schedule.cron' })).toEqual(
      {
        cron: 'Invalid cron',
      },
    );
    expect(fieldErrors({ detail: 'No folder', field: 'workspace' })).toEqual({ workspace: 'No folder' });
    expect(fieldErrors({ detail: 'Disabled' })).toEqual({ form: 'Disabled' });
    expect(
      fieldErrors({
        detail: [{ loc: ['body', 'name'], msg: 'Give the automation a name', type: 'too_small' }],
      }),
    ).toEqual({ name: 'Give the automation a name' });
    expect(
      fieldErrors({
        detail: [
          { loc: ['body', 'llm', 'model'], msg: 'A model name is at most 200 characters', type: 'too_big' },
        ],
      }),
    ).toEqual({ model: 'A model name is at most 200 characters' });
    expect(fieldErrors(undefined)).toEqual({});
  });
});

import { AUDIT, type AttackSurface } from './attack-surface';

/** The automation service's own routes and its openhands-automation v1 face. */
export const AUTOMATION_SURFACES: readonly AttackSurface[] = [
  {
    name: 'the automation service: automations, runs and webhooks',
    routes: [
      /^(GET|POST|PATCH|DELETE) \/api\/automation\/(automations|automations\/.*|schedule-preview|hooks\/:id)$/,
      /^GET \/health$/,
    ],
    attacks: [
      {
        file: AUDIT,
        title:
          '1b: a command cannot reach the automation service, so it cannot make an automation that asks nothing',
      },
      {
        file: 'src/automation/build-automation-server.test.ts',
        title: 'needs the session key (header or cookie) everywhere but /health and the webhooks',
      },
      {
        file: 'src/automation/build-automation-server.test.ts',
        title:
          'refuses a webhook without its token or with a wrong one (401), and a body over the limit (413)',
      },
      {
        file: 'test/security/audit-automation.integration.test.ts',
        title: 'a flood of webhook calls is answered 429 with Retry-After and leaves a bounded run history',
      },
    ],
  },
  {
    name: 'the automation service`s openhands-automation v1 face (the Agent Canvas): the same automations and runs',
    routes: [
      /^GET \/api\/automation\/(health|sdk-version)$/,
      /^(GET|POST) \/api\/automation\/v1$/,
      /^(GET|POST|PUT) \/api\/automation\/v1\/(capabilities|validate|telemetry\/consent|preset\/prompt|preset\/plugin|uploads|git-sync\/(status|config|check|sync))$/,
      /^(GET|PATCH|DELETE) \/api\/automation\/v1\/:id$/,
      /^(GET|POST) \/api\/automation\/v1\/:id\/(dispatch|runs|tarball)$/,
      /^POST \/api\/automation\/v1\/runs\/:id\/cancel$/,
    ],
    attacks: [
      {
        file: 'src/automation/register-v1-routes.test.ts',
        title: 'guards every v1 route like the others: the session key, the Host and the Origin',
      },
      {
        file: 'src/automation/register-v1-routes.test.ts',
        title:
          'a v1 create cannot choose its folder, repositories or plugins: the workbench folder, or a refusal',
      },
      {
        file: 'src/automation/register-v1-routes.test.ts',
        title:
          'refuses what our own routes refuse: a bad schedule, a model name with control characters, an empty prompt',
      },
      {
        file: 'src/automation/register-v1-routes.test.ts',
        title: 'answers unknown and malformed ids with 404 and the catalogue`s code',
      },
    ],
  },
];

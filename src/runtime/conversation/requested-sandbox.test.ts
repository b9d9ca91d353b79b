import { describe, expect, it } from 'vitest';
import { CreateConversationSchema } from './requests';
import { requestedSandbox } from './requested-sandbox';

const bubblewrapRuntime = { kind: 'bubblewrap' as const, image: 'agent-workbench-sandbox:1' };
const dockerRuntime = { kind: 'docker' as const, image: 'agent-workbench-sandbox:1' };
const request = (body: object) => CreateConversationSchema.parse(body);

describe('requestedSandbox', () => {
  it("follows the runtime's default when the request names none", () => {
    expect(requestedSandbox(request({}), bubblewrapRuntime)).toEqual({ kind: 'bubblewrap' });
    expect(requestedSandbox(request({}), dockerRuntime)).toEqual(dockerRuntime);
    // Turned off on purpose is the runtime's state, never stored with a conversation.
    expect(requestedSandbox(request({}), { kind: 'none', image: 'x' })).toEqual({ kind: 'bubblewrap' });
  });

  it("puts upstream's DockerWorkspace in a container on a bubblewrap runtime", () => {
    const body = request({ workspace: { kind: 'DockerWorkspace', working_dir: '/tmp/w' } });
    expect(requestedSandbox(body, bubblewrapRuntime)).toEqual(dockerRuntime);
  });

  it('takes our sandbox field over the default, with its own image', () => {
    expect(requestedSandbox(request({ sandbox: { kind: 'bubblewrap' } }), dockerRuntime)).toEqual({
      kind: 'bubblewrap',
    });
    expect(
      requestedSandbox(request({ sandbox: { kind: 'docker', image: 'debian:bookworm' } }), bubblewrapRuntime),
    ).toEqual({ kind: 'docker', image: 'debian:bookworm' });
  });

  it('refuses an image for bubblewrap, an image name with options in it, and a DockerWorkspace asked into bubblewrap', () => {
    const refused = (body: object) => CreateConversationSchema.safeParse(body).success;
    expect(refused({ sandbox: { kind: 'bubblewrap', image: 'debian' } })).toBe(false);
    expect(refused({ sandbox: { kind: 'docker', image: '--privileged' } })).toBe(false);
    expect(refused({ sandbox: { kind: 'docker', image: 'a b' } })).toBe(false);
    expect(
      refused({
        sandbox: { kind: 'bubblewrap' },
        workspace: { kind: 'DockerWorkspace', working_dir: '/tmp/w' },
      }),
    ).toBe(false);
  });
});

import type Docker from 'dockerode';
import { messageOf, noShellRefusal } from './docker-readiness';
import { removeQuietly } from './conversation-container';

/**
 * Hands a workspace the runtime made (and wrote in as root) to the commands' user: `chown -R -h` run
 * in a container of its own that has only the workspace bound, no network, and of root's powers only
 * CAP_CHOWN and the right to look into folders. A link the agent plants or swaps in while it runs
 * leads only into that container's own read-only files, never to the host's: a walk on the host
 * (as root) could be sent to /etc by a folder swapped for a link between two steps. Throws with the
 * daemon's reason when it cannot run.
 */
export async function adoptWorkspace(
  docker: Docker,
  image: string,
  workspaceDir: string,
  user: { uid: number; gid: number },
): Promise<void> {
  const container = await docker.createContainer({
    Image: image,
    Entrypoint: [],
    Cmd: ['chown', '-R', '-h', '-P', `${user.uid}:${user.gid}`, workspaceDir],
    User: '0:0',
    HostConfig: {
      NetworkMode: 'none',
      CapDrop: ['ALL'],
      CapAdd: ['CHOWN', 'DAC_READ_SEARCH'],
      SecurityOpt: ['no-new-privileges'],
      ReadonlyRootfs: true,
      Mounts: [{ Type: 'bind', Source: workspaceDir, Target: workspaceDir, ReadOnly: false }],
    },
  });
  try {
    await container.start();
    const ended = (await container.wait()) as { StatusCode?: number };
    // chown reports files that vanished while it ran (the agent works there too): not a failure of ours.
    if (ended.StatusCode !== 0 && ended.StatusCode !== 1)
      throw new Error(`handing the workspace to uid ${user.uid} failed (exit ${ended.StatusCode})`);
  } catch (error) {
    const text = messageOf(error);
    // An image without the usual tools (chown, a shell) is the image's fault: said as such, at start.
    if (/executable file not found/i.test(text)) throw new Error(noShellRefusal(image, text));
    throw new Error(`the workspace could not be handed to the container's user: ${text}`);
  } finally {
    await removeQuietly(container);
  }
}

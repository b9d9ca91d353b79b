import type Docker from 'dockerode';

/** Which engine answers on the Engine API socket: Docker's, or Podman's compatible service. */
export type DaemonEngine = 'docker' | 'podman';

const known = new WeakMap<Docker, Promise<DaemonEngine>>();

/**
 * The engine behind `docker`, asked once per client (its version names a "Podman Engine" component).
 * Where they differ (a tmpfs's owner options), the container's spec follows it. A daemon that does not
 * answer is taken for Docker and asked again next time.
 */
export function daemonEngine(docker: Docker): Promise<DaemonEngine> {
  let engine = known.get(docker);
  if (engine === undefined) {
    engine = docker
      .version()
      .then((version) =>
        (version.Components ?? []).some((component) => /podman/i.test(component.Name)) ? 'podman' : 'docker',
      );
    engine.catch(() => known.delete(docker));
    known.set(docker, engine);
  }
  return engine.catch(() => 'docker' as const);
}

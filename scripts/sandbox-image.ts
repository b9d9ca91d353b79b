// `npm run sandbox-image`: builds the default container sandbox image from Debian packages (cached:
// a second run with the same recipe is instant). `--rebuild` builds it again.
import { dockerUnreachable } from '../src/cli/sandbox-image/docker-unreachable';
import { ensureSandboxImage } from '../src/cli/sandbox-image/ensure-sandbox-image';
import { DEFAULT_SANDBOX_IMAGE } from '../src/cli/sandbox-image/sandbox-image-recipe';
import { loadDockerClient } from '../src/runtime/sandbox/docker/load-docker-client';

const started = Date.now();
try {
  const outcome = await ensureSandboxImage(loadDockerClient(), {
    rebuild: process.argv.includes('--rebuild'),
    progress: (line) => process.stdout.write(`  ${line}\n`),
  });
  const seconds = ((Date.now() - started) / 1000).toFixed(1);
  process.stdout.write(
    `${DEFAULT_SANDBOX_IMAGE} ${outcome === 'built' ? `built in ${seconds} s` : 'is up to date'}\n`,
  );
} catch (error) {
  const message = dockerUnreachable(error, process.env.DOCKER_HOST) ?? (error as Error).message;
  process.stderr.write(`sandbox image: ${message}\n`);
  process.exit(1);
}

import type Dockerode from 'dockerode';

/** Where a long image operation says what it is doing, one line at a time. */
export type ProgressSink = (line: string) => void;

/** True when the daemon has an image with this name. */
export async function hasImage(docker: Dockerode, name: string): Promise<boolean> {
  try {
    await docker.getImage(name).inspect();
    return true;
  } catch (error) {
    if ((error as { statusCode?: number }).statusCode === 404) return false;
    throw error;
  }
}

interface ProgressEvent {
  stream?: string;
  status?: string;
  error?: string;
  errorDetail?: { message?: string };
}

/**
 * Reads a daemon's JSON progress stream to its end, passing each printed line on; an `error` in the
 * stream (a failed build step) rejects with that message, as the daemon answers 200 before it fails.
 */
export function followStream(
  docker: Dockerode,
  stream: NodeJS.ReadableStream,
  onLine: ProgressSink,
): Promise<void> {
  return new Promise((resolve, reject) => {
    let failure: string | undefined;
    docker.modem.followProgress(
      stream,
      (error) => {
        if (error !== null) reject(error);
        else if (failure !== undefined) reject(new Error(failure));
        else resolve();
      },
      (event: ProgressEvent) => {
        if (event.error !== undefined) failure = event.errorDetail?.message ?? event.error;
        const text = event.stream ?? event.status;
        if (text === undefined) return;
        for (const line of text.split('\n')) if (line.trim() !== '') onLine(line.trimEnd());
      },
    );
  });
}

import { join } from 'node:path';

/** `<data-dir>/observations/<conversation id without dashes>/` */
export function observationsDir(dataDir: string, conversationId: string): string {
  return join(dataDir, 'observations', conversationId.replaceAll('-', ''));
}

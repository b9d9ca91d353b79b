import type { PendingAttachment } from './admit-attachments';
import { attachmentNote, attachmentPath, safeFileName, uniqueName } from './attachment-rules';

export interface OutgoingMessage {
  /** The typed text, plus a line naming the uploaded files when there are any. */
  text: string;
  /** Data URLs, in the order attached. */
  images: string[];
}

export interface MessageIo {
  readDataUrl(file: File): Promise<string>;
  /** Writes the file to the absolute path; rejects with a sentence a person can act on. */
  upload(file: File, path: string): Promise<void>;
}

/**
 * Turns the composer's text and attachments into what is sent: files uploaded into the workspace's
 * attachments folder first (so the agent finds them when it reads the message), images read as data
 * URLs. Rejects when an upload fails; nothing is sent then.
 */
export async function buildMessage(
  text: string,
  attachments: readonly PendingAttachment[],
  workingDir: string | undefined,
  io: MessageIo,
): Promise<OutgoingMessage> {
  const files = attachments.filter((item) => item.kind === 'file');
  if (files.length > 0 && !workingDir) throw new Error('The workspace folder is not known yet; try again.');
  const taken = new Set<string>();
  const names: string[] = [];
  for (const item of files) {
    const name = uniqueName(safeFileName(item.file.name), taken);
    taken.add(name);
    await io.upload(item.file, attachmentPath(workingDir as string, name));
    names.push(name);
  }
  const images = await Promise.all(
    attachments.filter((item) => item.kind === 'image').map((item) => io.readDataUrl(item.file)),
  );
  const note = attachmentNote(names);
  return { text: [text, note].filter((part) => part !== '').join('\n\n'), images };
}

/** The message as the API's content blocks: the text (when any), then one image block. */
export function messageContent(
  message: OutgoingMessage,
): ({ type: 'text'; text: string } | { type: 'image'; image_urls: string[] })[] {
  return [
    ...(message.text ? [{ type: 'text' as const, text: message.text }] : []),
    ...(message.images.length > 0 ? [{ type: 'image' as const, image_urls: message.images }] : []),
  ];
}

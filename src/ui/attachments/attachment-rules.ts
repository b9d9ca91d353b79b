/**
 * What the composer lets a person attach. Images go to the model inline, so they follow the runtime's
 * rule for message images (src/runtime/conversation/message-image-rules.ts, same figures: the types
 * both OpenAI and Anthropic accept, 5 MiB each, six per message); checking here means the person hears
 * it before sending. Other files go into the workspace for the agent to read with its tools.
 */
export const IMAGE_TYPES = ['image/png', 'image/jpeg', 'image/gif', 'image/webp'] as const;
export const IMAGE_MAX_BYTES = 5 * 1024 * 1024;
export const IMAGE_MAX_COUNT = 6;
/** The runtime's upload limit (POST /api/file/upload). */
export const FILE_MAX_BYTES = 64 * 1024 * 1024;
export const FILE_MAX_COUNT = 10;
/** Where attached files land, relative to the workspace. */
export const ATTACHMENTS_FOLDER = 'attachments';

export function isSendableImage(type: string): boolean {
  return (IMAGE_TYPES as readonly string[]).includes(type.toLowerCase());
}

/** Whether a file is meant as a picture at all (then a wrong type is refused rather than uploaded). */
export function looksLikeImage(file: { name: string; type: string }): boolean {
  return file.type.startsWith('image/') || /\.(svg|bmp|tiff?|ico|heic|heif|avif)$/i.test(file.name);
}

/** Why an image cannot be sent, or undefined when it can. */
export function imageRefusal(file: { name: string; type: string; size: number }): string | undefined {
  const name = displayName(file.name);
  if (!isSendableImage(file.type)) {
    const extension = /\.([A-Za-z0-9]{1,8})$/.exec(file.name)?.[1];
    const kind = (
      file.type ? file.type.replace(/^image\//, '').replace(/\+xml$/, '') : (extension ?? 'these')
    ).toUpperCase();
    return `${name} is not sent: ${kind} images are not accepted. Use PNG, JPEG, GIF or WebP.`;
  }
  if (file.size > IMAGE_MAX_BYTES) {
    return `${name} is not sent: it is ${formatBytes(file.size)}, over the ${formatBytes(IMAGE_MAX_BYTES)} limit per image.`;
  }
  return undefined;
}

/** Why a non-image file cannot be attached, or undefined when it can. */
export function fileRefusal(file: { name: string; size: number }): string | undefined {
  if (file.size > FILE_MAX_BYTES) {
    return `${displayName(file.name)} is not attached: it is ${formatBytes(file.size)}, over the ${formatBytes(FILE_MAX_BYTES)} limit.`;
  }
  return undefined;
}

export function formatBytes(bytes: number): string {
  if (bytes < 1024) return `${bytes} B`;
  if (bytes < 1024 * 1024) return `${Math.ceil(bytes / 1024)} KB`;
  return `${Math.ceil((bytes / (1024 * 1024)) * 10) / 10} MB`;
}

/**
 * A name safe to write in the attachments folder: the last path part, without control characters,
 * separators or a leading dot (no hidden files, no `..`), at most 120 characters; never empty.
 */
export function safeFileName(name: string): string {
  const last = name.split(/[/\\]/).pop() ?? '';
  const cleaned = last
    .replace(/[\p{Cc}\p{Cf}]/gu, '')
    .replace(/[<>:"|?*`]/g, '_')
    .replace(/^[.\s]+/, '')
    .trim();
  const limited = cleaned.length > 120 ? cleanTail(cleaned) : cleaned;
  return limited === '' ? 'attachment' : limited;
}

/** `name`, or `name-2.ext`, `name-3.ext`… when it is already taken in this message. */
export function uniqueName(name: string, taken: ReadonlySet<string>): string {
  if (!taken.has(name)) return name;
  const dot = name.lastIndexOf('.');
  const [stem, ext] = dot > 0 ? [name.slice(0, dot), name.slice(dot)] : [name, ''];
  for (let index = 2; ; index += 1) {
    const candidate = `${stem}-${index}${ext}`;
    if (!taken.has(candidate)) return candidate;
  }
}

/** The absolute path an attachment is uploaded to, in the conversation's workspace. */
export function attachmentPath(workingDir: string, name: string): string {
  return `${workingDir.replace(/\/+$/, '')}/${ATTACHMENTS_FOLDER}/${name}`;
}

/** The line added to the message so the agent knows where the files are. */
export function attachmentNote(names: readonly string[]): string {
  if (names.length === 0) return '';
  const paths = names.map((name) => `\`${ATTACHMENTS_FOLDER}/${name}\``);
  return names.length === 1
    ? `Attached file (in the workspace): ${paths[0]}`
    : `Attached files (in the workspace): ${paths.join(', ')}`;
}

function cleanTail(name: string): string {
  const dot = name.lastIndexOf('.');
  const ext = dot > 0 && name.length - dot <= 12 ? name.slice(dot) : '';
  return name.slice(0, 120 - ext.length) + ext;
}

function displayName(name: string): string {
  const safe = safeFileName(name);
  return safe.length > 40 ? `${safe.slice(0, 37)}…` : safe;
}

import {
  FILE_MAX_COUNT,
  fileRefusal,
  IMAGE_MAX_COUNT,
  imageRefusal,
  looksLikeImage,
} from './attachment-rules';

export interface PendingAttachment {
  id: string;
  /** `image`: sent to the model inline; `file`: uploaded to the workspace's attachments folder. */
  kind: 'image' | 'file';
  file: File;
}

/**
 * Which of the chosen, pasted or dropped files join the message, and a sentence for each one that
 * does not (wrong image type, too large, too many). Pure: the composer keeps the state.
 */
export function admitAttachments(
  existing: readonly PendingAttachment[],
  files: readonly File[],
  newId: () => string,
): { admitted: PendingAttachment[]; refusals: string[] } {
  const admitted: PendingAttachment[] = [];
  const refusals: string[] = [];
  let images = existing.filter((item) => item.kind === 'image').length;
  let others = existing.length - images;
  for (const file of files) {
    if (looksLikeImage(file)) {
      const refusal = imageRefusal(file);
      if (refusal) refusals.push(refusal);
      else if (images >= IMAGE_MAX_COUNT)
        refusals.push(`At most ${IMAGE_MAX_COUNT} images can go with one message.`);
      else {
        images += 1;
        admitted.push({ id: newId(), kind: 'image', file });
      }
      continue;
    }
    const refusal = fileRefusal(file);
    if (refusal) refusals.push(refusal);
    else if (others >= FILE_MAX_COUNT)
      refusals.push(`At most ${FILE_MAX_COUNT} files can go with one message.`);
    else {
      others += 1;
      admitted.push({ id: newId(), kind: 'file', file });
    }
  }
  return { admitted, refusals: [...new Set(refusals)] };
}

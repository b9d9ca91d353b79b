import { useState } from 'react';
import { ModalDialog } from '../components/modal-dialog';
import { DeferredImage } from '../markdown/deferred-image';
import { isInlineImage } from './inline-image';
import './attachments.css';

/**
 * A message's images. Inline ones (data URLs of the four sendable types) are shown at once as
 * thumbnails, a click opens them larger: they call nowhere. Any other address stays behind a click
 * to load, so an untrusted transcript cannot make the browser call out.
 */
export function MessageImages({ urls }: { urls: readonly string[] }) {
  const [open, setOpen] = useState<number | null>(null);
  if (urls.length === 0) return null;
  const shown = open === null ? undefined : urls[open];
  return (
    <div className="message-images">
      {urls.map((url, index) =>
        isInlineImage(url) ? (
          <button
            // biome-ignore lint/suspicious/noArrayIndexKey: the same image may be sent twice; order is fixed
            key={index}
            type="button"
            className="message-image"
            aria-label={`View image ${index + 1} larger`}
            onClick={() => setOpen(index)}
            data-testid="message-image"
          >
            <img src={url} alt={`Attachment ${index + 1}`} />
          </button>
        ) : (
          // biome-ignore lint/suspicious/noArrayIndexKey: as above
          <DeferredImage key={index} src={url} alt="attached image" />
        ),
      )}
      {shown !== undefined ? (
        <ModalDialog
          title={`Image ${(open ?? 0) + 1} of ${urls.length}`}
          onClose={() => setOpen(null)}
          width={900}
          className="image-viewer"
        >
          <img src={shown} alt={`Attachment ${(open ?? 0) + 1}, full size`} />
        </ModalDialog>
      ) : null}
    </div>
  );
}

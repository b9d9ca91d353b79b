import { FileText, X } from 'lucide-react';
import { useEffect, useState } from 'react';
import type { PendingAttachment } from './admit-attachments';
import { formatBytes } from './attachment-rules';
import './attachments.css';

/** The attachments waiting above the composer's text: a thumbnail or file icon, name, size, remove. */
export function AttachmentTray({
  items,
  onRemove,
  disabled,
}: {
  items: readonly PendingAttachment[];
  onRemove: (id: string) => void;
  disabled?: boolean;
}) {
  if (items.length === 0) return null;
  return (
    <ul className="attachment-tray" aria-label="Attachments">
      {items.map((item) => (
        <li key={item.id} className="attachment-chip" data-testid="attachment-chip" data-kind={item.kind}>
          {item.kind === 'image' ? (
            <Thumbnail file={item.file} />
          ) : (
            <span className="attachment-chip__icon" aria-hidden>
              <FileText size={16} />
            </span>
          )}
          <span className="attachment-chip__text">
            <span className="attachment-chip__name" title={item.file.name}>
              {item.file.name || 'pasted image'}
            </span>
            <span className="attachment-chip__size">
              {item.kind === 'image' ? 'Image' : 'File'} · {formatBytes(item.file.size)}
            </span>
          </span>
          <button
            type="button"
            className="attachment-chip__remove"
            aria-label={`Remove ${item.file.name || 'pasted image'}`}
            title="Remove"
            disabled={disabled}
            onClick={() => onRemove(item.id)}
          >
            <X size={12} aria-hidden />
          </button>
        </li>
      ))}
    </ul>
  );
}

function Thumbnail({ file }: { file: File }) {
  const [url, setUrl] = useState<string | null>(null);
  useEffect(() => {
    const objectUrl = URL.createObjectURL(file);
    setUrl(objectUrl);
    return () => URL.revokeObjectURL(objectUrl);
  }, [file]);
  return url ? (
    <img className="attachment-chip__thumb" src={url} alt="" />
  ) : (
    <span className="attachment-chip__thumb" />
  );
}

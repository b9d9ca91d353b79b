import { type ClipboardEvent, type DragEvent, useEffect, useRef, useState } from 'react';
import { admitAttachments, type PendingAttachment } from './admit-attachments';

/**
 * The attachments waiting to go with the next message, and what was refused: filled by the attach
 * button, a paste of files into the text, or a drop. `resetKey` (the conversation) starts it empty.
 */
export function usePendingAttachments(resetKey: string) {
  const [items, setItems] = useState<PendingAttachment[]>([]);
  const [problems, setProblems] = useState<string[]>([]);
  const [preparing, setPreparing] = useState(false);
  const [dragging, setDragging] = useState(false);
  const counter = useRef(0);
  // biome-ignore lint/correctness/useExhaustiveDependencies: another conversation starts with none
  useEffect(() => {
    setItems([]);
    setProblems([]);
  }, [resetKey]);

  const add = (files: readonly File[]) => {
    if (files.length === 0) return;
    const { admitted, refusals } = admitAttachments(items, files, () => {
      counter.current += 1;
      return `attachment-${counter.current}`;
    });
    setItems([...items, ...admitted]);
    setProblems(refusals);
  };
  const onPaste = (event: ClipboardEvent<HTMLElement>) => {
    const files = [...event.clipboardData.files];
    if (files.length === 0) return; // plain text pastes as usual
    event.preventDefault();
    add(files);
  };
  const onDrag = (event: DragEvent<HTMLElement>) => {
    if (!event.dataTransfer.types.includes('Files')) return;
    event.preventDefault();
    if (event.type !== 'dragleave') setDragging(true);
    else if (!event.currentTarget.contains(event.relatedTarget as Node | null)) setDragging(false);
  };
  const onDrop = (event: DragEvent<HTMLElement>) => {
    if (event.dataTransfer.files.length === 0) return;
    event.preventDefault();
    setDragging(false);
    add([...event.dataTransfer.files]);
  };
  return {
    items,
    problems,
    setProblems,
    preparing,
    setPreparing,
    dragging,
    add,
    remove: (id: string) => setItems(items.filter((item) => item.id !== id)),
    clear: () => {
      setItems([]);
      setProblems([]);
    },
    onPaste,
    dropZone: { onDragEnter: onDrag, onDragOver: onDrag, onDragLeave: onDrag, onDrop },
  };
}

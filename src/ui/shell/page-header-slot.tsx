import { createContext, type ReactNode, useContext, useState } from 'react';
import { createPortal } from 'react-dom';

const SlotContext = createContext<{
  element: HTMLElement | null;
  setElement: (element: HTMLElement | null) => void;
}>({
  element: null,
  setElement: () => undefined,
});

/** Lets the current page put its title and tools into the app header, so there is one bar, not two. */
export function PageHeaderSlotProvider({ children }: { children: ReactNode }) {
  const [element, setElement] = useState<HTMLElement | null>(null);
  return <SlotContext.Provider value={{ element, setElement }}>{children}</SlotContext.Provider>;
}

/** Where the header shows the page's content. */
export function PageHeaderSlot({ className }: { className?: string }) {
  const { setElement } = useContext(SlotContext);
  return <div ref={setElement} className={className} />;
}

/** Rendered by a page: its children appear in the app header. */
export function PageHeader({ children }: { children: ReactNode }) {
  const { element } = useContext(SlotContext);
  return element ? createPortal(children, element) : null;
}

import { createContext, type ReactNode, useContext, useEffect, useState } from 'react';
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

/**
 * Where the header shows the page's content. When the page's tools do not fit, the row scrolls and
 * `data-more` marks that some lie past its right edge (the stylesheet fades that edge as a hint).
 */
export function PageHeaderSlot({ className }: { className?: string }) {
  const { element, setElement } = useContext(SlotContext);
  useEffect(() => {
    if (!element || typeof ResizeObserver === 'undefined') return;
    const update = () =>
      element.toggleAttribute(
        'data-more',
        element.scrollLeft + element.clientWidth < element.scrollWidth - 1,
      );
    const resized = new ResizeObserver(update);
    resized.observe(element);
    const changed = new MutationObserver(update);
    changed.observe(element, { childList: true, subtree: true, characterData: true });
    element.addEventListener('scroll', update, { passive: true });
    update();
    return () => {
      resized.disconnect();
      changed.disconnect();
      element.removeEventListener('scroll', update);
    };
  }, [element]);
  return <div ref={setElement} className={className} />;
}

/** Rendered by a page: its children appear in the app header. */
export function PageHeader({ children }: { children: ReactNode }) {
  const { element } = useContext(SlotContext);
  return element ? createPortal(children, element) : null;
}

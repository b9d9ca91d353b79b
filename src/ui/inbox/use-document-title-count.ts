import { useEffect } from 'react';

const APP_TITLE = 'Agent Workbench';

/** The tab's title carries the inbox count, "(2) Agent Workbench", so a background tab says it needs you. */
export function useDocumentTitleCount(count: number): void {
  useEffect(() => {
    document.title = count > 0 ? `(${count}) ${APP_TITLE}` : APP_TITLE;
  }, [count]);
}

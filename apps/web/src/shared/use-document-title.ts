import { createContext, useContext, useEffect } from 'react';

const SITE_NAME = 'Digital Project Planner';

/** Set while the server renders a page: it takes the page's title for the document's `<title>`. */
export const DocumentTitleSink = createContext<((title: string) => void) | null>(null);

/** Names the browser tab after the page; undefined leaves the title as it is (data still loading). */
export function useDocumentTitle(pageTitle: string | undefined, { full = false }: { full?: boolean } = {}): void {
  const title = pageTitle === undefined || full ? pageTitle : `${pageTitle} | ${SITE_NAME}`;
  const sink = useContext(DocumentTitleSink);
  if (title !== undefined) sink?.(title);
  useEffect(() => {
    if (title !== undefined) document.title = title;
  }, [title]);
}

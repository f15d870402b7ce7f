import { useEffect } from 'react';

const SITE_NAME = 'Digital Project Planner';

/** Names the browser tab after the page; undefined leaves the title as it is (data still loading). */
export function useDocumentTitle(pageTitle: string | undefined): void {
  useEffect(() => {
    if (pageTitle !== undefined) document.title = `${pageTitle} | ${SITE_NAME}`;
  }, [pageTitle]);
}

// Islands (ADR 0033): a public page rendered on the server stays the server's HTML; only the parts that act are
// taken over by the browser, each on its own root and when it is needed. `Island` marks such a part. The app,
// which takes whole pages over, renders it as a plain wrapper; the server, rendering an islands page, collects
// it so that it can be rendered again on its own (see entry-server.tsx) and taken over alone (islands.ts, island-roots.tsx).
import { Children, createContext, isValidElement, type ReactElement, type ReactNode, useContext } from 'react';
import { ISLAND_ATTRIBUTES, type IslandWhen } from './island-attributes';

/** An island as the server found it on a page: what to render on its own root. */
export interface CollectedIsland {
  name: string;
  element: ReactElement;
}

/** Set by the server while it renders an islands page: each island is handed over and gets a slot number. */
export const IslandCollector = createContext<((island: CollectedIsland) => number) | null>(null);

interface IslandProps {
  /** The key of the island's component in the islands runtime's registry (island-roots.tsx). */
  name: string;
  when?: IslandWhen;
  /** One element whose props are JSON: they travel in the page to the browser. */
  children: ReactNode;
}

/**
 * A part of a page that acts. Its wrapper (`display: contents`, so layout and styles see its content only) is the
 * same in the app and on an islands page.
 */
export function Island({ name, when = 'load', children }: IslandProps) {
  const collect = useContext(IslandCollector);
  if (!collect)
    return (
      <div className="island" {...{ [ISLAND_ATTRIBUTES.name]: name }}>
        {children}
      </div>
    );
  const element = Children.only(children);
  if (!isValidElement(element)) throw new Error(`Island ${name} needs one element.`);
  const slot = collect({ name, element });
  return (
    <div
      className="island"
      {...{
        [ISLAND_ATTRIBUTES.name]: name,
        [ISLAND_ATTRIBUTES.when]: when,
        [ISLAND_ATTRIBUTES.props]: JSON.stringify(element.props),
        [ISLAND_ATTRIBUTES.slot]: slot,
      }}
    />
  );
}

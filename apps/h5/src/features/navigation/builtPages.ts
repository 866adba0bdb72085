import { createContext, useContext } from 'react';

/**
 * Whether the page behind a path is built: the router (app/routes.ts) provides it, so a menu can
 * show the rest disabled without importing the route table (which imports the pages).
 */
export const BuiltPages = createContext<(to: string) => boolean>(() => true);

export function useIsBuilt(): (to: string) => boolean {
  return useContext(BuiltPages);
}

import { mergeTables, type Route, type UnionToIntersection } from '../endpoint.ts';
import { spotRoutes } from './spot.ts';

const tables = [spotRoutes] as const;

/**
 * Every endpoint's readable name → `METHOD /path` (below `/api`), without schemas: what the app's
 * client needs at run time. The schemas are in `../endpoints/`, under the same names.
 */
export const routes = mergeTables<Record<string, Route>>(
  [...tables],
  (route) => route,
) as UnionToIntersection<(typeof tables)[number]>;
export type EndpointName = keyof typeof routes;

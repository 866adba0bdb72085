import type { EndpointName } from '../routes/index.ts';
import { mergeTables, type Endpoint, type UnionToIntersection } from '../endpoint.ts';
import { spotEndpoints } from './spot.ts';

const tables = [spotEndpoints] as const;

/** The endpoint table: every route with its schemas, by readable name. */
export const endpoints = mergeTables<Record<string, Endpoint>>(
  [...tables],
  (e) => `${e.method} ${e.path}`,
) as UnionToIntersection<(typeof tables)[number]>;
export type Endpoints = typeof endpoints;

// Every route has its schemas, and nothing else is in the table.
type Same<A, B> = [A] extends [B] ? ([B] extends [A] ? true : false) : false;
const complete: Same<keyof Endpoints, EndpointName> = true;
void complete;

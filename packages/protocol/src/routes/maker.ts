import type { Route } from '../endpoint.ts';

/** The operator's market maker (maker/operator.ts): per pair settings, funds, kill switch. */
export const makerOperatorRoutes = {
  operatorMaker: 'GET /admin/maker',
  operatorMakerPairSave: 'PUT /admin/maker/pairs/:symbol',
  operatorMakerFund: 'POST /admin/maker/fund',
  operatorMakerKill: 'POST /admin/maker/kill',
  operatorMakerFills: 'GET /admin/maker/fills',
} as const satisfies Record<string, Route>;

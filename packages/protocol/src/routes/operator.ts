import type { Route } from '../endpoint.ts';

/** The operator console's API under `/admin`: login and the second factor, sessions, users, operators, the audit log and the books check. */
export const operatorRoutes = {
  // Login, the second factor, sessions (operator/routes.ts, second-factor-routes.ts, sessions.ts)
  operatorLogin: 'POST /admin/login',
  operatorLogout: 'POST /admin/logout',
  operatorMe: 'GET /admin/me',
  operatorLoginTwoFactor: 'POST /admin/login/2fa',
  operatorLoginTwoFactorSetup: 'POST /admin/login/2fa/setup',
  operatorLoginTwoFactorEnable: 'POST /admin/login/2fa/enable',
  operatorTwoFactor: 'GET /admin/2fa',
  operatorTwoFactorSetup: 'POST /admin/2fa/setup',
  operatorTwoFactorEnable: 'POST /admin/2fa/enable',
  operatorTwoFactorDisable: 'POST /admin/2fa/disable',
  operatorTwoFactorReset: 'POST /admin/operators/:id/2fa/reset',
  operatorSessions: 'GET /admin/sessions',
  operatorSessionRevoke: 'POST /admin/sessions/:id/revoke',
  // The books, the audit log, users, the demo outbox (operator/routes.ts, console.ts)
  operatorLedgerCheck: 'GET /admin/ledger/check',
  operatorAudit: 'GET /admin/audit',
  operatorAuditSearch: 'GET /admin/audit/search',
  operatorAuditVerify: 'GET /admin/audit/verify',
  operatorUserFreeze: 'POST /admin/users/:id/freeze',
  operatorUserUnfreeze: 'POST /admin/users/:id/unfreeze',
  operatorOutbox: 'GET /admin/outbox',
  operatorDashboard: 'GET /admin/dashboard',
  operatorUsers: 'GET /admin/users',
  operatorUser: 'GET /admin/users/:id',
  operatorUserSessionsRevoke: 'POST /admin/users/:id/sessions/revoke',
  operatorUserPasskeyDelete: 'POST /admin/users/:id/passkeys/:passkey/delete',
  // Operators (operator/operators.ts)
  operatorOperators: 'GET /admin/operators',
  operatorOperatorCreate: 'POST /admin/operators',
  operatorOperatorUpdate: 'PUT /admin/operators/:id',
  // Changes waiting for a second admin (operator/pending-actions.ts)
  operatorActions: 'GET /admin/operators/actions',
  operatorActionApprove: 'POST /admin/operators/actions/:id/approve',
  operatorActionCancel: 'POST /admin/operators/actions/:id/cancel',
} as const satisfies Record<string, Route>;

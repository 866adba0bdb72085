import { z } from 'zod';
import { defineEndpoints } from '../endpoint.ts';
import { idField, pageOf, pageQuery } from '../fields.ts';
import { operatorRoutes } from '../routes/operator.ts';
import {
  adminLoginBody,
  adminLoginResult,
  adminMe,
  auditItem,
  freezeResult,
  idParams,
  ledgerCheckResult,
  outboxItem,
  outboxQuery,
  reasonOptional,
} from '../admin.ts';
import {
  adminCodeBody,
  adminLoginAnswer,
  adminLoginEnrolled,
  adminSessionItem,
  adminSessionsQuery,
  adminTicketBody,
  adminTicketCodeBody,
  adminTwoFactorStatus,
  recoveryCodesResult,
  twoFactorSetup,
} from '../admin-security.ts';
import {
  auditSearchQuery,
  auditVerdict,
  consoleDashboard,
  consoleUser,
  consoleUserDetail,
  consoleUsersQuery,
  operatorActionItem,
  operatorActionsList,
  operatorCreateBody,
  operatorItem,
  operatorUpdateBody,
  pendingField,
  revokeResult,
} from '../console.ts';

/** An answer with nothing in it. */
const empty = z.object({});

export const operatorEndpoints = defineEndpoints('operator', operatorRoutes, {
  operatorLogin: {
    summary:
      'Operator login: an operator token (not valid on user routes) and the role; with 2FA on (or required) a ticket for the code or the enrolment instead',
    body: adminLoginBody,
    response: adminLoginAnswer,
  },
  operatorLogout: { summary: 'End this operator session', response: empty },
  operatorMe: { summary: 'The logged-in operator', response: adminMe },
  operatorLoginTwoFactor: {
    summary: 'Second login step: the ticket and an authenticator code (or a recovery code)',
    body: adminTicketCodeBody,
    response: adminLoginResult,
  },
  operatorLoginTwoFactorSetup: {
    summary: 'Enrolment at login (2FA required, not set up): a new secret for the app',
    body: adminTicketBody,
    response: twoFactorSetup,
  },
  operatorLoginTwoFactorEnable: {
    summary: 'Enrolment at login: the first code turns 2FA on; the session and recovery codes',
    body: adminTicketCodeBody,
    response: adminLoginEnrolled,
  },
  operatorTwoFactor: {
    summary: "The operator's own 2FA: on or off, required or not, recovery codes left",
    response: adminTwoFactorStatus,
  },
  operatorTwoFactorSetup: {
    summary: 'Start turning 2FA on: a new secret for the app (pending until a code)',
    response: twoFactorSetup,
  },
  operatorTwoFactorEnable: {
    summary: 'Turn 2FA on with a first code; the recovery codes are shown once',
    body: adminCodeBody,
    response: recoveryCodesResult,
  },
  operatorTwoFactorDisable: {
    summary: 'Turn 2FA off with a code (demo mode only: production requires it)',
    body: adminCodeBody,
    response: empty,
  },
  operatorTwoFactorReset: {
    summary:
      "Reset another operator's 2FA (lost phone and recovery codes): waits for a second admin (`pending`); once applied their sessions end and they enrol again at the next login",
    params: idParams,
    response: z.object({ reset: z.boolean(), ...pendingField }),
  },
  operatorSessions: {
    summary: "Live operator sessions: the operator's own, or everyone's (scope=all, admin)",
    query: adminSessionsQuery,
    response: z.object({ list: z.array(adminSessionItem) }),
  },
  operatorSessionRevoke: {
    summary: "End an operator session: one's own, or anyone's for an admin; audited",
    params: idParams,
    response: empty,
  },

  operatorLedgerCheck: {
    summary: 'Proof of the books: postings of every coin sum to zero and balances match them',
    response: ledgerCheckResult,
  },
  operatorAudit: {
    summary: 'Operator actions, newest first',
    query: pageQuery,
    response: pageOf(auditItem),
  },
  operatorAuditSearch: {
    summary: 'Audit log filtered by operator, action, target and time; newest first',
    query: auditSearchQuery,
    response: pageOf(auditItem),
  },
  operatorAuditVerify: {
    summary:
      "Check the audit log's hash chain: every row's hash over its fields and the previous row's hash",
    response: auditVerdict,
  },
  operatorUserFreeze: {
    summary: 'Freeze a user: they can log in and read, but not move money',
    params: idParams,
    body: reasonOptional,
    response: freezeResult,
  },
  operatorUserUnfreeze: {
    summary: 'Unfreeze a user',
    params: idParams,
    body: reasonOptional,
    response: freezeResult,
  },
  operatorOutbox: {
    summary: 'Codes "sent" in demo mode, newest first (demo mode only)',
    query: outboxQuery,
    response: pageOf(outboxItem),
  },
  operatorDashboard: {
    summary: 'Users, pending queues, the ledger check, money today, market source status',
    response: consoleDashboard,
  },
  operatorUsers: {
    summary: 'Search users by id, email, phone, nickname or invite code; newest first',
    query: consoleUsersQuery,
    response: pageOf(consoleUser),
  },
  operatorUser: {
    summary: 'One user: KYC, balances per sub-account, postings, orders, positions, sessions',
    params: idParams,
    response: consoleUserDetail,
  },
  operatorUserSessionsRevoke: {
    summary:
      'End every session of the user (they must log in again) and delete their API keys and passkeys (they are told); audited',
    params: idParams,
    body: reasonOptional,
    response: revokeResult,
  },
  operatorUserPasskeyDelete: {
    summary: 'Remove one passkey of the user (they are told); audited',
    params: idParams.extend({ passkey: idField('PASSKEY_NOT_FOUND') }),
    body: reasonOptional,
    response: z.object({}),
  },

  operatorOperators: { summary: 'Operator accounts', response: z.array(operatorItem) },
  operatorOperatorCreate: {
    summary:
      'Add an operator (JSON: email, password of 10+ characters, role): waits for a second admin, or 24 h with none',
    body: operatorCreateBody,
    response: z.object({ pending: operatorActionItem }),
  },
  operatorOperatorUpdate: {
    summary:
      "Change role, disable or enable (at once), or set another operator's new password (waits for a second admin: `pending`); disabling or a new password ends their sessions",
    params: idParams,
    body: operatorUpdateBody,
    response: operatorItem.extend(pendingField),
  },
  operatorActions: {
    summary: 'Changes of operators and of the four-eyes threshold waiting for a second admin',
    response: operatorActionsList,
  },
  operatorActionApprove: {
    summary:
      'Apply a waiting change: another admin approves it; the admin who asked, only with no other admin and from its due time; audited',
    params: idParams,
    response: operatorActionItem,
  },
  operatorActionCancel: {
    summary: 'Cancel a waiting change (the admin who asked, or another admin refusing it); audited',
    params: idParams,
    response: operatorActionItem,
  },
});

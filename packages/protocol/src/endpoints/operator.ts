import { z } from 'zod';
import { defineEndpoints } from '../endpoint.ts';
import { pageOf, pageQuery } from '../fields.ts';
import { operatorRoutes } from '../routes/operator.ts';
import {
  adminDeposit,
  adminKyc,
  adminLoginBody,
  adminLoginResult,
  adminMe,
  auditItem,
  depositPassBody,
  freezeResult,
  idParams,
  kycQueueQuery,
  ledgerCheckResult,
  moneyQueueQuery,
  outboxItem,
  outboxQuery,
  passBody,
  reasonOptional,
  rejectBody,
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
  adminWithdrawalReview,
  fourEyesBody,
  fourEyesSetting,
  recoveryCodesResult,
  twoFactorSetup,
} from '../admin-security.ts';
import { chainStatus } from '../chain.ts';
import { coinNetworkParams, configCoinNetwork, configCoinNetworkBody } from '../coin-networks.ts';
import {
  auditSearchQuery,
  consoleDashboard,
  consoleUser,
  consoleUserDetail,
  consoleUsersQuery,
  operatorCreateBody,
  operatorItem,
  operatorUpdateBody,
  revokeResult,
} from '../console.ts';
import {
  configCoin,
  configCoinBody,
  configFinanceProduct,
  configFinanceProductBody,
  configLeverPair,
  configLeverPairBody,
  configOptionPeriod,
  configOptionPeriodBody,
  configOptionPeriodCreate,
  configSpotPair,
  configSpotPairBody,
  secondsParams,
  symbolParams,
} from '../console-config.ts';
import {
  adminSubscription,
  configProject,
  configProjectBody,
  configProjectCreate,
  subscriptionQueueQuery,
} from '../console-projects.ts';
import {
  adminContentItem,
  adminFeedback,
  adminFeedbackQuery,
  bannerInput,
  feedbackReplyBody,
  helpArticleInput,
  helpCategoryInput,
  noticeInput,
} from '../content.ts';

/** An answer with nothing in it. */
const empty = z.object({});

/** A content kind's list, create, replace and delete, as content/operator.ts documents them. */
const content = <S extends z.ZodType>(path: string, input: S) => ({
  list: {
    summary: `Content editor: ${path} with all their languages`,
    query: pageQuery,
    response: pageOf(adminContentItem),
  },
  create: {
    summary: `Create one of ${path} (JSON; \`texts\` per language, English required)`,
    body: input,
    response: adminContentItem,
  },
  update: {
    summary: `Replace one of ${path}: its fields and all its languages`,
    params: idParams,
    body: input,
    response: adminContentItem,
  },
  remove: {
    summary: `Delete one of ${path} (the audit log keeps what it was)`,
    params: idParams,
    response: empty,
  },
});
const notices = content('notices', noticeInput);
const banners = content('banners', bannerInput);
const helpCategories = content('help/categories', helpCategoryInput);
const helpArticles = content('help/articles', helpArticleInput);

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
      "Reset another operator's 2FA (lost phone and recovery codes): their sessions end; they enrol again at the next login",
    params: idParams,
    response: z.object({ reset: z.boolean() }),
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
      'End every session of the user (they must log in again) and delete their API keys (they are told); audited',
    params: idParams,
    body: reasonOptional,
    response: revokeResult,
  },

  operatorOperators: { summary: 'Operator accounts', response: z.array(operatorItem) },
  operatorOperatorCreate: {
    summary: 'Add an operator (JSON: email, password of 10+ characters, role)',
    body: operatorCreateBody,
    response: operatorItem,
  },
  operatorOperatorUpdate: {
    summary:
      'Change role, disable or enable, or set a new password (disabling or a new password ends their sessions)',
    params: idParams,
    body: operatorUpdateBody,
    response: operatorItem,
  },

  operatorKyc: {
    summary: 'KYC queue with evidence (status defaults to review)',
    query: kycQueueQuery,
    response: pageOf(adminKyc),
  },
  operatorKycPass: {
    summary: 'Pass a kyc under review',
    params: idParams,
    body: passBody,
    response: adminKyc,
  },
  operatorKycReject: {
    summary: 'Reject a kyc under review (reason required)',
    params: idParams,
    body: rejectBody,
    response: adminKyc,
  },
  operatorDeposits: {
    summary: 'Deposit queue with evidence (status defaults to review)',
    query: moneyQueueQuery,
    response: pageOf(adminDeposit),
  },
  operatorDepositPass: {
    summary: 'Pass a deposit under review',
    params: idParams,
    body: depositPassBody,
    response: adminDeposit,
  },
  operatorDepositReject: {
    summary: 'Reject a deposit under review (reason required)',
    params: idParams,
    body: rejectBody,
    response: adminDeposit,
  },
  operatorWithdrawals: {
    summary: 'Withdrawal queue with evidence (status defaults to review)',
    query: moneyQueueQuery,
    response: pageOf(adminWithdrawalReview),
  },
  operatorWithdrawalPass: {
    summary: 'Pass a withdrawal under review',
    params: idParams,
    body: passBody,
    response: adminWithdrawalReview,
  },
  operatorWithdrawalReject: {
    summary: 'Reject a withdrawal under review (reason required)',
    params: idParams,
    body: rejectBody,
    response: adminWithdrawalReview,
  },
  operatorSubscriptions: {
    summary:
      'Subscriptions with their evidence: under review until the allocation the subscription job runs at the close',
    query: subscriptionQueueQuery,
    response: pageOf(adminSubscription),
  },
  operatorSubscriptionPass: {
    summary:
      'Pass a subscription under review: recorded (who, when); the allocation at the close still decides its tokens',
    params: idParams,
    body: passBody,
    response: adminSubscription,
  },
  operatorSubscriptionReject: {
    summary:
      'Reject a subscription under review (reason required): its frozen payment returns to available and the allocation leaves it out',
    params: idParams,
    body: rejectBody,
    response: adminSubscription,
  },

  operatorCoins: {
    summary: 'Coins: networks, deposit address source, minimums and fees',
    response: z.array(configCoin),
  },
  operatorCoinUpdate: {
    summary: "Edit a coin's networks, minimums and withdrawal fee (decimals never change)",
    params: idParams,
    body: configCoinBody,
    response: configCoin,
  },
  operatorCoinNetworks: {
    summary:
      "A coin's networks: deposit address or xpub and where it comes from (table, env, demo, none), open or suspended, withdrawal limits",
    params: idParams,
    response: z.array(configCoinNetwork),
  },
  operatorCoinNetworkUpdate: {
    summary:
      "Set one network's deposit address or xpub (both null: the environment decides), open or suspend it, and its withdrawal limits; applies at once",
    params: coinNetworkParams,
    body: configCoinNetworkBody,
    response: configCoinNetwork,
  },
  operatorSpotPairs: {
    summary: 'Spot pairs: tick, step, fees, enabled; with their open orders',
    response: z.array(configSpotPair),
  },
  operatorSpotPairUpdate: {
    summary: 'Edit a spot pair (tick and step only while it has no open orders: PAIR_HAS_ORDERS)',
    params: symbolParams,
    body: configSpotPairBody,
    response: configSpotPair,
  },
  operatorLeverPairs: {
    summary: 'Contract pairs: lot size, multiples, spread, fee, maintenance ratio',
    response: z.array(configLeverPair),
  },
  operatorLeverPairUpdate: {
    summary: 'Edit a contract pair (open positions keep the terms they opened with)',
    params: symbolParams,
    body: configLeverPairBody,
    response: configLeverPair,
  },
  operatorOptionPeriods: {
    summary: 'Option periods: seconds, payout rate, minimum stake',
    response: z.array(configOptionPeriod),
  },
  operatorOptionPeriodCreate: {
    summary: 'Add an option period',
    body: configOptionPeriodCreate,
    response: configOptionPeriod,
  },
  operatorOptionPeriodUpdate: {
    summary: 'Edit an option period (orders keep the payout they were bought with)',
    params: secondsParams,
    body: configOptionPeriodBody,
    response: configOptionPeriod,
  },
  operatorFinanceProducts: {
    summary: 'Financial products',
    response: z.array(configFinanceProduct),
  },
  operatorFinanceProductCreate: {
    summary: 'Add a financial product',
    body: configFinanceProductBody,
    response: configFinanceProduct,
  },
  operatorFinanceProductUpdate: {
    summary: 'Edit a financial product (orders keep the terms they were bought with)',
    params: idParams,
    body: configFinanceProductBody,
    response: configFinanceProduct,
  },
  operatorSubscriptionProjects: {
    summary: 'Subscription projects with their subscription counts',
    response: z.array(configProject),
  },
  operatorSubscriptionProjectCreate: {
    summary:
      "Add a project and its token: a new coin (ids from 100), or an existing coin of that name that is not a base coin nor another project's token",
    body: configProjectCreate,
    response: configProject,
  },
  operatorSubscriptionProjectUpdate: {
    summary:
      'Edit a project: price and pay coins are fixed once anyone subscribed; nothing after allocation',
    params: idParams,
    body: configProjectBody,
    response: configProject,
  },
  operatorFourEyes: {
    summary: 'Withdrawals worth more than this (USDT) need two different operators to pass',
    response: fourEyesSetting,
  },
  operatorFourEyesUpdate: {
    summary: 'Change the four-eyes threshold (USDT, 0 to 1,000,000,000; 0: every withdrawal)',
    body: fourEyesBody,
    response: fourEyesSetting,
  },

  operatorChain: {
    summary:
      'Per watched network: the watcher’s height and lag, the hot wallet’s balances (low ones flagged), deposits and payouts in flight',
    response: chainStatus,
  },

  operatorNotices: notices.list,
  operatorNoticeCreate: notices.create,
  operatorNoticeUpdate: notices.update,
  operatorNoticeDelete: notices.remove,
  operatorBanners: banners.list,
  operatorBannerCreate: banners.create,
  operatorBannerUpdate: banners.update,
  operatorBannerDelete: banners.remove,
  operatorHelpCategories: helpCategories.list,
  operatorHelpCategoryCreate: helpCategories.create,
  operatorHelpCategoryUpdate: helpCategories.update,
  operatorHelpCategoryDelete: helpCategories.remove,
  operatorHelpArticles: helpArticles.list,
  operatorHelpArticleCreate: helpArticles.create,
  operatorHelpArticleUpdate: helpArticles.update,
  operatorHelpArticleDelete: helpArticles.remove,
  operatorFeedback: {
    summary: 'Feedback queue: `open` (default, oldest first), `replied`, `closed` or `all`',
    query: adminFeedbackQuery,
    response: pageOf(adminFeedback),
  },
  operatorFeedbackReply: {
    summary: 'Answer a feedback (the user sees it); `close` also closes it',
    params: idParams,
    body: feedbackReplyBody,
    response: adminFeedback,
  },
});

/**
 * Every React Query key of the console, in one place. A key is a path: invalidating a prefix
 * (`users`) refetches every query under it (each search and page of the list).
 */
const queue = (path: string) => ['queue', path] as const;
const config = ['config'] as const;
const content = (path: string) => ['content', path] as const;
const chat = ['chat'] as const;

export const adminKeys = {
  dashboard: ['dashboard'] as const,
  /** A review queue (kyc, deposits, …), and one status and page of it. */
  queue,
  queuePage: (path: string, status: string, page: number) =>
    [...queue(path), status, page] as const,
  fourEyes: ['four-eyes'] as const,
  /** Changes that wait for a second admin. */
  operatorActions: ['operator-actions'] as const,
  operators: ['operators'] as const,
  /** This operator's second factor. */
  twoFactor: ['2fa'] as const,
  /** Operator sessions: the signed-in operator's, or everyone's. */
  sessions: ['admin-sessions'] as const,
  sessionsOf: (scope: string) => ['admin-sessions', scope] as const,
  /** Users' bots, by filters, and each pair's pause. */
  bots: ['bots'] as const,
  botsOf: (filters: object) => ['bots', filters] as const,
  users: ['users'] as const,
  userSearch: (q: string, page: number) => ['users', q, page] as const,
  /** One user's detail and money. */
  user: (id: number) => ['user', id] as const,
  audit: (filters: object, page: number) => ['audit', filters, page] as const,
  /** The audit chain's check (asked for, not kept fresh). */
  auditVerify: ['audit-verify'] as const,
  outbox: (to: string, page: number) => ['outbox', to, page] as const,
  chain: ['chain'] as const,
  /** The server's alerts, and their thresholds. */
  monitorAlerts: ['monitor', 'alerts'] as const,
  monitorSettings: ['monitor', 'settings'] as const,
  /** The index's venues and every spot pair's index. */
  index: ['index'] as const,
  /** The market maker's overview, and one pair's fills with their hedges. */
  maker: ['maker'] as const,
  makerFills: (symbol: string) => ['maker', 'fills', symbol] as const,
  porLatest: ['por', 'latest'] as const,
  feedback: ['feedback'] as const,
  feedbackPage: (status: string, page: number) => ['feedback', status, page] as const,
  /** A settings table (`spot`, `coins`, …). */
  config: (path: string) => [...config, path] as const,
  coinNetworks: (coinId: number) => [...config, 'coin-networks', coinId] as const,
  /** A content list (notices, banners, help articles), and one page of it. */
  content,
  contentPage: (path: string, page: number) => [...content(path), page] as const,
  /** Every help category (the articles' picker). */
  helpCategories: ['content', 'help/categories', 'all'] as const,
  chatConversations: [...chat, 'conversations'] as const,
  chatMessages: (userId: number) => [...chat, 'messages', userId] as const,
  chatContext: (userId: number) => [...chat, 'context', userId] as const,
};

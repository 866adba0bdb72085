/**
 * Every React Query key of the app, in one place. A key is a path: invalidating a prefix
 * (`wallet`) refetches every query under it (`wallet/list`, `wallet/lever/...`), so a query whose
 * data a change touches is defined under that change's prefix; what each change makes out of
 * date is in `stale.ts`. A per-session key ends with the session's token, so a new session never
 * reads another one's answers.
 */
import { CONFIG_KEY } from './configKey.ts';

type Token = string | undefined;

const wallet = ['wallet'] as const;
const records = ['records'] as const;
const user = ['user'] as const;
const options = ['options'] as const;
const optionInfo = [...options, 'info'] as const;
const spotOrders = ['spot', 'orders'] as const;
const spotOrder = ['spot', 'order'] as const;
const notifications = ['notifications'] as const;
const latestNotifications = [...notifications, 'latest'] as const;
const notificationLists = [...notifications, 'list'] as const;
const chatUnreadCounts = ['chat', 'unread'] as const;
const market = ['market'] as const;
const quoteLists = [...market, 'quotes'] as const;
const content = ['content'] as const;
const help = [...content, 'help'] as const;
const publication = ['publication'] as const;
const referral = ['referral'] as const;
const addresses = ['addresses'] as const;
const security = ['security'] as const;
const passkeys = ['passkeys'] as const;
const sessions = ['sessions'] as const;
const loginHistory = ['loginHistory'] as const;
const apiKeys = ['apiKeys'] as const;
const push = ['push'] as const;
const bots = ['bots'] as const;

export const queryKeys = {
  /** The server's settings (read at start, before React Query's hooks load). */
  config: CONFIG_KEY,
  areaCodes: ['area_code'] as const,

  /** Balances: the wallet list, a coin's detail, the lever and finance figures. */
  wallet,
  walletList: [...wallet, 'list'] as const,
  coinDetail: (currencyId: number) => [...wallet, 'detail', currencyId] as const,
  demoFunds: [...wallet, 'demoFunds'] as const,
  /** The user's finance totals; under `wallet` so a money movement refreshes them. */
  financeReport: [...wallet, 'financeReport'] as const,
  /** Flexible savings: products, holdings, daily payments; under `wallet` like the totals. */
  savings: [...wallet, 'savings'] as const,
  leverDeal: [...wallet, 'lever', 'deal'] as const,
  leverPositions: (tab: string) => [...wallet, 'lever', 'positions', tab] as const,
  platformBank: ['platformBank'] as const,
  depositAddress: (currencyId: number, network: string) =>
    ['depositAddress', currencyId, network] as const,
  conversionQuote: (request: object | null) => ['conversion', 'quote', request] as const,

  /** Money lists and details: deposits, withdrawals, transfers, subscriptions, finance orders. */
  records,
  recordActions: (type: string) => [...records, 'actions', type] as const,
  recordDetail: (kind: string | null, id: number | null) =>
    [...records, 'detail', kind, id] as const,
  withdrawal: (id: number | null) => [...records, 'withdrawal', id] as const,
  transfers: [...records, 'transfers'] as const,
  subscriptionRecords: (tab: string) => [...records, 'subscriptions', tab] as const,
  financeOrders: (status: string) => [...records, 'finance', status] as const,

  financeProducts: ['finance', 'products'] as const,
  financeConfig: ['finance', 'config'] as const,
  kyc: ['kyc'] as const,
  /** The user as the server sees them (profile, fund password, 2FA, KYC states). */
  user,
  sessionUser: (token: Token) => [...user, token] as const,
  accountState: (token: Token) => [...user, 'state', token] as const,
  /** Under `user` so a new session forgets another user's feedback. */
  feedback: [...user, 'feedback'] as const,
  feedbackUnread: [...user, 'feedback-unread'] as const,
  addresses,
  /** Saved withdraw addresses of one coin, or of all. */
  addressesOf: (currencyId: number | undefined) => [...addresses, currencyId ?? 'all'] as const,
  bankCards: ['bankCards'] as const,

  /** Option info (balances, KYC standing), orders and details. */
  options,
  optionInfo,
  optionInfoOf: (token: Token) => [...optionInfo, token ?? null] as const,
  optionOrders: (status: string, token: Token) =>
    [...options, 'orders', status, token ?? null] as const,
  optionDetail: (id: number) => [...options, 'detail', id] as const,

  spotPairs: ['spot', 'pairs'] as const,
  spotDeal: (symbol: string) => ['spot', 'deal', symbol] as const,
  spotOrders,
  spotOrderList: (kind: string, symbol: string) => [...spotOrders, kind, symbol] as const,
  spotOrder,
  spotOrderDetail: (id: number) => [...spotOrder, id] as const,

  notifications,
  /** The latest few (the bell's count), per language. */
  latestNotifications,
  latestNotificationsIn: (locale: string) => [...latestNotifications, locale] as const,
  /** The centre's paged list, per language. */
  notificationLists,
  notificationList: (locale: string) => [...notificationLists, locale] as const,
  chatUnreadCounts,
  chatUnread: (userId: number) => [...chatUnreadCounts, userId] as const,

  /** Per session (the token is the key's last part). */
  security,
  securityOf: (token: Token) => [...security, token] as const,
  passkeys,
  passkeysOf: (token: Token) => [...passkeys, token] as const,
  sessions,
  sessionsOf: (token: Token) => [...sessions, token] as const,
  loginHistory,
  loginHistoryOf: (token: Token) => [...loginHistory, token] as const,
  apiKeys,
  apiKeysOf: (token: Token) => [...apiKeys, token] as const,
  push,
  pushState: (token: Token) => [...push, token] as const,

  market,
  quoteLists,
  quotes: (list: string) => [...quoteLists, list] as const,
  quote: (symbol: string) => [...market, 'quote', symbol] as const,
  /** A spot symbol's index (what contracts and options settle on), apart from its trades. */
  indexQuote: (symbol: string) => [...market, 'indexQuote', symbol] as const,
  favourites: (userId: number | undefined) => [...market, 'favourites', userId] as const,

  latestNotices: (locale: string) => [...content, 'latest', locale] as const,
  notices: (locale: string) => [...content, 'notices', locale] as const,
  notice: (id: number, locale: string) => [...content, 'notice', id, locale] as const,
  banners: (locale: string) => [...content, 'banners', locale] as const,
  supportLinks: [...content, 'support-links'] as const,
  help,
  helpCategories: (locale: string) => [...help, 'categories', locale] as const,
  helpArticles: (locale: string, q: string) => [...help, 'list', locale, q] as const,
  /** An article by id, or by its stable code (links from other pages). */
  helpArticle: (idOrCode: number | string, locale: string) =>
    [...help, 'article', idOrCode, locale] as const,

  publication,
  publicationConfig: [...publication, 'config'] as const,
  publicationProject: (id: number) => [...publication, 'project', id] as const,
  publicationProjects: (state: string) => [...publication, 'projects', state] as const,
  /** The picker's own list of open projects (apart from the page's, which pages). */
  publicationPicker: [...publication, 'projects', 'subscribing', 'picker'] as const,
  publicationRecommend: [...publication, 'recommend'] as const,

  referral,
  referralSummary: [...referral, 'summary'] as const,
  referralRanking: [...referral, 'ranking'] as const,
  referralPoster: [...referral, 'poster'] as const,
  referralInvitees: [...referral, 'invitees'] as const,
  referralRebates: [...referral, 'rebates'] as const,

  porLatest: ['por', 'latest'] as const,
  porProof: (id: number, currencyId: number) => ['por', 'proof', id, currencyId] as const,
  /** The user's price alerts (waiting and fired). */
  alerts: ['alerts'] as const,
  /** The user's bots (recurring buys), per session: the list and one bot with its runs. */
  bots,
  botsOf: (token: Token) => [...bots, 'list', token] as const,
  botOf: (id: number | null, token: Token) => [...bots, 'one', id, token] as const,
};

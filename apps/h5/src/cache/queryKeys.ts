/**
 * The React Query keys used in more than one place. A key is a path: invalidating a prefix
 * (`wallet`) refetches every query under it (`wallet/list`, `wallet/lever/...`), so a query whose
 * data a change touches is defined under that change's prefix. Keys used only where they are
 * defined stay there; what each change makes out of date is in `stale.ts`.
 */
const wallet = ['wallet'] as const;
const records = ['records'] as const;
const user = ['user'] as const;
const options = ['options'] as const;
const spotOrders = ['spot', 'orders'] as const;
const notifications = ['notifications'] as const;
const notificationLists = [...notifications, 'list'] as const;
const chatUnreadCounts = ['chat', 'unread'] as const;
const market = ['market'] as const;
const quoteLists = [...market, 'quotes'] as const;

export const queryKeys = {
  /** Balances: the wallet list, a coin's detail, the lever and finance figures. */
  wallet,
  /** Money lists and details: deposits, withdrawals, transfers, subscriptions, finance orders. */
  records,
  financeOrders: (status: string) => [...records, 'finance', status] as const,
  kyc: ['kyc'],
  /** The user as the server sees them (profile, fund password, 2FA, KYC states). */
  user,
  /** Under `user` so a new session forgets another user's feedback. */
  feedback: [...user, 'feedback'],
  addresses: ['addresses'],
  bankCards: ['bankCards'],
  /** Option info (balances, KYC standing), orders and details. */
  options,
  optionInfo: [...options, 'info'],
  spotOrders,
  spotOrderList: (kind: string, symbol: string) => [...spotOrders, kind, symbol] as const,
  spotOrder: ['spot', 'order'],
  notifications,
  /** The latest few (the bell's count), per language. */
  latestNotifications: [...notifications, 'latest'],
  /** The centre's paged list, per language. */
  notificationLists,
  notificationList: (locale: string) => [...notificationLists, locale] as const,
  chatUnreadCounts,
  chatUnread: (userId: number) => [...chatUnreadCounts, userId] as const,
  /** Per session (the token is the key's last part). */
  security: ['security'],
  passkeys: ['passkeys'],
  sessions: ['sessions'],
  loginHistory: ['loginHistory'],
  apiKeys: ['apiKeys'],
  market,
  quoteLists,
  quotes: (list: string) => [...quoteLists, list] as const,
  quote: (symbol: string) => [...market, 'quote', symbol] as const,
  notices: (locale: string) => ['content', 'notices', locale] as const,
  help: ['content', 'help'],
  publication: ['publication'],
  referral: ['referral'],
  /** The user's price alerts (waiting and fired). */
  alerts: ['alerts'],
} as const;

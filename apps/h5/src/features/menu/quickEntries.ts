import GiftOutline from 'antd-mobile-icons/es/GiftOutline';
import HistogramOutline from 'antd-mobile-icons/es/HistogramOutline';
import PieOutline from 'antd-mobile-icons/es/PieOutline';
import QuestionCircleOutline from 'antd-mobile-icons/es/QuestionCircleOutline';
import ReceivePaymentOutline from 'antd-mobile-icons/es/ReceivePaymentOutline';
import SendOutline from 'antd-mobile-icons/es/SendOutline';
import UserAddOutline from 'antd-mobile-icons/es/UserAddOutline';
import type { Entry } from './entries.ts';

// Apart from the side menu's entries, so the home page's first paint loads only these icons.
/** The home page's quick entries. */
export const QUICK_ENTRIES = [
  {
    key: 'deposit',
    label: 'home.quick.deposit',
    to: '/pages/deposit/index',
    Icon: ReceivePaymentOutline,
  },
  { key: 'withdraw', label: 'home.quick.withdraw', to: '/pages/withdraw/index', Icon: SendOutline },
  {
    key: 'referral',
    label: 'home.quick.referral',
    to: '/pages/promotion/index',
    Icon: UserAddOutline,
  },
  { key: 'lever', label: 'lever.quick', to: '/pages/lever/index', Icon: HistogramOutline },
  { key: 'finance', label: 'home.quick.finance', to: '/pages/finance/index', Icon: PieOutline },
  {
    key: 'subscription',
    label: 'home.quick.subscription',
    to: '/pages/publication/index',
    Icon: GiftOutline,
  },
  {
    key: 'help',
    label: 'home.quick.help',
    to: '/pages/help-center/center',
    Icon: QuestionCircleOutline,
  },
] as const satisfies readonly Entry[];

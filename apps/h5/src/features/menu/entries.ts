import type { ComponentType } from 'react';
import ReceivePaymentOutline from 'antd-mobile-icons/es/ReceivePaymentOutline';
import SendOutline from 'antd-mobile-icons/es/SendOutline';
import UserAddOutline from 'antd-mobile-icons/es/UserAddOutline';
import UserContactOutline from 'antd-mobile-icons/es/UserContactOutline';
import CheckShieldOutline from 'antd-mobile-icons/es/CheckShieldOutline';
import LocationOutline from 'antd-mobile-icons/es/LocationOutline';
import MessageOutline from 'antd-mobile-icons/es/MessageOutline';
import TeamOutline from 'antd-mobile-icons/es/TeamOutline';
import QuestionCircleOutline from 'antd-mobile-icons/es/QuestionCircleOutline';
import CalculatorOutline from 'antd-mobile-icons/es/CalculatorOutline';
import SetOutline from 'antd-mobile-icons/es/SetOutline';
import BillOutline from 'antd-mobile-icons/es/BillOutline';
import ReceiptOutline from 'antd-mobile-icons/es/ReceiptOutline';
import BellOutline from 'antd-mobile-icons/es/BellOutline';
import LoopOutline from 'antd-mobile-icons/es/LoopOutline';

export interface Entry {
  key: string;
  /** A key of en.json. */
  label: string;
  to: string;
  Icon: ComponentType<{ className?: string }>;
}

/** The side menu of the spec, in its order. Entries whose page is not built show disabled. */
export const MENU_ENTRIES = [
  {
    key: 'deposit',
    label: 'menu.deposit',
    to: '/pages/deposit/index',
    Icon: ReceivePaymentOutline,
  },
  { key: 'withdraw', label: 'menu.withdraw', to: '/pages/withdraw/index', Icon: SendOutline },
  { key: 'referral', label: 'menu.referral', to: '/pages/promotion/index', Icon: UserAddOutline },
  {
    key: 'verification',
    label: 'menu.verification',
    to: '/pages/verification/index',
    Icon: UserContactOutline,
  },
  {
    key: 'security',
    label: 'menu.security',
    to: '/pages/settings/security/index',
    Icon: CheckShieldOutline,
  },
  {
    key: 'addresses',
    label: 'menu.addresses',
    to: '/pages/user/address/index',
    Icon: LocationOutline,
  },
  { key: 'contact', label: 'menu.contact', to: '/pages/help-center/contact', Icon: MessageOutline },
  { key: 'chat', label: 'chat.menu', to: '/pages/help-center/chat', Icon: TeamOutline },
  { key: 'help', label: 'menu.help', to: '/pages/help-center/center', Icon: QuestionCircleOutline },
  { key: 'alerts', label: 'menu.alerts', to: '/pages/alerts/index', Icon: BellOutline },
  { key: 'bots', label: 'menu.bots', to: '/pages/bots/index', Icon: LoopOutline },
  {
    key: 'pricing',
    label: 'menu.pricing',
    to: '/pages/settings/pricing/index',
    Icon: CalculatorOutline,
  },
  { key: 'settings', label: 'menu.settings', to: '/pages/settings/index', Icon: SetOutline },
  {
    key: 'depositRecords',
    label: 'menu.depositRecords',
    to: '/pages/assets/record?type=deposit',
    Icon: BillOutline,
  },
  {
    key: 'withdrawRecords',
    label: 'menu.withdrawRecords',
    to: '/pages/assets/record?type=withdraw',
    Icon: ReceiptOutline,
  },
] as const satisfies readonly Entry[];

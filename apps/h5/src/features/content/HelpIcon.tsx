import FileOutline from 'antd-mobile-icons/es/FileOutline';
import HistogramOutline from 'antd-mobile-icons/es/HistogramOutline';
import LockOutline from 'antd-mobile-icons/es/LockOutline';
import PayCircleOutline from 'antd-mobile-icons/es/PayCircleOutline';
import UserOutline from 'antd-mobile-icons/es/UserOutline';

const ICONS = {
  wallet: PayCircleOutline,
  trade: HistogramOutline,
  shield: LockOutline,
  user: UserOutline,
} as const;

/** A help category's icon by the name the server gives. */
export function HelpIcon({ name, className }: { name: string; className?: string }) {
  const Icon = ICONS[name as keyof typeof ICONS] ?? FileOutline;
  return <Icon className={className} />;
}

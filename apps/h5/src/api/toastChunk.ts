import { Globals } from '@react-spring/web';
import Toast from 'antd-mobile/es/components/toast';
import './toast.css';

/**
 * What loads with the toasts (right after the first screen, api/toast.ts): antd-mobile's Toast,
 * its opaque colours, and reduced motion for every antd-mobile popup, mask and toast (they all
 * animate with react-spring). Kept here, not in the entry, whose size is budgeted.
 */
const reduce = globalThis.matchMedia?.('(prefers-reduced-motion: reduce)');
const follow = () => Globals.assign({ skipAnimation: reduce?.matches === true });
follow();
reduce?.addEventListener?.('change', follow);

export default Toast;

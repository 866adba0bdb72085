import { ConnectionBanner } from '../features/connection/ConnectionBanner.tsx';
import { LiveNotifications } from '../features/notifications/LiveNotifications.tsx';
import { UpdatePrompt } from './UpdatePrompt.tsx';
import './shell-notices.css';
// Here rather than in the entry (its size is budgeted): opaque toasts, reduced motion.
import './toasts.css';
import './reducedMotion.ts';

/**
 * What the frame tells about the app itself (its connection, a new version) and the user's live
 * notifications (toasts, the bell's count). Loaded lazily, after the first screen.
 */
export default function ShellNotices() {
  return (
    <>
      <ConnectionBanner />
      <UpdatePrompt />
      <LiveNotifications />
    </>
  );
}

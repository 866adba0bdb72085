import { ConnectionBanner } from '../features/connection/ConnectionBanner.tsx';
import { UpdatePrompt } from './UpdatePrompt.tsx';
import './shell-notices.css';

/** What the frame tells about the app itself: its connection and a new version. Loaded lazily. */
export default function ShellNotices() {
  return (
    <>
      <ConnectionBanner />
      <UpdatePrompt />
    </>
  );
}

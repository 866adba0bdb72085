import { Globals } from '@react-spring/web';

/**
 * Reduced motion for every antd-mobile popup, mask and toast (they all animate with
 * react-spring): its springs skip to the end while the system asks for less motion. Loaded with
 * the shell's notices, after the first screen, so the entry (whose size is budgeted) does not
 * carry it, and its chunks stay as they were.
 */
const reduce = globalThis.matchMedia?.('(prefers-reduced-motion: reduce)');
const follow = () => Globals.assign({ skipAnimation: reduce?.matches === true });
follow();
reduce?.addEventListener?.('change', follow);

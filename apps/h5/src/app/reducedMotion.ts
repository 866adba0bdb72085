import { reduceMotion, restoreMotion } from 'antd-mobile/es/utils/reduce-and-restore-motion';

/**
 * Reduced motion for every antd-mobile popup, mask, toast and spinner while the system asks for
 * less motion: antd-mobile's own switch, which skips react-spring's animations and stops its
 * looping ones (setting react-spring's `skipAnimation` alone spins a looping spinner for ever).
 * Loaded with the shell's notices, after the first screen, so the entry (whose size is budgeted)
 * does not carry it, and its chunks stay as they were.
 */
const reduce = globalThis.matchMedia?.('(prefers-reduced-motion: reduce)');
const follow = () => (reduce?.matches ? reduceMotion() : restoreMotion());
follow();
reduce?.addEventListener?.('change', follow);

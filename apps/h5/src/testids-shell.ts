/**
 * The test ids of the app's frame (tab bar, navigation bar, page placeholders, shell notices):
 * apart from the rest so the first page does not carry every page's ids. `TID` includes them.
 */
export const SHELL_TID = {
  tab: {
    home: 'tab-home',
    trade: 'tab-trade',
    option: 'tab-option',
    finance: 'tab-finance',
    assets: 'tab-assets',
  },
  navBack: 'nav-back',
  pageRetry: 'page-retry',
  /** The app shell's notices: the connection's state and a new version waiting. */
  shell: {
    connection: 'shell-connection',
    update: 'shell-update',
    updateReload: 'shell-update-reload',
    updateLater: 'shell-update-later',
  },
} as const;

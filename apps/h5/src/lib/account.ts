/** An account for display with its middle hidden: '138****0000', 'ja***@example.com'. */
export function maskAccount(account: string): string {
  const at = account.indexOf('@');
  if (at > 0) {
    const name = account.slice(0, at);
    const shown = name.length <= 2 ? name.slice(0, 1) : name.slice(0, 2);
    return `${shown}***${account.slice(at)}`;
  }
  if (account.length >= 7) return `${account.slice(0, 3)}****${account.slice(-4)}`;
  if (account.length > 2) return `${account.slice(0, 1)}***${account.slice(-1)}`;
  return account;
}

/** The letter an avatar placeholder shows. */
export function initialOf(name: string): string {
  const first = Array.from(name.trim())[0];
  return first ? first.toUpperCase() : '?';
}

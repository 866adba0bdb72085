/** Support links from `SUPPORT_LINKS` ("Name|url,Name|url"); the in-app chat is always there. */
export function supportLinks(
  env: NodeJS.ProcessEnv = process.env,
): { name: string; url: string }[] {
  const configured = (env.SUPPORT_LINKS ?? '')
    .split(',')
    .map((pair) => pair.split('|').map((s) => s.trim()))
    .filter(
      (parts): parts is [string, string] =>
        parts.length === 2 && Boolean(parts[0]) && Boolean(parts[1]),
    );
  return [
    { name: 'Online chat', url: '#/pages/help-center/chat' },
    ...configured.map(([name, url]) => ({ name, url })),
  ];
}

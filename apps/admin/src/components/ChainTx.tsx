/** A chain transaction's hash, linked to the network's explorer when one is configured. */
export function ChainTx({ hash, url }: { hash: string; url: string | null }) {
  const code = <code style={{ wordBreak: 'break-all' }}>{hash}</code>;
  return url ? (
    <a href={url} target="_blank" rel="noopener noreferrer">
      {code}
    </a>
  ) : (
    code
  );
}

import { useEffect, useState } from 'react';
import { Image, Typography } from 'antd';
import { fetchBlobUrl } from '../api/http.ts';

/** A private upload shown in place (fetched with the operator token); click to enlarge. */
export function AuthImage({
  src,
  label,
  size = 160,
}: {
  src: string | null;
  label: string;
  size?: number;
}) {
  const [url, setUrl] = useState<string | null>(null);
  const [failed, setFailed] = useState(false);
  useEffect(() => {
    if (!src) return;
    let revoked = false;
    let made: string | null = null;
    fetchBlobUrl(src).then(
      (u) => {
        made = u;
        if (revoked) URL.revokeObjectURL(u);
        else setUrl(u);
      },
      () => setFailed(true),
    );
    return () => {
      revoked = true;
      if (made) URL.revokeObjectURL(made);
    };
  }, [src]);
  return (
    <div style={{ display: 'inline-block', marginRight: 12, textAlign: 'center' }}>
      <div
        style={{
          width: size,
          height: size,
          border: '1px solid #f0f0f0',
          borderRadius: 6,
          display: 'grid',
          placeItems: 'center',
          overflow: 'hidden',
          background: '#fafafa',
        }}
      >
        {url ? (
          <Image
            src={url}
            width={size}
            height={size}
            style={{ objectFit: 'contain' }}
            alt={label}
          />
        ) : (
          <Typography.Text type="secondary">{!src ? '—' : failed ? '✕' : '…'}</Typography.Text>
        )}
      </div>
      <Typography.Text type="secondary">{label}</Typography.Text>
    </div>
  );
}

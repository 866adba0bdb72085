import { useEffect, useState } from 'react';

/** A QR code of `text`; the encoder loads with the first code shown (its own chunk). */
export function QrCode({ text, label, testId }: { text: string; label: string; testId: string }) {
  const [image, setImage] = useState<{ text: string; url: string } | null>(null);
  useEffect(() => {
    let live = true;
    import('qrcode')
      .then(({ toDataURL }) =>
        toDataURL(text, { margin: 1, width: 360, errorCorrectionLevel: 'M' }),
      )
      .then((url) => {
        if (live) setImage({ text, url });
      })
      .catch(() => {
        // The address stays readable and copyable beside it.
      });
    return () => {
      live = false;
    };
  }, [text]);
  return (
    <div className="hx-qr" data-testid={testId} data-ready={image?.text === text}>
      {image?.text === text ? (
        <img src={image.url} alt={label} width={180} height={180} />
      ) : (
        <span className="hx-spinner" />
      )}
    </div>
  );
}

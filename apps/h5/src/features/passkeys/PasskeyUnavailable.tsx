import { useTranslation } from 'react-i18next';
import { TID } from '../../testids.ts';
import { numberAddress } from './webauthn.ts';

/**
 * Why passkeys cannot be added here, and what to do: opened by a number address (browsers
 * refuse passkeys there), the same page by its host name, or an up-to-date browser.
 */
export function PasskeyUnavailable() {
  const { t } = useTranslation();
  const address = numberAddress();
  return (
    <p className="hx-device-note" role="note" data-testid={TID.passkeys.unsupported}>
      {!address && t('passkeys.unsupported')}
      {address?.byName && (
        <>
          {t('passkeys.ipLoopback', { host: address.host })}{' '}
          <a href={address.byName} data-testid={TID.passkeys.byName}>
            {new URL(address.byName).host}
          </a>
        </>
      )}
      {address && !address.byName && t('passkeys.ipOther', { host: address.host })}
    </p>
  );
}

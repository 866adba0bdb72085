import { useTranslation } from 'react-i18next';
import { CodeField } from '../auth/CodeField.tsx';
import { useSession } from '../session/store.ts';
import { AuthenticatorField } from '../two-factor/AuthenticatorField.tsx';
import { maskAccount } from '../../lib/account.ts';
import { ownCodeTarget } from './codeTarget.ts';
import { FundPasswordField } from './FundPasswordField.tsx';

type Setter = (value: string) => void;

/**
 * What a new place to withdraw to takes (an address, a bank card): the fund password, a code
 * sent to the user (scene `address`), and the authenticator's code when 2FA is on.
 */
export function DestinationProof({
  password,
  onPassword,
  code,
  onCode,
  totp,
  onTotp,
  twoFactor,
  errors,
  testIds,
}: {
  password: string;
  onPassword: Setter;
  code: string;
  onCode: Setter;
  totp: string;
  onTotp: Setter;
  twoFactor: boolean;
  errors: Record<string, string | undefined>;
  testIds: { password: string; code: string; totp: string };
}) {
  const { t } = useTranslation();
  const target = ownCodeTarget(useSession()?.user);
  return (
    <>
      <FundPasswordField
        value={password}
        onChange={onPassword}
        error={errors.pay_password}
        testId={testIds.password}
      />
      {target && (
        <CodeField
          value={code}
          onChange={onCode}
          target={target}
          scene="address"
          beforeSend={() => true}
          error={errors.code}
          testId={testIds.code}
        />
      )}
      {twoFactor && (
        <AuthenticatorField
          value={totp}
          onChange={onTotp}
          error={errors.totp}
          testId={testIds.totp}
        />
      )}
      <p className="hx-form-hint">
        {t('address.codeHint', { account: maskAccount(target?.account ?? '') })}
      </p>
    </>
  );
}

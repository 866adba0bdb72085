import { useTranslation } from 'react-i18next';
import { errorMessage } from '../../i18n/errors.ts';
import { CodeField } from '../auth/CodeField.tsx';
import { useSession } from '../../api/session-store.ts';
import { AuthenticatorField } from '../two-factor/AuthenticatorField.tsx';
import { useLocale } from '../../i18n/index.ts';
import { maskAccount } from '../../lib/account.ts';
import { ownCodeTarget } from './codeTarget.ts';
import { FundPasswordField } from './FundPasswordField.tsx';
import { PrerequisiteList } from './PrerequisiteList.tsx';
import { PAY_PASSWORD_PATH } from './prerequisites.ts';
import type { useDestinationProof } from './useDestinationProof.ts';

type Proof = ReturnType<typeof useDestinationProof>;

/** The prompt at the top of the form while the user has no fund password. */
export function FundPasswordFirst({ proof }: { proof: Proof }) {
  const locale = useLocale();
  if (!proof.noPassword) return null;
  return (
    <PrerequisiteList
      missing={[
        {
          key: 'payPassword',
          message: errorMessage('PAY_PASSWORD_NOT_SET', locale),
          to: PAY_PASSWORD_PATH,
        },
      ]}
    />
  );
}

/** The proof's fields, and where the code goes. */
export function DestinationProof({
  proof,
  errors,
  testIds,
}: {
  proof: Proof;
  errors: Record<string, string | undefined>;
  testIds: { password: string; code: string; totp: string };
}) {
  const { t } = useTranslation();
  const target = ownCodeTarget(useSession()?.user);
  const { password, setPassword, code, setCode, totp, setTotp, twoFactor } = proof.inputs;
  return (
    <>
      <FundPasswordField
        value={password}
        onChange={setPassword}
        error={errors.pay_password}
        testId={testIds.password}
      />
      {target && (
        <CodeField
          value={code}
          onChange={setCode}
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
          onChange={setTotp}
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

import { useState } from 'react';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { PageFrame } from '../../../components/PageFrame.tsx';
import { PrerequisiteList } from '../../../features/wallet/PrerequisiteList.tsx';
import {
  accountPrerequisites,
  BANK_CARD_CREATE_PATH,
  type Missing,
} from '../../../features/wallet/prerequisites.ts';
import {
  bankCardsQuery,
  coinDetailQuery,
  platformBankQuery,
  useAccountState,
} from '../../../features/wallet/queries.ts';
import { SelectField } from '../../../features/wallet/SelectField.tsx';
import { WithdrawForm } from '../../../features/wallet/WithdrawForm.tsx';
import { useLocale } from '../../../i18n/index.ts';
import { TID } from '../../../testids.ts';
import { useSecurityState } from '../../../features/protection/queries.ts';
import { withdrawBlocks } from '../../../features/protection/withdrawBlocks.ts';
import '../../../features/wallet/styles.ts';

/** Withdraw the bank currency to one of the user's bank cards. */
export default function WithdrawBankPage() {
  const { t } = useTranslation();
  const locale = useLocale();
  const user = useAccountState();
  const bank = useQuery(platformBankQuery);
  const currencyId = bank.data?.currency_id ?? 0;
  const detail = useQuery({ ...coinDetailQuery(currencyId), refetchOnMount: 'always' });
  const cards = useQuery({ ...bankCardsQuery, refetchOnMount: 'always' });
  const [picked, setPicked] = useState<number | null>(null);
  const list = cards.data?.list ?? [];
  const card = list.find((c) => c.id === picked) ?? list[0];
  const security = useSecurityState();

  const missing: Missing[] = user ? accountPrerequisites(user, locale) : [];
  if (cards.data && list.length === 0)
    missing.push({
      key: 'bankCard',
      message: t('withdraw.bankCardRequired'),
      to: BANK_CARD_CREATE_PATH,
    });
  missing.push(...withdrawBlocks(security.data, undefined, locale));

  return (
    <PageFrame title={t('withdraw.bankTitle')}>
      <div className="hx-form">
        <PrerequisiteList missing={missing} />
        {bank.isError && <div className="hx-form-error">{bank.error.message}</div>}
        <div className="hx-field">
          <div className="hx-field-label">{t('money.coin')}</div>
          <div className="hx-static-value">{detail.data?.name ?? '--'}</div>
        </div>
        <SelectField
          label={t('withdraw.bankCard')}
          value={card?.id}
          options={list.map((c) => ({
            key: c.id,
            label: `${c.bank_name} **** ${c.card_number.slice(-4)}`,
            extra: c.name,
          }))}
          onChange={setPicked}
          placeholder={t('withdraw.noBankCard')}
          testId={TID.withdraw.bankCard}
          extra={
            <Link className="hx-row-link" to={BANK_CARD_CREATE_PATH}>
              {t('withdraw.addBankCard')}
            </Link>
          }
        />
        <WithdrawForm
          key={currencyId}
          detail={detail.data}
          destination={{ bank_id: card?.id }}
          shown={
            card && {
              label: card.bank_name,
              address: `${card.name} · **** ${card.card_number.slice(-4)}`,
              network: 'BANK',
            }
          }
          network="BANK"
          missing={missing}
        />
      </div>
    </PageFrame>
  );
}

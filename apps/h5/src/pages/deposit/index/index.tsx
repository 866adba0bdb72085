import { useState } from 'react';
import { Button } from 'antd-mobile';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { useNavigate, useSearchParams } from 'react-router';
import BillOutline from 'antd-mobile-icons/es/BillOutline';
import { NavAction } from '../../../features/wallet/NavAction.tsx';
import { PageFrame } from '../../../components/PageFrame.tsx';
import { ChargeForm } from '../../../features/wallet/ChargeForm.tsx';
import { CoinField } from '../../../features/wallet/CoinField.tsx';
import { copyWithToast } from '../../../features/wallet/copy.ts';
import { InfoList } from '../../../features/wallet/InfoList.tsx';
import {
  depositAddressQuery,
  platformBankQuery,
  useDecimalsOf,
} from '../../../features/wallet/queries.ts';
import { useCoinChoice } from '../../../features/wallet/useCoinChoice.ts';
import { useLocale } from '../../../i18n/index.ts';
import { floorFormat } from '../../../lib/number.ts';
import { TID } from '../../../testids.ts';
import { QrCode } from '../../../components/QrCode.tsx';
import '../../../features/wallet/styles.ts';
import { Segments } from '../../../components/Segments.tsx';
import { isOmniToken, networkName } from '../../../features/wallet/networkName.ts';

/** Deposit: a coin's address on a network (with its QR code), or the platform's bank account. */
export default function DepositPage() {
  const { t } = useTranslation();
  const [params, setParams] = useSearchParams();
  const bank = params.get('tab') === 'bank';
  return (
    <PageFrame
      title={t('deposit.title')}
      right={
        <NavAction
          label={t('deposit.records')}
          icon={<BillOutline />}
          to={'/pages/assets/record?type=deposit'}
          testId={TID.deposit.records}
        />
      }
    >
      <div className="hx-form">
        <Segments
          options={['crypto', 'bank'] as const}
          value={bank ? 'bank' : 'crypto'}
          onChange={(key) => setParams(key === 'bank' ? { tab: 'bank' } : {}, { replace: true })}
          label={(key) => t(`deposit.tabs.${key}`)}
          testId={TID.deposit.tab}
        />
        {bank ? <BankDeposit /> : <CryptoDeposit />}
      </div>
    </PageFrame>
  );
}

function CryptoDeposit() {
  const { t } = useTranslation();
  const locale = useLocale();
  const navigate = useNavigate();
  const { coin, coins, setCoinId } = useCoinChoice((c) => c.networks.length > 0);
  const [picked, setNetwork] = useState<string | null>(null);
  const network = coin?.networks.find((n) => n === picked) ?? coin?.networks[0] ?? '';
  const address = useQuery(depositAddressQuery(coin?.currency_id ?? 0, network));
  const decimals = coin?.decimals ?? 8;
  // A chain watcher credits this network's deposits by itself: nothing to submit.
  const automatic = address.data?.automatic === true;

  return (
    <>
      <CoinField coins={coins} coin={coin} onChange={setCoinId} testId={TID.deposit.coin} />
      <div className="hx-field-label">{t('deposit.network')}</div>
      <div className="hx-chips hx-chips--form">
        {coin?.networks.map((name) => (
          <button
            key={name}
            type="button"
            className={name === network ? 'hx-chip hx-chip--active' : 'hx-chip'}
            aria-pressed={name === network}
            onClick={() => setNetwork(name)}
            data-testid={TID.deposit.network(name)}
          >
            {networkName(coin?.name, name)}
          </button>
        ))}
      </div>
      <section className="hx-deposit-card">
        {address.isError ? (
          <div className="hx-form-error" role="alert">
            {address.error.message}
          </div>
        ) : address.data ? (
          <>
            <QrCode
              text={address.data.address}
              label={t('deposit.qrLabel', {
                coin: coin?.name ?? '',
                network: networkName(coin?.name, network),
              })}
              testId={TID.deposit.qr}
            />
            <div className="hx-field-label">{t('deposit.address')}</div>
            <div className="hx-deposit-address" data-testid={TID.deposit.address}>
              {address.data.address}
            </div>
            <Button
              size="small"
              color="primary"
              fill="outline"
              onClick={() =>
                void copyWithToast(address.data.address, t('common.copied'), t('common.copyFailed'))
              }
              data-testid={TID.deposit.copy}
            >
              {t('deposit.copyAddress')}
            </Button>
          </>
        ) : (
          <span className="hx-spinner" />
        )}
      </section>
      <ul className="hx-notes">
        <li>
          {t('deposit.minNote', {
            amount: address.data ? floorFormat(address.data.min, decimals, locale) : '--',
            coin: coin?.name ?? '',
          })}
        </li>
        <li>
          {t('deposit.networkNote', {
            network: networkName(coin?.name, network),
            coin: coin?.name ?? '',
          })}
        </li>
        {isOmniToken(coin?.name, network) && (
          <li data-testid={TID.deposit.omniNote}>{t('deposit.omniNote', { coin: coin?.name })}</li>
        )}
        {automatic ? (
          <li data-testid={TID.deposit.automatic}>
            {t('deposit.automaticNote', { count: address.data?.confirmations ?? 0 })}
          </li>
        ) : (
          <li>{t('deposit.reviewNote')}</li>
        )}
      </ul>
      {automatic ? (
        <Button
          block
          color="primary"
          size="large"
          onClick={() => void navigate('/pages/assets/record?type=deposit')}
          data-testid={TID.deposit.track}
        >
          {t('deposit.track')}
        </Button>
      ) : (
        <Button
          block
          color="primary"
          size="large"
          disabled={!address.data || !coin}
          onClick={() =>
            coin &&
            navigate(`/pages/deposit/charge?currency_id=${coin.currency_id}&network=${network}`)
          }
          data-testid={TID.deposit.paid}
        >
          {t('deposit.paid')}
        </Button>
      )}
    </>
  );
}

function BankDeposit() {
  const { t } = useTranslation();
  const bank = useQuery(platformBankQuery);
  const decimalsOf = useDecimalsOf();
  const coins = useCoinChoice().coins;
  if (bank.isError)
    return (
      <div className="hx-form-error" role="alert">
        {bank.error.message}
      </div>
    );
  if (!bank.data) return <span className="hx-spinner" />;
  const info = bank.data;
  const coin = coins.find((c) => c.currency_id === info.currency_id)?.name ?? '';
  return (
    <>
      <p className="hx-form-hint">{t('deposit.bankIntro', { coin })}</p>
      <InfoList
        rows={[
          {
            label: t('deposit.bank.accountName'),
            value: info.account_name,
            copy: info.account_name,
          },
          {
            label: t('deposit.bank.accountNumber'),
            value: info.account_number,
            copy: info.account_number,
            testId: TID.deposit.bankAccount,
          },
          { label: t('deposit.bank.bankName'), value: info.bank_name, copy: info.bank_name },
          { label: t('deposit.bank.branch'), value: info.branch },
          { label: t('deposit.bank.swift'), value: info.swift_code, copy: info.swift_code },
          { label: t('deposit.bank.address'), value: info.bank_address },
        ]}
      />
      <ChargeForm
        currencyId={info.currency_id}
        coin={coin}
        decimals={decimalsOf(info.currency_id)}
        network="BANK"
        min={info.min}
      />
    </>
  );
}

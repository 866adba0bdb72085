import { useState } from 'react';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { errorMessage } from '../../../i18n/errors.ts';
import BillOutline from 'antd-mobile-icons/es/BillOutline';
import { NavAction } from '../../../features/wallet/NavAction.tsx';
import { PageFrame } from '../../../components/PageFrame.tsx';
import { CoinField } from '../../../features/wallet/CoinField.tsx';
import { PrerequisiteList } from '../../../features/wallet/PrerequisiteList.tsx';
import {
  accountPrerequisites,
  ADDRESS_CREATE_PATH,
  type Missing,
} from '../../../features/wallet/prerequisites.ts';
import {
  addressesQuery,
  coinDetailQuery,
  useAccountState,
} from '../../../features/wallet/queries.ts';
import { SelectField } from '../../../features/wallet/SelectField.tsx';
import { useCoinChoice } from '../../../features/wallet/useCoinChoice.ts';
import { AddressName } from '../../../features/wallet/AddressName.tsx';
import { WithdrawForm } from '../../../features/wallet/WithdrawForm.tsx';
import { useLocale } from '../../../i18n/index.ts';
import { TID } from '../../../testids.ts';
import { useSecurityState } from '../../../features/protection/queries.ts';
import { withdrawBlocks } from '../../../features/protection/withdrawBlocks.ts';
import '../../../features/wallet/styles.ts';
import { networkName } from '../../../features/wallet/networkName.ts';

/** Withdraw a coin to one of the user's saved addresses; an operator pays it out. */
export default function WithdrawPage() {
  const { t } = useTranslation();
  const locale = useLocale();
  const user = useAccountState();
  const { coin, coins, setCoinId } = useCoinChoice((c) => c.networks.length > 0);
  const currencyId = coin?.currency_id ?? 0;
  const detail = useQuery({ ...coinDetailQuery(currencyId), refetchOnMount: 'always' });
  const addresses = useQuery({ ...addressesQuery(currencyId), enabled: currencyId > 0 });
  const [picked, setPicked] = useState<number | null>(null);
  const list = addresses.data?.list ?? [];
  const address = list.find((a) => a.id === picked) ?? list[0];
  const createPath = `${ADDRESS_CREATE_PATH}?currency_id=${currencyId}`;
  const security = useSecurityState();

  const missing: Missing[] = user ? accountPrerequisites(user, locale) : [];
  if (addresses.data && list.length === 0)
    missing.push({
      key: 'address',
      message: errorMessage('ADDRESS_REQUIRED', locale),
      to: createPath,
    });
  missing.push(...withdrawBlocks(security.data, address, locale));

  return (
    <PageFrame
      title={t('withdraw.title')}
      right={
        <NavAction
          label={t('withdraw.records')}
          icon={<BillOutline />}
          to={'/pages/assets/record?type=withdraw'}
          testId={TID.withdraw.records}
        />
      }
    >
      <div className="hx-form">
        <PrerequisiteList missing={missing} />
        <CoinField
          coins={coins}
          coin={coin}
          onChange={(id) => {
            setCoinId(id);
            setPicked(null);
          }}
          testId={TID.withdraw.coin}
        />
        <SelectField
          label={t('withdraw.address')}
          value={address?.id}
          options={list.map((a) => ({
            key: a.id,
            label: <AddressName address={a} testId={TID.withdraw.addressLabel(a.id)} />,
            extra: networkName(coin?.name, a.network),
          }))}
          onChange={setPicked}
          placeholder={t('withdraw.noAddress')}
          testId={TID.withdraw.address}
          extra={
            <Link className="hx-row-link" to={createPath} data-testid={TID.withdraw.addAddress}>
              {t('withdraw.addAddress')}
            </Link>
          }
        />
        {address && (
          <div className="hx-amount-hint">
            {t('withdraw.network', { network: networkName(coin?.name, address.network) })}
          </div>
        )}
        <WithdrawForm
          key={currencyId}
          detail={detail.data}
          destination={{ address_id: address?.id }}
          shown={address}
          network={address?.network}
          missing={missing}
        />
        <div className="hx-form-links">
          <Link to="/pages/withdraw/bank/bank" data-testid={TID.withdraw.toBank}>
            {t('withdraw.toBank')}
          </Link>
        </div>
      </div>
    </PageFrame>
  );
}

import { useSearchParams } from 'react-router';
import { useTranslation } from 'react-i18next';
import BillOutline from 'antd-mobile-icons/es/BillOutline';
import { NavAction } from '../../../features/wallet/NavAction.tsx';
import { PageFrame } from '../../../components/PageFrame.tsx';
import { isSubAccount, type SubAccountName } from '../../../features/wallet/accounts.ts';
import { TransferForm } from '../../../features/wallet/TransferForm.tsx';
import { TID } from '../../../testids.ts';
import '../../../features/wallet/styles.ts';

/** Moves a coin between the user's sub-accounts, at once (`?from=currency&to=trust`). */
export default function TransferPage() {
  const { t } = useTranslation();
  const [params] = useSearchParams();
  const start = params.get('from');
  const from: SubAccountName = isSubAccount(start) ? start : 'currency';
  const wanted = params.get('to');
  const to: SubAccountName =
    isSubAccount(wanted) && wanted !== from ? wanted : from === 'options' ? 'currency' : 'options';

  return (
    <PageFrame
      title={t('transfer.title')}
      right={
        <NavAction
          label={t('transfer.records')}
          icon={<BillOutline />}
          to={'/pages/transfer/record'}
          testId={TID.transfer.records}
        />
      }
    >
      <TransferForm initialFrom={from} initialTo={to} />
    </PageFrame>
  );
}

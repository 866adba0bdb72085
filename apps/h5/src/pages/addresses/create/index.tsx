import { useTranslation } from 'react-i18next';
import { PageFrame } from '../../../components/PageFrame.tsx';
import { AddressForm } from '../../../features/addresses/AddressForm.tsx';
import { useGoBack } from '../../../features/navigation/useGoBack.ts';

/**
 * Save a withdraw address: coin, network, address, an optional label of the user's own, fund
 * password and a code to the user.
 */
export default function CreateAddressPage() {
  const { t } = useTranslation();
  const goBack = useGoBack();
  return (
    <PageFrame title={t('address.createTitle')}>
      <AddressForm onDone={goBack} />
    </PageFrame>
  );
}

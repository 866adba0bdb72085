import { useState } from 'react';
import { Toast } from 'antd-mobile';
import { useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { ADDRESS_LABEL_MAX, addAddressBody } from '@hx/protocol';
import { refresh } from '../../cache/refresh.ts';
import { FormActions } from '../../components/FormActions.tsx';
import { FormRow } from '../../components/FormRow.tsx';
import { TextInput } from '../../components/TextInput.tsx';
import { useFormSubmit } from '../forms/useFormSubmit.ts';
import { CoinField } from '../wallet/CoinField.tsx';
import { DestinationProof, FundPasswordFirst } from '../wallet/DestinationProof.tsx';
import { useCoinChoice } from '../wallet/useCoinChoice.ts';
import { useDestinationProof } from '../wallet/useDestinationProof.ts';
import { TID } from '../../testids.ts';
import '../wallet/styles.ts';
import { addAddress } from './queries.ts';
import { networkName } from '../wallet/networkName.ts';

/**
 * Save a withdraw address: coin, network, address, an optional label of the user's own, fund
 * password and a code to the user.
 */
export function AddressForm({ onDone }: { onDone: () => void }) {
  const { t } = useTranslation();
  const queryClient = useQueryClient();
  const { coin, coins, setCoinId } = useCoinChoice((c) => c.networks.length > 0);
  const [picked, setNetwork] = useState<string | null>(null);
  const network = coin?.networks.find((n) => n === picked) ?? coin?.networks[0] ?? '';
  const [address, setAddress] = useState('');
  const [label, setLabel] = useState('');
  const proof = useDestinationProof();
  const form = useFormSubmit();
  const { errors, busy } = form;

  const submit = async () => {
    if (!coin) return;
    const body = {
      currency_id: coin.currency_id,
      network,
      address: address.trim(),
      label: label.trim() || undefined,
      ...proof.fields,
    };
    const issue = proof.issue(addAddressBody, body);
    await form.submit(issue, async () => {
      await addAddress(body);
      Toast.show({ icon: 'success', content: t('address.saved') });
      await refresh(queryClient, 'addresses');
      onDone();
    });
  };

  return (
    <div className="hx-form">
      <FundPasswordFirst proof={proof} />
      <CoinField
        coins={coins}
        coin={coin}
        onChange={(id) => {
          setCoinId(id);
          setNetwork(null);
        }}
        testId={TID.address.create.coin}
      />
      <div className="hx-field-label">{t('deposit.network')}</div>
      <div className="hx-chips hx-chips--form">
        {coin?.networks.map((name) => (
          <button
            key={name}
            type="button"
            className={name === network ? 'hx-chip hx-chip--active' : 'hx-chip'}
            aria-pressed={name === network}
            onClick={() => setNetwork(name)}
            data-testid={TID.address.create.network(name)}
          >
            {networkName(coin?.name, name)}
          </button>
        ))}
      </div>
      <FormRow label={t('address.address')} error={errors.address}>
        <TextInput
          value={address}
          onChange={setAddress}
          placeholder={t('address.addressPlaceholder', {
            network: networkName(coin?.name, network),
          })}
          autoCapitalize="off"
          autoComplete="off"
          spellCheck={false}
          maxLength={128}
          testId={TID.address.create.address}
        />
      </FormRow>
      <FormRow label={t('address.label')} error={errors.label}>
        <TextInput
          value={label}
          onChange={setLabel}
          placeholder={t('address.labelPlaceholder')}
          autoComplete="off"
          maxLength={ADDRESS_LABEL_MAX}
          testId={TID.address.create.label}
        />
      </FormRow>
      <DestinationProof proof={proof} errors={errors} testIds={TID.address.create} />
      <FormActions
        error={errors.form}
        busy={busy}
        label={t('address.save')}
        onSubmit={submit}
        submitTestId={TID.address.create.submit}
      />
    </div>
  );
}

import { useState } from 'react';
import { Button, Popup, Toast } from 'antd-mobile';
import { useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { ADDRESS_LABEL_MAX, editAddressBody } from '@hx/protocol';
import { call } from '../../api/call.ts';
import { refresh } from '../../cache/refresh.ts';
import { TextInput } from '../../components/TextInput.tsx';
import { useLocale } from '../../i18n/index.ts';
import { TID } from '../../testids.ts';
import { firstIssue } from '../auth/validate.ts';
import type { WithdrawAddress } from './types.ts';

/**
 * Renames a saved address (`wallet/editaddress`): a bottom sheet with the label; an empty one
 * removes it. Renaming needs no fund password: the address itself does not change.
 */
export function AddressLabelSheet({
  address,
  onClose,
}: {
  /** The address being renamed; none: closed. */
  address: WithdrawAddress | null;
  onClose: () => void;
}) {
  return (
    <Popup
      visible={address !== null}
      onMaskClick={onClose}
      onClose={onClose}
      bodyClassName="hx-sheet"
      destroyOnClose
    >
      {address && <LabelForm key={address.id} address={address} onDone={onClose} />}
    </Popup>
  );
}

function LabelForm({ address, onDone }: { address: WithdrawAddress; onDone: () => void }) {
  const { t } = useTranslation();
  const locale = useLocale();
  const queryClient = useQueryClient();
  const [draft, setDraft] = useState(address.label ?? '');
  const [error, setError] = useState<string>();
  const [busy, setBusy] = useState(false);

  const save = async () => {
    const body = { id: address.id, label: draft };
    const issue = firstIssue(editAddressBody, body, locale);
    if (issue) return setError(issue.message);
    setBusy(true);
    try {
      await call.addressLabel(body);
      Toast.show({ icon: 'success', content: t('address.renamed') });
      await refresh(queryClient, 'addresses');
      onDone();
    } catch (failure) {
      if (failure instanceof Error) setError(failure.message);
    } finally {
      setBusy(false);
    }
  };

  return (
    <>
      <h2 className="hx-sheet-title">{t('address.renameTitle')}</h2>
      <p className="hx-break hx-address-text hx-rename-address">{address.address}</p>
      <TextInput
        value={draft}
        onChange={(v) => {
          setDraft(v);
          setError(undefined);
        }}
        placeholder={t('address.labelPlaceholder')}
        aria-label={t('address.label')}
        maxLength={ADDRESS_LABEL_MAX}
        autoFocus
        onEnter={() => void save()}
        testId={TID.address.renameInput}
      />
      {error && (
        <div className="hx-form-error" role="alert">
          {error}
        </div>
      )}
      <Button
        block
        color="primary"
        className="hx-sheet-action"
        loading={busy}
        onClick={() => void save()}
        data-testid={TID.address.renameSave}
      >
        {t('common.save')}
      </Button>
    </>
  );
}

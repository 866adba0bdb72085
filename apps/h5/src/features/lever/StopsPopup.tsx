import { useState } from 'react';
import { Button, Popup } from 'antd-mobile';
import { useTranslation } from 'react-i18next';
import { StopFields } from './StopFields.tsx';
import type { LeverPosition } from '@hx/contracts';
import { TID } from '../../testids.ts';

interface Props {
  position: LeverPosition | null;
  onClose: () => void;
  onSave: (stopProfit: string, stopLoss: string) => Promise<void>;
}

/** Sets both stops of a position; an empty field removes that stop. */
export function StopsPopup({ position, onClose, onSave }: Props) {
  return (
    <Popup visible={position !== null} onMaskClick={onClose} bodyClassName="hx-lever-popup">
      {position && <StopsForm key={position.id} position={position} onSave={onSave} />}
    </Popup>
  );
}

function StopsForm({ position, onSave }: { position: LeverPosition; onSave: Props['onSave'] }) {
  const { t } = useTranslation();
  const [profit, setProfit] = useState(position.stop_profit ?? '');
  const [loss, setLoss] = useState(position.stop_loss ?? '');
  const [busy, setBusy] = useState(false);
  return (
    <>
      <h3>{t('lever.setStops')}</h3>
      <p className="hx-lever-muted">
        {t(position.side === 'long' ? 'lever.stopsHintLong' : 'lever.stopsHintShort')}
      </p>
      <StopFields
        profit={profit}
        loss={loss}
        onProfit={setProfit}
        onLoss={setLoss}
        testIds={{ profit: TID.lever.stopsProfit, loss: TID.lever.stopsLoss }}
      />
      <Button
        block
        color="primary"
        loading={busy}
        data-testid={TID.lever.stopsSave}
        onClick={async () => {
          setBusy(true);
          try {
            await onSave(profit.trim(), loss.trim());
          } finally {
            setBusy(false);
          }
        }}
      >
        {t('lever.save')}
      </Button>
    </>
  );
}

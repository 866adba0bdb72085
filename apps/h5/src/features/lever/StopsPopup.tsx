import { useState } from 'react';
import { Button, Popup } from 'antd-mobile';
import { useTranslation } from 'react-i18next';
import { StopFields } from './StopFields.tsx';
import { TrailingField } from './TrailingField.tsx';
import type { LeverPosition, LeverTrailingUnit } from '@hx/protocol';
import { TID } from '../../testids.ts';

export interface Stops {
  stopProfit: string;
  stopLoss: string;
  trailingDistance: string;
  trailingUnit: LeverTrailingUnit;
}

interface Props {
  position: LeverPosition | null;
  /** The pair's price decimals. */
  precision: number;
  onClose: () => void;
  onSave: (stops: Stops) => Promise<void>;
}

/** Sets every stop of a position (profit, loss, trailing); an empty field removes that stop. */
export function StopsPopup({ position, precision, onClose, onSave }: Props) {
  return (
    <Popup visible={position !== null} onMaskClick={onClose} bodyClassName="hx-lever-popup">
      {position && (
        <StopsForm key={position.id} position={position} precision={precision} onSave={onSave} />
      )}
    </Popup>
  );
}

function StopsForm({
  position,
  precision,
  onSave,
}: Pick<Props, 'precision' | 'onSave'> & { position: LeverPosition }) {
  const { t } = useTranslation();
  const [profit, setProfit] = useState(position.stop_profit ?? '');
  const [loss, setLoss] = useState(position.stop_loss ?? '');
  const [distance, setDistance] = useState(position.trailing_distance ?? '');
  const [unit, setUnit] = useState<LeverTrailingUnit>(position.trailing_unit ?? 'price');
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
      <TrailingField
        position={position}
        precision={precision}
        distance={distance}
        unit={unit}
        onDistance={setDistance}
        onUnit={setUnit}
      />
      <Button
        block
        color="primary"
        loading={busy}
        data-testid={TID.lever.stopsSave}
        onClick={async () => {
          setBusy(true);
          try {
            await onSave({
              stopProfit: profit.trim(),
              stopLoss: loss.trim(),
              trailingDistance: distance.trim(),
              trailingUnit: unit,
            });
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

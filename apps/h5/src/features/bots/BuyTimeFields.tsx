import { useTranslation } from 'react-i18next';
import { FormRow } from '../../components/FormRow.tsx';
import { TextInput } from '../../components/TextInput.tsx';
import { TID } from '../../testids.ts';
import { SelectField } from '../wallet/SelectField.tsx';
import { timeZones, type BuyTime } from './useBuyTime.ts';

/**
 * When a recurring buy buys: a time of day (HH:MM; empty, its first buy is now) on the clock of
 * a time zone, whose calendar its days, weeks and months follow.
 */
export function BuyTimeFields({
  time,
  errors,
}: {
  time: BuyTime;
  errors: Record<string, string | undefined>;
}) {
  const { t } = useTranslation();
  return (
    <>
      <FormRow label={t('bots.form.at')} error={errors.at}>
        <TextInput
          value={time.at}
          onChange={time.setAt}
          inputMode="numeric"
          autoComplete="off"
          placeholder={t('bots.form.atHint')}
          testId={TID.bots.form.at}
        />
      </FormRow>
      <SelectField
        label={t('bots.form.timeZone')}
        value={time.timeZone}
        options={timeZones().map((zone) => ({ key: zone, label: zone, search: zone }))}
        onChange={time.setTimeZone}
        placeholder={time.timeZone}
        error={errors.time_zone}
        testId={TID.bots.form.timeZone}
        searchable
        searchPlaceholder={t('bots.form.timeZone')}
      />
    </>
  );
}

import { AccountInput } from './AccountInput.tsx';
import { AccountTabs } from './AccountTabs.tsx';
import type { useAccountForm } from './useAccountForm.ts';

interface Props {
  form: ReturnType<typeof useAccountForm>;
  errors: Record<string, string | undefined>;
  /** Switching between phone and email clears the form's messages. */
  onModeChange: () => void;
  testId: string;
}

/** The phone/email switch and the account input every login form starts with. */
export function AccountFields({ form, errors, onModeChange, testId }: Props) {
  return (
    <>
      <AccountTabs
        mode={form.mode}
        onChange={(mode) => {
          form.setMode(mode);
          onModeChange();
        }}
      />
      <AccountInput
        mode={form.mode}
        account={form.account}
        areaCode={form.areaCode}
        onAccount={form.setAccount}
        onAreaCode={form.setAreaCode}
        error={errors.account ?? errors.area_code}
        testId={testId}
      />
    </>
  );
}

import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import EyeOutline from 'antd-mobile-icons/es/EyeOutline';
import EyeInvisibleOutline from 'antd-mobile-icons/es/EyeInvisibleOutline';
import { TextInput } from './TextInput.tsx';

/** A password field with a show/hide switch. */
export function PasswordInput({
  value,
  onChange,
  placeholder,
  testId,
  toggleTestId,
  autoComplete = 'current-password',
  onEnter,
  inputMode,
  maxLength = 128,
}: {
  value: string;
  onChange: (value: string) => void;
  placeholder?: string;
  testId?: string;
  toggleTestId?: string;
  autoComplete?: 'current-password' | 'new-password';
  onEnter?: () => void;
  /** 'numeric' for the fund password's digits. */
  inputMode?: 'numeric';
  maxLength?: number;
}) {
  const { t } = useTranslation();
  const [visible, setVisible] = useState(false);
  return (
    <div className="hx-password">
      <TextInput
        type={visible ? 'text' : 'password'}
        value={value}
        onChange={onChange}
        placeholder={placeholder}
        autoComplete={autoComplete}
        autoCapitalize="off"
        spellCheck={false}
        maxLength={maxLength}
        inputMode={inputMode}
        onEnter={onEnter}
        testId={testId}
      />
      <button
        type="button"
        className="hx-icon-button"
        aria-label={visible ? t('common.hidePassword') : t('common.showPassword')}
        aria-pressed={visible}
        data-testid={toggleTestId}
        onClick={() => setVisible(!visible)}
      >
        {visible ? <EyeOutline /> : <EyeInvisibleOutline />}
      </button>
    </div>
  );
}

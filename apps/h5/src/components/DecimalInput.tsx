import { Input, type InputProps } from 'antd-mobile';
import { useLocaleDecimal } from '../lib/decimalInput.ts';

/**
 * antd-mobile's Input for a decimal in the language's separators (64273,16 in Spanish); `value`
 * and what `onChange` receives stay plain decimal strings.
 */
export function DecimalInput({
  value,
  onChange,
  ...props
}: Omit<InputProps, 'value' | 'onChange'> & {
  value: string;
  onChange: (plain: string) => void;
}) {
  const input = useLocaleDecimal(value, onChange);
  return <Input {...props} inputMode="decimal" value={input.text} onChange={input.onText} />;
}

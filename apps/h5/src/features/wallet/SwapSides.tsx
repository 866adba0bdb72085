import type { ReactNode } from 'react';
import LoopOutline from 'antd-mobile-icons/es/LoopOutline';

/** Two fields, from and to, with the button that swaps them (transfer and conversion). */
export function SwapSides({
  children,
  label,
  onSwap,
  testId,
}: {
  /** The from and to fields. */
  children: ReactNode;
  label: string;
  onSwap: () => void;
  testId: string;
}) {
  return (
    <div className="hx-transfer-accounts">
      <div className="hx-transfer-sides">{children}</div>
      <button
        type="button"
        className="hx-transfer-swap"
        aria-label={label}
        onClick={onSwap}
        data-testid={testId}
      >
        <LoopOutline />
      </button>
    </div>
  );
}

import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { copyWithToast } from './copy.ts';

export interface InfoRow {
  label: ReactNode;
  value: ReactNode;
  /** Offer a copy button for this text. */
  copy?: string;
  testId?: string;
}

/** Label / value lines: bank details, a withdrawal's details. */
export function InfoList({ rows }: { rows: readonly InfoRow[] }) {
  const { t } = useTranslation();
  return (
    <dl className="hx-info">
      {rows.map((row, index) => (
        <div className="hx-info-row" key={index}>
          <dt>{row.label}</dt>
          <dd data-testid={row.testId}>
            <span className="hx-info-value">{row.value}</span>
            {row.copy && (
              <button
                type="button"
                className="hx-link-button hx-info-copy"
                onClick={() =>
                  void copyWithToast(row.copy ?? '', t('common.copied'), t('common.copyFailed'))
                }
              >
                {t('common.copy')}
              </button>
            )}
          </dd>
        </div>
      ))}
    </dl>
  );
}

export interface QuoteRow {
  key: 'rate' | 'fee' | 'receive' | 'priceTime' | 'pay';
  label: string;
  value: string;
}

/** A quote's rows: rate, fee, what arrives, the price's time (and what is paid, to confirm). */
export function QuoteSummary({
  rows,
  testIds,
}: {
  rows: QuoteRow[];
  testIds: Record<QuoteRow['key'], string>;
}) {
  return (
    <dl className="hx-summary hx-conversion-summary">
      {rows.map((row) => (
        <div key={row.key}>
          <dt>{row.label}</dt>
          <dd data-testid={testIds[row.key]}>{row.value}</dd>
        </div>
      ))}
    </dl>
  );
}

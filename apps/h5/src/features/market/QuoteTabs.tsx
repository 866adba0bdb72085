interface Props<K extends string> {
  tabs: readonly K[];
  current: K;
  onChange: (key: K) => void;
  label: (key: K) => string;
  testId: (key: K) => string;
}

/** The row of tabs above a quote list (market sorts, forex and futures). */
export function QuoteTabs<K extends string>({ tabs, current, onChange, label, testId }: Props<K>) {
  return (
    <div className="hx-market-tabs" role="tablist">
      {tabs.map((key) => (
        <button
          key={key}
          type="button"
          role="tab"
          aria-selected={current === key}
          className={current === key ? 'hx-market-tab hx-market-tab--active' : 'hx-market-tab'}
          onClick={() => onChange(key)}
          data-testid={testId(key)}
        >
          {label(key)}
        </button>
      ))}
    </div>
  );
}

/**
 * A saved address as lists and choices show it: the user's label above (when it has one), the
 * address below in a monospace face, so the name is read first and the address checked.
 */
export function AddressName({
  address,
  testId,
}: {
  address: { address: string; label: string | null };
  /** On the label. */
  testId?: string;
}) {
  return (
    <span className="hx-address-name">
      {address.label && (
        <span className="hx-address-label" data-testid={testId}>
          {address.label}
        </span>
      )}
      <span className="hx-address-option">{address.address}</span>
    </span>
  );
}

import { Checkbox } from 'antd-mobile';
import { Trans } from 'react-i18next';

/**
 * "I have read and agree to the <doc>…</doc>": the box, and the document's name as a button
 * that opens it (opening it does not tick the box). Marked when agreeing is still missing.
 */
export function AgreeCheckbox({
  text,
  checked,
  onChange,
  missing,
  onOpen,
  testIds,
}: {
  /** The sentence, its document's name in a <doc> tag. */
  text: 'register.agree' | 'finance.agree';
  checked: boolean;
  onChange: (checked: boolean) => void;
  missing: boolean;
  onOpen: () => void;
  testIds: { box: string; link: string };
}) {
  return (
    <div className={missing ? 'hx-agree hx-agree--error' : 'hx-agree'}>
      <Checkbox checked={checked} onChange={onChange} data-testid={testIds.box}>
        <Trans
          i18nKey={text}
          components={{
            doc: (
              <button
                type="button"
                className="hx-link-button"
                onClick={(event) => {
                  event.preventDefault();
                  onOpen();
                }}
                data-testid={testIds.link}
              />
            ),
          }}
        />
      </Checkbox>
    </div>
  );
}

import type { ReactNode } from 'react';
import List from 'antd-mobile/es/components/list';
import { TID } from '../testids.ts';
import './missing.css';

/**
 * The body of a page opened without the choice it works on (a coin to deposit, a project to
 * subscribe, a market to chart): the user picks it here, knowingly, instead of a silent default.
 * `note` says why when the link named something that does not exist.
 */
export function PickerState({
  prompt,
  note,
  children,
}: {
  prompt: ReactNode;
  note?: ReactNode;
  children: ReactNode;
}) {
  return (
    <section className="hx-picker" data-testid={TID.missing.picker}>
      {note && (
        <p className="hx-picker-note" role="status" data-testid={TID.missing.note}>
          {note}
        </p>
      )}
      <h2 className="hx-picker-prompt">{prompt}</h2>
      {children}
    </section>
  );
}

export interface Choice {
  /** Unique in the list, readable: it names the choice's test id too. */
  key: string;
  label: ReactNode;
  description?: ReactNode;
  extra?: ReactNode;
}

/** A plain list of choices for a PickerState. */
export function ChoiceList({
  choices,
  onPick,
}: {
  choices: readonly Choice[];
  onPick: (key: string) => void;
}) {
  return (
    <List className="hx-picker-list">
      {choices.map((choice) => (
        <List.Item
          key={choice.key}
          description={choice.description}
          extra={choice.extra}
          onClick={() => onPick(choice.key)}
          data-testid={TID.missing.choice(choice.key)}
        >
          {choice.label}
        </List.Item>
      ))}
    </List>
  );
}

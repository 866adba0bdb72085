import type { ReactNode } from 'react';
import FileOutline from 'antd-mobile-icons/es/FileOutline';

/** A calm "nothing here" body with an optional action. */
export function EmptyState({
  text,
  icon,
  children,
}: {
  text: ReactNode;
  icon?: ReactNode;
  children?: ReactNode;
}) {
  return (
    <div className="hx-empty">
      <div className="hx-empty-icon">{icon ?? <FileOutline />}</div>
      <p className="hx-empty-text">{text}</p>
      {children}
    </div>
  );
}

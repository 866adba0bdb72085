import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import Button from 'antd-mobile/es/components/button';
import FileWrongOutline from 'antd-mobile-icons/es/FileWrongOutline';
import { TID } from '../testids.ts';
import { EmptyState } from './EmptyState.tsx';
import './missing.css';

/**
 * The body of a page whose record (`?id=`) is missing, malformed or not there: what was not
 * found, why that happens, and a way to the list the record belongs to. The page keeps its
 * navigation bar, so the back arrow still works too.
 */
export function NotFoundState({
  title,
  backTo,
  backLabel,
}: {
  title: ReactNode;
  /** The list the record belongs to; it replaces this page. */
  backTo: string;
  backLabel: ReactNode;
}) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  return (
    <div role="status" data-testid={TID.missing.notFound}>
      <EmptyState
        icon={<FileWrongOutline />}
        text={<strong className="hx-missing-title">{title}</strong>}
      >
        <p className="hx-missing-hint">{t('missing.hint')}</p>
        <Button
          color="primary"
          onClick={() => void navigate(backTo, { replace: true })}
          data-testid={TID.missing.back}
        >
          {backLabel}
        </Button>
      </EmptyState>
    </div>
  );
}

import { Button, Popup } from 'antd-mobile';
import { useTranslation } from 'react-i18next';

const PARAGRAPHS = [
  'finance.agreement.p1',
  'finance.agreement.p2',
  'finance.agreement.p3',
] as const;

/** The financial service agreement a buyer accepts. */
export function FinanceAgreement({ open, onClose }: { open: boolean; onClose: () => void }) {
  const { t } = useTranslation();
  return (
    <Popup visible={open} onMaskClick={onClose} onClose={onClose} bodyClassName="hx-sheet">
      <h2 className="hx-sheet-title">{t('finance.agreement.title')}</h2>
      <div className="hx-sheet-body">
        {PARAGRAPHS.map((key) => (
          <p key={key}>{t(key)}</p>
        ))}
      </div>
      <Button block color="primary" onClick={onClose}>
        {t('agreement.close')}
      </Button>
    </Popup>
  );
}

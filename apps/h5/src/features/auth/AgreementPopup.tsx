import { Button, Popup } from 'antd-mobile';
import { useTranslation } from 'react-i18next';

const PARAGRAPHS = [
  'agreement.p1',
  'agreement.p2',
  'agreement.p3',
  'agreement.p4',
  'agreement.p5',
] as const;

/** The short user agreement, shown from the register form. */
export function AgreementPopup({ open, onClose }: { open: boolean; onClose: () => void }) {
  const { t } = useTranslation();
  return (
    <Popup visible={open} onMaskClick={onClose} onClose={onClose} bodyClassName="hx-sheet">
      <h2 className="hx-sheet-title">{t('agreement.title')}</h2>
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

import { Button, Popup } from 'antd-mobile';
import { useTranslation } from 'react-i18next';

/** A bottom sheet of text to read (an agreement, a notice), closed by its button. */
export function TextSheet({
  open,
  onClose,
  title,
  paragraphs,
}: {
  open: boolean;
  onClose: () => void;
  title: string;
  paragraphs: string[];
}) {
  const { t } = useTranslation();
  return (
    <Popup visible={open} onMaskClick={onClose} onClose={onClose} bodyClassName="hx-sheet">
      <h2 className="hx-sheet-title">{title}</h2>
      <div className="hx-sheet-body">
        {paragraphs.map((text, i) => (
          <p key={i}>{text}</p>
        ))}
      </div>
      <Button block color="primary" onClick={onClose}>
        {t('agreement.close')}
      </Button>
    </Popup>
  );
}

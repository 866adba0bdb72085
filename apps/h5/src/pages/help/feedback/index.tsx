import { useState } from 'react';
import { Button, TextArea, Toast } from 'antd-mobile';
import { useTranslation } from 'react-i18next';
import { FEEDBACK_MAX_CHARS, FEEDBACK_MAX_IMAGES, feedbackBody } from '@hx/protocol';
import { queryKeys } from '../../../cache/queryKeys.ts';
import { PageFrame } from '../../../components/PageFrame.tsx';
import { firstIssue } from '../../../features/auth/validate.ts';
import { FeedbackCard } from '../../../features/content/FeedbackCard.tsx';
import { fetchFeedback, useSendFeedback } from '../../../features/content/queries.ts';
import { ImageField } from '../../../features/wallet/ImageField.tsx';
import { PagedList } from '../../../features/wallet/PagedList.tsx';
import { useLocale } from '../../../i18n/index.ts';
import { TID } from '../../../testids.ts';
import '../../../features/wallet/money.css';
import '../../../features/content/content.css';

/** Feedback: text and up to four images; below, what the user sent and support's replies. */
export default function FeedbackPage() {
  const { t } = useTranslation();
  const locale = useLocale();
  const send = useSendFeedback();
  const [text, setText] = useState('');
  const [images, setImages] = useState<string[]>([]);
  const [error, setError] = useState<string>();
  // One more box than images chosen, up to the limit; a new set of boxes after sending.
  const [round, setRound] = useState(0);
  const boxes = Math.min(images.length + 1, FEEDBACK_MAX_IMAGES);

  const submit = () => {
    const issue = firstIssue(feedbackBody, { body: text, images: images.join(',') }, locale);
    if (issue) return setError(issue.message);
    setError(undefined);
    send.mutate(
      { body: text.trim(), images },
      {
        onSuccess: () => {
          setText('');
          setImages([]);
          setRound((r) => r + 1);
          Toast.show({ icon: 'success', content: t('content.feedbackSent') });
        },
        onError: (e) => setError(e.message),
      },
    );
  };

  return (
    <PageFrame title={t('content.entries.feedback')}>
      <div className="hx-form hx-feedback-form">
        <p className="hx-form-hint">{t('content.feedbackHint')}</p>
        <div className={error ? 'hx-textarea hx-field--error' : 'hx-textarea'}>
          <TextArea
            value={text}
            onChange={setText}
            placeholder={t('content.feedbackPlaceholder')}
            rows={5}
            maxLength={FEEDBACK_MAX_CHARS}
            showCount
            data-testid={TID.content.feedbackText}
          />
        </div>
        <div className="hx-photos">
          {Array.from({ length: boxes }, (_, n) => (
            <ImageField
              key={`${round}-${n}`}
              label={t('content.image', { n: n + 1 })}
              value={images[n] ?? ''}
              onChange={(url) =>
                setImages((list) => {
                  const next = [...list];
                  next[n] = url;
                  return next.filter(Boolean);
                })
              }
              testId={TID.content.feedbackImage(n)}
            />
          ))}
        </div>
        {error && (
          <div className="hx-form-error" role="alert">
            {error}
          </div>
        )}
        <Button
          block
          color="primary"
          size="large"
          loading={send.isPending}
          onClick={submit}
          data-testid={TID.content.feedbackSend}
        >
          {t('content.send')}
        </Button>
      </div>
      <h2 className="hx-help-heading hx-feedback-heading">{t('content.myFeedback')}</h2>
      <PagedList
        queryKey={queryKeys.feedback}
        fetchPage={fetchFeedback}
        renderItem={(item) => <FeedbackCard item={item} />}
        empty={t('content.noFeedback')}
      />
    </PageFrame>
  );
}

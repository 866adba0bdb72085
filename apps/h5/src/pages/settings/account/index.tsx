import { useState } from 'react';
import { Button, List, Popup, Toast } from 'antd-mobile';
import { useTranslation } from 'react-i18next';
import { nicknameBody } from '@hx/protocol';
import { PageFrame } from '../../../components/PageFrame.tsx';
import { TextInput } from '../../../components/TextInput.tsx';
import { AvatarPicker } from '../../../features/content/AvatarPicker.tsx';
import { firstIssue } from '../../../features/auth/validate.ts';
import { useSetNickname, useUser } from '../../../features/session/queries.ts';
import { useLocale } from '../../../i18n/index.ts';
import { copyText } from '../../../lib/clipboard.ts';
import { formatTime } from '../../../lib/date.ts';
import { TID } from '../../../testids.ts';
import '../settings.css';

export default function AccountPage() {
  const { t } = useTranslation();
  const locale = useLocale();
  const user = useUser();
  const setNickname = useSetNickname();
  const [editing, setEditing] = useState(false);
  const [draft, setDraft] = useState('');
  const [error, setError] = useState<string>();
  if (!user) return null;

  const accountText = user.phone ? `+${user.area_code ?? ''} ${user.phone}` : user.account;

  const save = () => {
    const issue = firstIssue(nicknameBody, { nickname: draft }, locale);
    if (issue) return setError(issue.message);
    setNickname.mutate(draft.trim(), {
      onSuccess: () => {
        setEditing(false);
        Toast.show({ icon: 'success', content: t('account.nicknameSaved') });
      },
      onError: (e) => setError(e.message),
    });
  };

  const copyInvite = async () => {
    const done = await copyText(user.invite_code);
    Toast.show({ content: done ? t('common.copied') : t('common.copyFailed') });
  };

  return (
    <PageFrame title={t('account.title')}>
      <List className="hx-list">
        <List.Item extra={<AvatarPicker user={user} />}>{t('account.avatar')}</List.Item>
        <List.Item
          extra={user.nickname}
          data-testid={TID.account.nickname}
          onClick={() => {
            setDraft(user.nickname);
            setError(undefined);
            setEditing(true);
          }}
        >
          {t('account.nickname')}
        </List.Item>
        <List.Item arrowIcon={false} extra={accountText}>
          {t('account.account')}
        </List.Item>
        <List.Item
          arrowIcon={false}
          extra={
            <span className="hx-copy">
              {user.invite_code}
              <Button
                size="mini"
                color="primary"
                fill="outline"
                onClick={copyInvite}
                data-testid={TID.account.copyInvite}
              >
                {t('common.copy')}
              </Button>
            </span>
          }
        >
          {t('account.inviteCode')}
        </List.Item>
        <List.Item arrowIcon={false} extra={<span data-testid={TID.account.uid}>{user.id}</span>}>
          {t('account.uid')}
        </List.Item>
        <List.Item arrowIcon={false} extra={formatTime(user.created_at, locale, 'date')}>
          {t('account.registeredAt')}
        </List.Item>
      </List>

      <Popup
        visible={editing}
        onMaskClick={() => setEditing(false)}
        onClose={() => setEditing(false)}
        bodyClassName="hx-sheet"
      >
        <h2 className="hx-sheet-title">{t('account.editNickname')}</h2>
        <TextInput
          value={draft}
          onChange={setDraft}
          placeholder={t('account.nicknamePlaceholder')}
          maxLength={32}
          autoFocus
          onEnter={save}
          testId={TID.account.nicknameInput}
        />
        {error && (
          <div className="hx-form-error" role="alert">
            {error}
          </div>
        )}
        <Button
          block
          color="primary"
          className="hx-sheet-action"
          loading={setNickname.isPending}
          onClick={save}
          data-testid={TID.account.nicknameSave}
        >
          {t('common.save')}
        </Button>
      </Popup>
    </PageFrame>
  );
}

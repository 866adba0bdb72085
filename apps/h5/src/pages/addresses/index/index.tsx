import { List } from 'antd-mobile';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { queryKeys } from '../../../cache/queryKeys.ts';
import { errorMessage } from '../../../i18n/errors.ts';
import AddOutline from 'antd-mobile-icons/es/AddOutline';
import { NavAction } from '../../../features/wallet/NavAction.tsx';
import { PageFrame } from '../../../components/PageFrame.tsx';
import { Refreshable } from '../../../components/Refreshable.tsx';
import { PrerequisiteList } from '../../../features/wallet/PrerequisiteList.tsx';
import { PAY_PASSWORD_PATH } from '../../../features/wallet/prerequisites.ts';
import { addressesQuery, useAccountState, useCoins } from '../../../features/wallet/queries.ts';
import { useLocale } from '../../../i18n/index.ts';
import { TID } from '../../../testids.ts';
import '../../../features/wallet/styles.ts';

/**
 * Withdraw addresses by coin. Behind the security check: managing them needs a fund password,
 * so without one the page says so and leads to setting it.
 */
export default function AddressesPage() {
  const { t } = useTranslation();
  const locale = useLocale();
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const user = useAccountState();
  const coins = useCoins().filter((c) => c.networks.length > 0);
  const addresses = useQuery({ ...addressesQuery(), refetchOnMount: 'always' });
  const countOf = (id: number) =>
    addresses.data?.list.filter((a) => a.currency_id === id).length ?? 0;
  const locked = user !== undefined && !user.has_pay_password;

  return (
    <PageFrame
      title={t('address.title')}
      right={
        !locked && (
          <NavAction
            label={t('address.add')}
            icon={<AddOutline />}
            to={'/pages/user/address/create'}
            testId={TID.address.add}
          />
        )
      }
    >
      <Refreshable
        onRefresh={() =>
          queryClient.refetchQueries({ queryKey: queryKeys.addresses, type: 'active' })
        }
      >
        {locked ? (
          <div className="hx-form">
            <PrerequisiteList
              missing={[
                {
                  key: 'payPassword',
                  message: errorMessage('PAY_PASSWORD_NOT_SET', locale),
                  to: PAY_PASSWORD_PATH,
                },
              ]}
            />
            <p className="hx-form-hint">{t('address.securityHint')}</p>
          </div>
        ) : (
          <List className="hx-list">
            {coins.map((coin) => (
              <List.Item
                key={coin.currency_id}
                onClick={() =>
                  navigate(`/pages/user/address/address?currency_id=${coin.currency_id}`)
                }
                extra={
                  <span data-testid={TID.address.count(coin.name)}>
                    {t('address.count', { n: countOf(coin.currency_id) })}
                  </span>
                }
                data-testid={TID.address.coin(coin.name)}
              >
                {coin.name}
              </List.Item>
            ))}
          </List>
        )}
      </Refreshable>
    </PageFrame>
  );
}

import { Toast } from 'antd-mobile';
import { useTranslation } from 'react-i18next';
import { useLocation, useNavigate } from 'react-router';
import StarFill from 'antd-mobile-icons/es/StarFill';
import StarOutline from 'antd-mobile-icons/es/StarOutline';
import { loginPath } from '../../lib/redirect.ts';
import { TID } from '../../testids.ts';
import { useSession } from '../../api/session-store.ts';
import { useFavourites, useToggleFavourite } from './queries.ts';

/** Adds a symbol to the user's favourites or takes it out; a visitor is sent to log in. */
export function FavouriteStar({ symbol }: { symbol: string }) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const location = useLocation();
  const session = useSession();
  const { symbols } = useFavourites();
  const toggle = useToggleFavourite();
  const on = symbols.includes(symbol);

  const click = () => {
    if (!session) {
      void navigate(loginPath(location.pathname + location.search));
      return;
    }
    toggle.mutate(
      { symbol, on: !on },
      {
        onSuccess: () =>
          Toast.show({ content: on ? t('kline.favouriteRemoved') : t('kline.favouriteAdded') }),
      },
    );
  };

  return (
    <button
      type="button"
      className={on ? 'hx-icon-button hx-star hx-star--on' : 'hx-icon-button hx-star'}
      aria-label={on ? t('kline.unfavourite') : t('kline.favourite')}
      aria-pressed={on}
      onClick={click}
      data-testid={TID.kline.favourite}
    >
      {on ? <StarFill /> : <StarOutline />}
    </button>
  );
}

import { useQuery, useQueryClient } from '@tanstack/react-query';
import type { ChatEvent } from '@hx/contracts';
import { apiGet } from '../../api/http.ts';
import { useChannel } from '../../api/useChannel.ts';
import { useSession } from '../session/store.ts';

export const unreadKey = (userId: number) => ['chat', 'unread', userId] as const;

/**
 * Replies the user has not read (the side menu's badge), kept live by the `chat` channel:
 * a new reply or a read receipt refetches the count. 0 for a visitor.
 */
export function useChatUnread(): number {
  const session = useSession();
  const userId = session?.user.id ?? null;
  const queryClient = useQueryClient();
  const { data } = useQuery({
    queryKey: unreadKey(userId ?? 0),
    queryFn: () =>
      apiGet<{ count: number }>('chat/unread', undefined, { loading: false, toast: false }),
    enabled: userId !== null,
    staleTime: 30_000,
  });
  const refresh = () => {
    if (userId !== null) void queryClient.invalidateQueries({ queryKey: unreadKey(userId) });
  };
  useChannel<ChatEvent>(
    userId !== null ? 'chat' : null,
    (event) => {
      if (event.type === 'receipt' || event.message.sender === 'operator') refresh();
    },
    refresh,
  );
  return userId === null ? 0 : (data?.count ?? 0);
}
